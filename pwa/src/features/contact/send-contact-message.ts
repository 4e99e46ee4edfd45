/**
 * Sends a contact message (spec §7 `POST /api/contact`). Online it goes at
 * once; when the browser is offline, the request gets no answer (within
 * CONTACT_SEND_TIMEOUT_MS: a connection that hangs is no answer), or the shop's
 * server is unreachable behind its proxy (502, 503, 504), it goes into the
 * outbox with the same Idempotency-Key, so the server stores it exactly once
 * even if the first attempt did reach it.
 */
import type { ContactMessage } from "@car-rental/shared/schemas/contact";
import { api as appApi, ApiError, isServerUnreachable, type ApiClient } from "../../data/api-client";
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
  /** How long the direct send may take before the message waits in the outbox instead. */
  timeoutMs?: number;
};

/** A spotty connection gets this long for the direct send; then the outbox takes over. */
export const CONTACT_SEND_TIMEOUT_MS = 15_000;

/**
 * @param key the request's Idempotency-Key: the same message sent again after
 * an attempt whose outcome is unknown goes under the key of that attempt, so
 * the server stores it once.
 */
export async function sendContactMessage(
  message: ContactMessage,
  deps: ContactSendDeps,
  key: string = newId(),
): Promise<ContactOutcome> {
  const queue = async (): Promise<ContactOutcome> => {
    const entry = await deps.enqueue({ id: key, mutation: sendContactMessageLater, args: message });
    return { kind: "queued", entry };
  };
  const online = deps.isOnline ? deps.isOnline() : true;
  if (!online) return queue();
  try {
    await (deps.api ?? appApi).call("sendContactMessage", {
      body: message,
      idempotencyKey: key,
      signal: AbortSignal.timeout(deps.timeoutMs ?? CONTACT_SEND_TIMEOUT_MS),
    });
    return { kind: "sent" };
  } catch (error) {
    // The server's own refusal is shown as the spec's failure; no answer at
    // all (or none from the server itself) means the message may still be
    // delivered: queue it under the same key.
    // A message sent again under its first attempt's key: still being stored (that attempt is under
    // way), it waits in the outbox under the key; stored already from another address (the phone
    // changed networks), the server has it.
    if (error instanceof ApiError && error.code === "IDEMPOTENCY_IN_PROGRESS") return queue();
    if (error instanceof ApiError && error.code === "IDEMPOTENCY_KEY_REUSED") return { kind: "sent" };
    if (error instanceof ApiError && !isServerUnreachable(error)) return { kind: "failed", error };
    return queue();
  }
}
