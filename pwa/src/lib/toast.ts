/**
 * The app's one toast helper (public pages and admin area alike). Spec §7:
 * only one toast at a time; the newest replaces the one on screen (rather
 * than waiting behind it in a queue), so the answer to the last action is
 * what the visitor sees.
 */
import { notifications } from "@mantine/notifications";
import { ADMIN_ERROR_TITLE, type Toast } from "@car-rental/shared/messages";
import { requestToastViewport } from "./toast-viewport";

export type ToastTone = "success" | "error" | "info";

const COLORS: Record<ToastTone, string> = { success: "teal", error: "red", info: "brand" };

/** Shows `toast`; `message`, when given, replaces its description (e.g. the server's own words). */
export function showToast(toast: Toast, tone: ToastTone = "info", message?: string): void {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: message ?? toast.description ?? "",
    color: COLORS[tone],
    withBorder: true,
  });
  requestToastViewport();
}

/** A success toast whose text is the title (the spec's 'Car added successfully!' and the like). */
export function showSuccess(title: string): void {
  showToast({ title }, "success");
}

/** Spec §8: the toast 'Error' with the server's message or the action's fallback. */
export function showAdminError(message: string): void {
  showToast({ title: ADMIN_ERROR_TITLE, description: message }, "error");
}
