/**
 * Announces the server's answer to queued admin changes with the spec's
 * toasts: the success text once the server accepted a change, 'Error' with
 * the server's message (or the action's fallback) when it refused one. The
 * refused change stays in the outbox panel to retry or discard.
 */
import { useEffect } from "react";
import type { MutationMessages } from "../../../data/mutations/mutation";
import { mutationNamed } from "../../../data/mutations/registry";
import { onOutboxEvent, type OutboxEvent } from "../../../data/outbox-events";
import { showAdminError, showSuccess } from "../../../lib/toast";

/** The spec's success and failure texts of the change an event is about (none for contact messages). */
function messagesOf(event: OutboxEvent): MutationMessages | null {
  return mutationNamed(event.mutation)?.messages ?? null;
}

/** A raw `"<status>: <body>"` text is not for people: the fallback reads better. */
const RAW_ERROR = /^\d{3}: /;

export function toastForOutboxEvent(event: OutboxEvent): void {
  const messages = messagesOf(event);
  if (!messages) return;
  if (event.type === "delivered") {
    if (messages.success) showSuccess(messages.success);
  } else if (event.type === "failed") {
    const serverMessage = event.error && !RAW_ERROR.test(event.error) ? event.error : null;
    showAdminError(serverMessage ?? messages.failure);
  }
}

/** The least time between two outbox toasts; a drain delivers many changes a second. */
const TOAST_INTERVAL_MS = 250;

/**
 * Shows the toasts of outbox events, at most one per interval: only the
 * newest toast is on screen anyway (lib/toast.ts), so of a burst of
 * answers (a drain after reconnecting) the last one is shown, not each,
 * unless one of them was a refusal.
 */
export function useOutboxToasts(): void {
  useEffect(() => {
    let latest: OutboxEvent | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastShown = Number.NEGATIVE_INFINITY;
    const show = () => {
      timer = null;
      if (!latest) return;
      const event = latest;
      latest = null;
      lastShown = Date.now();
      toastForOutboxEvent(event);
    };
    const stopListening = onOutboxEvent((event) => {
      if (!messagesOf(event)) return;
      // A refusal in the burst is what the admin must see, rather than a later success.
      if (latest?.type === "failed" && event.type === "delivered") return;
      latest = event;
      if (timer) return;
      const wait = lastShown + TOAST_INTERVAL_MS - Date.now();
      if (wait <= 0) show();
      else timer = setTimeout(show, wait);
    });
    return () => {
      stopListening();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
