/**
 * The admin area's toasts. Spec §7: only one toast at a time; the newest
 * replaces the one on screen (rather than waiting behind it in a queue), so
 * the answer to the admin's last action is what they see.
 */
import { notifications } from "@mantine/notifications";
import { ADMIN_ERROR_TITLE, type Toast } from "@car-rental/shared/messages";

type ToastKind = "success" | "error" | "info";

const COLORS: Record<ToastKind, string> = { success: "green", error: "red", info: "brand" };

export function showToast(toast: Toast, kind: ToastKind = "info"): void {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: toast.description ?? "",
    color: COLORS[kind],
    withBorder: true,
  });
}

/** A success toast whose text is the title (the spec's 'Car added successfully!' and the like). */
export function showSuccess(title: string): void {
  showToast({ title }, "success");
}

/** Spec §8: the toast 'Error' with the server's message or the action's fallback. */
export function showAdminError(message: string): void {
  showToast({ title: ADMIN_ERROR_TITLE, description: message }, "error");
}
