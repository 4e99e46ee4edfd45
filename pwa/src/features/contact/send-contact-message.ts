/**
 * Sends a contact message (spec §7 `POST /api/contact`). Online it goes at
 * once; when the browser is offline, or the request gets no answer, it goes
 * into the outbox with the same Idempotency-Key, so the server stores it
 * exactly once even if the first attempt did reach it.
 */
import type { ContactMessage } from "@car-rental/shared/schemas/contact";
import { api as appApi, ApiError, type ApiClient } from "../../data/api-client";
import type { OutboxEntry } from "../../data/db";
import { sendContactMessage as sendContactMessageLater } from "../../data/mutations/contact/send-contact-message";
import type { MutationArgs } from "../../data/mutations/mutation";
import { newId } from "../../data/new-id";
import type { EnqueueInput } from "../../data/outbox";

export type ContactOutcome =
  { kind: "sent" } | { kind: "queued"; entry: OutboxEntry } | { kind: "failed"; error: ApiError };

export type ContactSendDeps = {
  api?: ApiClient;
  enqueue: <Args extends MutationArgs>(input: EnqueueInput<Args>) => Promise<OutboxEntry>;
  /** Whether the browser believes it is online (navigator.onLine). */
  isOnline?: () => boolean;
};

export async function sendContactMessage(
  message: ContactMessage,
  deps: ContactSendDeps,
): Promise<ContactOutcome> {
  const key = newId();
  const queue = async (): Promise<ContactOutcome> => {
    const entry = await deps.enqueue({ id: key, mutation: sendContactMessageLater, args: message });
    return { kind: "queued", entry };
  };
  const online = deps.isOnline ? deps.isOnline() : true;
  if (!online) return queue();
  try {
    await (deps.api ?? appApi).call("sendContactMessage", { body: message, idempotencyKey: key });
    return { kind: "sent" };
  } catch (error) {
    // An answer from the server, even a 5xx, is shown as the spec's failure;
    // no answer at all means the message may still be delivered: queue it.
    if (error instanceof ApiError) return { kind: "failed", error };
    return queue();
  }
}
