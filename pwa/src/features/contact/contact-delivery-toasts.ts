import { notifications } from "@mantine/notifications";
import { contactToasts, type Toast } from "@car-rental/shared/messages";
import { onOutboxEvent } from "../../data/outbox-events";

/** Shows one toast; the newest replaces any on screen (spec §7: one at a time). */
export function showContactToast(toast: Toast, tone: "success" | "error" | "info"): void {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: toast.description ?? "",
    color: tone === "success" ? "teal" : tone === "error" ? "red" : "brand",
  });
}

let listening = false;

/**
 * Announces a contact message that waited in the outbox once the server
 * accepted ('Message Sent!') or refused it, whichever page or worker sent
 * it. Started with the outbox engine, so the toast does not depend on the
 * contact form being on screen; calling it again does nothing.
 */
export function announceContactDeliveries(): void {
  if (listening) return;
  listening = true;
  onOutboxEvent((event) => {
    if (event.entity !== "contact") return;
    if (event.type === "delivered") showContactToast(contactToasts.sent, "success");
    else if (event.type === "failed") showContactToast(contactToasts.failed, "error");
  });
}
