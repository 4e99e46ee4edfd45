import { contactToasts } from "@car-rental/shared/messages";
import { onOutboxEvent } from "../../data/outbox-events";
import { showToast } from "../../lib/toast";

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
    if (event.type === "delivered") showToast(contactToasts.sent, "success");
    else if (event.type === "failed") showToast(contactToasts.failed, "error");
  });
}
