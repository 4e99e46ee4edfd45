/**
 * Every admin change goes through the outbox (decisions.md "Offline-first"):
 * `queueChange(mutation, args)` applies it at once to the local copy (marked
 * `_pending`) and queues it with an Idempotency-Key; the sync engine sends it
 * now or when the connection returns. A creation sends the id its optimistic
 * row got here (issue #24: one id per record). The spec's success and
 * failure toasts follow the server's answer (see use-outbox-toasts.ts);
 * offline, 'Saved Offline' says the change is kept.
 */
import { offlineToasts } from "@car-rental/shared/messages";
import type { Mutation, MutationArgs } from "../../../data/mutations/mutation";
import { enqueue } from "../../../data/sync-engine";
import { showAdminError, showToast } from "../../../lib/toast";

export { newId } from "../../../data/outbox";

/** Queues one change; false when it was not even stored (its failure toast is shown). */
export async function queueChange<Args extends MutationArgs>(
  mutation: Mutation<Args>,
  args: Args,
  options: { label?: string } = {},
): Promise<boolean> {
  try {
    await enqueue({ mutation, args, ...options });
  } catch (error) {
    console.error(`Queueing ${mutation.name} failed`, error);
    showAdminError(mutation.messages?.failure ?? "The change could not be saved.");
    return false;
  }
  if (typeof navigator !== "undefined" && !navigator.onLine) showToast(offlineToasts.savedOffline, "info");
  return true;
}
