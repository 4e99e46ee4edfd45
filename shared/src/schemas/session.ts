/** The admin session (decisions.md: the server checks the password and sets an HttpOnly cookie). */
import * as z from "zod";
import { validationMessages } from "../messages";
import { timestampSchema } from "./common";

/** Body of `POST /api/admin/session`. Not trimmed: spaces may be part of a password. */
export const adminLoginSchema = z.object({
  password: z
    .string({ error: validationMessages.required })
    .min(1, { error: validationMessages.required })
    .max(200, { error: validationMessages.tooLong }),
});
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** Answer of the session calls: whether the cookie is valid, and until when. */
export const adminSessionSchema = z.object({
  authenticated: z.boolean(),
  expiresAt: timestampSchema.nullish(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/**
 * Body of `PUT /api/admin/password`. Not trimmed (spaces may be part of a
 * password). Strength (12 characters, not a common password) is the server's
 * check: it answers 422 `PASSWORD_TOO_WEAK`.
 */
export const adminPasswordChangeSchema = z.object({
  currentPassword: z
    .string({ error: validationMessages.required })
    .min(1, { error: validationMessages.required })
    .max(200, { error: validationMessages.tooLong }),
  newPassword: z
    .string({ error: validationMessages.required })
    .min(1, { error: validationMessages.required })
    .max(200, { error: validationMessages.tooLong }),
});
export type AdminPasswordChange = z.infer<typeof adminPasswordChangeSchema>;

/** The answer of a call that answers `204 No Content` (the API client reads an empty body as null). */
export const noContentSchema = z.null();
