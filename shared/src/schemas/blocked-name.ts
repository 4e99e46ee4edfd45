/** Blocked names: the blocklist the booking form and the server check. */
import * as z from "zod";
import { BLOCK_KINDS, blockKey, nameKey, type BlockKind } from "../blocklist-keys";
import { validationMessages } from "../messages";
import {
  clientIdShape,
  idSchema,
  optionalText,
  recordMetaShape,
  textLimits,
  timestampSchema,
} from "./common";

export { nameKey };

export const blockKindSchema = z.enum(BLOCK_KINDS);

export const blockedNameSchema = z.object({
  id: idSchema,
  /**
   * Release-2 §E3: what the entry compares, and what the admin typed. The
   * server always sends both; optional because an admin mirror row stored by
   * release 1 has neither until the next pull (read them as `name` and
   * `fullName`: see `blockedKind`, `blockedValue`).
   */
  kind: blockKindSchema.optional(),
  value: z.string().optional(),
  /** Release 1's field, kept for its clients: the value. */
  fullName: z.string(),
  reason: z.string().nullable(),
  blockedBy: z.string(),
  createdAt: timestampSchema,
  ...recordMetaShape,
});
export type BlockedName = z.infer<typeof blockedNameSchema>;

/** The kind of an entry; a row of release 1 is a name. */
export function blockedKind(entry: Pick<BlockedName, "kind">): BlockKind {
  return entry.kind ?? "name";
}

/** What the admin typed; a row of release 1 has only its full name. */
export function blockedValue(entry: Pick<BlockedName, "value" | "fullName">): string {
  return entry.value ?? entry.fullName;
}

/** The field message of a value of `kind` that is missing or unusable. */
export const blockValueMessages: Record<BlockKind, string> = {
  name: validationMessages.fullNameRequired,
  email: validationMessages.validEmailRequired,
  phone: validationMessages.validPhoneRequired,
  license: validationMessages.licenseRequired,
};

/**
 * Release-2 §E3: an entry's value as stored and shown, normalised: an e-mail
 * lower-cased, a phone as `+63…`, a licence number upper-case without spaces
 * or dashes (its comparison key, `blockKey`); a name as typed (trimmed), as in
 * release 1, which compares it normalised but shows it as the admin wrote it.
 */
export function storedBlockValue(kind: BlockKind, value: string): string {
  return kind === "name" ? value : (blockKey(kind, value) ?? value);
}

/** Whether `value` is usable as an entry of `kind` (an e-mail must look like one). */
export function blockValueUsable(kind: BlockKind, value: string): boolean {
  if (blockKey(kind, value) === null) return false;
  return kind !== "email" || z.email().safeParse(value).success;
}

/**
 * Body of `POST /api/admin/blocked-names`: `{kind, value}` (release 2) or
 * `{fullName}` alone (release 1 clients and queued outbox entries: a name).
 * The value trimmed, then normalised unless it is a name (storedBlockValue);
 * one that gives no comparison key (e.g. not a phone number) is refused with
 * a field message. Blank reason sent as null.
 */
export const blockedNameInputSchema = z
  .object({
    kind: blockKindSchema.optional(),
    value: z.string().trim().max(textLimits.name, { error: validationMessages.tooLong }).optional(),
    fullName: z.string().trim().max(textLimits.name, { error: validationMessages.tooLong }).optional(),
    reason: optionalText(textLimits.note),
    blockedBy: z.string().trim().min(1).max(textLimits.short).default("admin"),
    /** The id the browser chose for the entry. */
    ...clientIdShape,
  })
  .superRefine((body, ctx) => {
    const kind = body.kind ?? "name";
    const value = body.value ?? body.fullName ?? "";
    if (!blockValueUsable(kind, value)) {
      const path = body.value === undefined && body.fullName !== undefined ? "fullName" : "value";
      ctx.addIssue({ code: "custom", path: [path], message: blockValueMessages[kind] });
    }
  })
  .transform(({ kind = "name", value, fullName, reason, blockedBy, id }) => ({
    kind,
    value: storedBlockValue(kind, value ?? fullName ?? ""),
    reason,
    blockedBy,
    ...(id === undefined ? {} : { id }),
  }));
export type BlockedNameInput = z.infer<typeof blockedNameInputSchema>;
export type BlockedNameInputBody = z.input<typeof blockedNameInputSchema>;

export {
  blockedNameCheckQuerySchema,
  blockedNameCheckSchema,
  shouldCheckBlockedName,
  type BlockedNameCheck,
} from "./blocked-name-check";
