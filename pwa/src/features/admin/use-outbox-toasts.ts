/**
 * Announces the server's answer to queued admin changes with the spec's
 * toasts: the success text once the server accepted a change, 'Error' with
 * the server's message (or the action's fallback) when it refused one. The
 * refused change stays in the outbox panel to retry or discard.
 */
import { useEffect } from "react";
import { onOutboxEvent, type OutboxEvent } from "../../data/outbox-events";
import { showAdminError, showSuccess } from "./admin-toast";
import { mutationMessages } from "./mutation-messages";

/** A raw `"<status>: <body>"` text is not for people: the fallback reads better. */
const RAW_ERROR = /^\d{3}: /;

export function toastForOutboxEvent(event: OutboxEvent): void {
  const messages = mutationMessages(event);
  if (!messages) return;
  if (event.type === "delivered") {
    if (messages.success) showSuccess(messages.success);
  } else if (event.type === "failed") {
    const serverMessage = event.error && !RAW_ERROR.test(event.error) ? event.error : null;
    showAdminError(serverMessage ?? messages.failure);
  }
}

export function useOutboxToasts(): void {
  useEffect(() => onOutboxEvent(toastForOutboxEvent), []);
}
