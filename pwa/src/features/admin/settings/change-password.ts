import { adminApi as api } from "../../../data/admin-api";
import { markAdminNeedsAuth } from "../../../data/admin-sync";
import { ApiError, NetworkError } from "../../../data/api-client";

/** The outcome of a password change, in the words the form shows. */
export type ChangePasswordResult =
  { ok: true } | { ok: false; field: "currentPassword" | "newPassword" | null; message: string };

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const CHANGE_FAILED = "The password could not be changed. Please try again.";
/** The request went and no answer came: the server may have changed it. */
export const CHANGE_UNKNOWN =
  "No answer from the server: the password may have been changed. If trying again says the current password is incorrect, the new password is already in use.";
/** A 401 that is not a wrong password: this device's session ended (another device changed the password). */
export const CHANGE_SIGNED_OUT = "Your session has ended. Please sign in again to change the password.";

/**
 * `PUT /api/admin/password` (release-2 §A2). Sent at once, never through the
 * outbox: a password must not be stored on the device.
 */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  try {
    await api.call("changeAdminPassword", { body: { currentPassword, newPassword } });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.code === "INVALID_PASSWORD") {
      return { ok: false, field: "currentPassword", message: WRONG_CURRENT_PASSWORD };
    }
    if (error instanceof ApiError && error.status === 401) {
      // Not the password typed: the session is gone. The admin area shows the sign-in.
      await markAdminNeedsAuth().catch(() => undefined);
      return { ok: false, field: null, message: CHANGE_SIGNED_OUT };
    }
    if (error instanceof NetworkError) return { ok: false, field: null, message: CHANGE_UNKNOWN };
    if (error instanceof ApiError && error.status === 422 && error.code === "PASSWORD_TOO_WEAK") {
      return { ok: false, field: "newPassword", message: error.serverMessage ?? CHANGE_FAILED };
    }
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : CHANGE_FAILED;
    return { ok: false, field: null, message };
  }
}
