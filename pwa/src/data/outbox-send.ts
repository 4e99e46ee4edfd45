/**
 * Sends one outbox entry, with its id as `Idempotency-Key`, and sorts the
 * server's answer into the engine's outcomes: 2xx delivered; no answer, 5xx,
 * 408, 429 or 409 IDEMPOTENCY_IN_PROGRESS transient (try again later); 401
 * unauthorized (sign in again); any other 4xx refused. Split out of the
 * outbox engine (issue #19).
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { ApiError, describeError, type ApiClient } from "./api-client";
import type { CarRentalDb, OutboxEntry } from "./db";
import { UNKNOWN_CHANGE_MESSAGE } from "./outbox-upgrade";
import { requestOf } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";

export type Outcome =
  | { kind: "delivered"; answer: unknown }
  | { kind: "transient"; status: number | null; message: string }
  | { kind: "unauthorized" }
  | { kind: "refused"; status: number; message: string };

export function classify(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: "unauthorized" };
    const busy = error.status === 409 && error.code === "IDEMPOTENCY_IN_PROGRESS";
    if (busy || error.status === 408 || error.status === 429 || error.status >= 500) {
      return { kind: "transient", status: error.status, message: describeError(error, error.message) };
    }
    return { kind: "refused", status: error.status, message: describeError(error, error.message) };
  }
  // No answer at all (offline, reset, timeout), or the answer was lost while read.
  return { kind: "transient", status: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Sends the entry's request once, after its mutation's `prepare` step (e.g.
 * the uploads a handover names); never throws (a failure is an outcome).
 */
export async function sendEntry(api: ApiClient, entry: OutboxEntry, db: CarRentalDb): Promise<Outcome> {
  const mutation = mutationNamed(entry.mutation);
  if (!mutation) return { kind: "refused", status: 0, message: UNKNOWN_CHANGE_MESSAGE };
  try {
    const args = mutation.prepare ? await mutation.prepare(db, api, entry.args) : entry.args;
    const { path, body } = requestOf(mutation, args);
    const answer = await api.raw(mutation.route.method, path, {
      ...(body === undefined ? {} : { body }),
      idempotencyKey: entry.id,
      signal: AbortSignal.timeout(60_000),
    });
    return { kind: "delivered", answer: answer.json };
  } catch (error) {
    return classify(error);
  }
}
