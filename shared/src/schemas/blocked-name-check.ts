/**
 * The public blocklist check of the booking form (spec §5): its query and
 * answer. Apart from `blocked-name.ts`, whose admin schemas normalise phone
 * numbers with libphonenumber's metadata, which the public pages do not need.
 */
import * as z from "zod";
import { BLOCKED_NAME_CHECK_AFTER_CHARS } from "../constants";
import { validationMessages } from "../messages";
import { textLimits } from "./common";

/** Query of `GET /api/blocked-names/check?name=…`. */
export const blockedNameCheckQuerySchema = z.object({
  name: z.string().max(textLimits.name, { error: validationMessages.tooLong }),
});

/** Answer of the check: only whether the name is blocked, never why or by whom. */
export const blockedNameCheckSchema = z.object({ isBlocked: z.boolean() });
export type BlockedNameCheck = z.infer<typeof blockedNameCheckSchema>;

/** Spec §5: the check runs once the trimmed name is longer than 2 characters. */
export function shouldCheckBlockedName(name: string): boolean {
  return name.trim().length > BLOCKED_NAME_CHECK_AFTER_CHARS;
}
