/** Blocked names: the blocklist the booking form and the server check. */
import * as z from "zod";
import { BLOCKED_NAME_CHECK_AFTER_CHARS } from "../constants";
import { validationMessages } from "../messages";
import {
  clientIdShape,
  idSchema,
  optionalText,
  recordMetaShape,
  requiredText,
  textLimits,
  timestampSchema,
} from "./common";

export const blockedNameSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  reason: z.string().nullable(),
  blockedBy: z.string(),
  createdAt: timestampSchema,
  ...recordMetaShape,
});
export type BlockedName = z.infer<typeof blockedNameSchema>;

/** Body of `POST /api/admin/blocked-names`: name trimmed, blank reason sent as null. */
export const blockedNameInputSchema = z.object({
  fullName: requiredText(textLimits.name, validationMessages.fullNameRequired),
  reason: optionalText(textLimits.note),
  blockedBy: z.string().trim().min(1).max(textLimits.short).default("admin"),
  /** The id the browser chose for the entry. */
  ...clientIdShape,
});
export type BlockedNameInput = z.infer<typeof blockedNameInputSchema>;
export type BlockedNameInputBody = z.input<typeof blockedNameInputSchema>;

/** Query of `GET /api/blocked-names/check?name=…`. */
export const blockedNameCheckQuerySchema = z.object({
  name: z.string().max(textLimits.name, { error: validationMessages.tooLong }),
});

/** Answer of the check: only whether the name is blocked, never why or by whom. */
export const blockedNameCheckSchema = z.object({ isBlocked: z.boolean() });
export type BlockedNameCheck = z.infer<typeof blockedNameCheckSchema>;

/**
 * The comparison key of a name: trimmed, lower-cased, inner whitespace
 * collapsed, so ' Juan  DELA Cruz ' matches 'juan dela cruz'.
 */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Spec §5: the check runs once the trimmed name is longer than 2 characters. */
export function shouldCheckBlockedName(name: string): boolean {
  return name.trim().length > BLOCKED_NAME_CHECK_AFTER_CHARS;
}
