import { notifications } from "@mantine/notifications";
import type { Toast } from "@car-rental/shared/messages";

/**
 * Shows one toast, replacing any on screen or waiting: spec §7 shows only one
 * at a time, and the newest is the one that matters.
 */
export function showToast(toast: Toast, tone: "success" | "error" | "info" = "info", message?: string): void {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: message ?? toast.description ?? "",
    color: tone === "success" ? "teal" : tone === "error" ? "red" : "brand",
  });
}
