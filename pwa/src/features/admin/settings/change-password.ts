import { adminApi as api } from "../../../data/admin-api";
import { ApiError } from "../../../data/api-client";

/** The outcome of a password change, in the words the form shows. */
export type ChangePasswordResult =
  { ok: true } | { ok: false; field: "currentPassword" | "newPassword" | null; message: string };

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect.";
export const CHANGE_FAILED = "The password could not be changed. Please try again.";

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
    if (error instanceof ApiError && error.status === 401) {
      return { ok: false, field: "currentPassword", message: WRONG_CURRENT_PASSWORD };
    }
    if (error instanceof ApiError && error.status === 422 && error.code === "PASSWORD_TOO_WEAK") {
      return { ok: false, field: "newPassword", message: error.serverMessage ?? CHANGE_FAILED };
    }
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : CHANGE_FAILED;
    return { ok: false, field: null, message };
  }
}
