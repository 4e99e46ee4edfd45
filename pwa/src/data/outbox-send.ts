/**
 * Sends one outbox entry, with its id as `Idempotency-Key` (or several admin
 * entries in one `POST /api/admin/batch`, each under its own key), and sorts the
 * server's answer into the engine's outcomes: 2xx delivered; no answer, 5xx,
 * 408, 429 or 409 IDEMPOTENCY_IN_PROGRESS transient (try again later); 401
 * unauthorized (sign in again); any other 4xx refused. Split out of the
 * outbox engine (issue #19).
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { routes } from "@car-rental/shared/api";
import {
  BATCH_MAX_CHANGES,
  batchResponseSchema,
  type BatchChange,
  type BatchResult,
} from "@car-rental/shared/schemas/batch";
import { ApiError, NetworkError, describeError, type ApiClient } from "./api-client";
import type { CarRentalDb, OutboxEntry } from "./db";
import { outboxRowKeys } from "./outbox-row-keys";
import { UNKNOWN_CHANGE_MESSAGE } from "./outbox-upgrade";
import { requestOf } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";

/** What an entry's last try says when no answer came. */
export const NO_ANSWER = "No answer from the server (no connection, or the answer was lost).";

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
  // No answer at all (offline, reset, timeout), or the answer was lost while read: said in words
  // the owner reads on the entry ('Last try: …'), not the browser's ('Failed to fetch').
  if (error instanceof NetworkError) return { kind: "transient", status: null, message: NO_ANSWER };
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

/**
 * The most a batch's changes may weigh, serialised: the server takes JSON
 * bodies up to 100 kB, and text outside ASCII takes more than a byte a letter.
 */
const BATCH_MAX_CHARACTERS = 45_000;

/**
 * The change an entry is in a batch, or null when it cannot go in one (a
 * public call, an unknown change, one that prepares its request first).
 */
export function batchChangeOf(entry: OutboxEntry): BatchChange | null {
  const mutation = mutationNamed(entry.mutation);
  // A change with a `prepare` step (uploads first, e.g. a handover's photos) goes alone, after it.
  if (!mutation || mutation.route.auth !== "admin") return null;
  if (mutation.prepare && (mutation.prepares?.(entry.args) ?? true)) return null;
  const { path, body } = requestOf(mutation, entry.args);
  return {
    key: entry.id,
    method: mutation.route.method as BatchChange["method"],
    path,
    ...(body === undefined ? {} : { body }),
    rows: outboxRowKeys(entry),
  };
}

/**
 * Whether `next` may join a batch that holds `changes`: at most `maxChanges`
 * (never above the server's BATCH_MAX_CHANGES), within the weight limit.
 */
export function fitsInBatch(
  changes: readonly BatchChange[],
  next: BatchChange,
  maxChanges: number = BATCH_MAX_CHANGES,
): boolean {
  if (changes.length >= Math.min(maxChanges, BATCH_MAX_CHANGES)) return false;
  const weight = [...changes, next].reduce((sum, change) => sum + JSON.stringify(change).length, 0);
  return weight <= BATCH_MAX_CHARACTERS;
}

/** Answers to a batch that concern the connection or the session, not its changes. */
const BATCH_RETRY_LATER: ReadonlySet<number> = new Set([401, 408, 429]);

/** A batched change sent as the lone request it stands for. */
async function sendAlone(api: ApiClient, change: BatchChange): Promise<Outcome> {
  try {
    const answer = await api.raw(change.method, change.path, {
      ...(change.body === undefined ? {} : { body: change.body }),
      idempotencyKey: change.key,
      signal: AbortSignal.timeout(60_000),
    });
    return { kind: "delivered", answer: answer.json };
  } catch (error) {
    return classify(error);
  }
}

/** One change's answer in a batch, as the outcome its lone request would have had; null when held back. */
function outcomeOf(result: BatchResult): Outcome | null {
  if (result.status === null) return null;
  if (result.status >= 200 && result.status < 300) return { kind: "delivered", answer: result.body };
  const bodyText = result.body === null ? "" : JSON.stringify(result.body);
  return classify(new ApiError(result.status, "", bodyText));
}

/**
 * Sends `changes` (of admin entries, from `batchChangeOf`) in one request;
 * never throws. Outcomes come in the changes' order: one per change the
 * server answered, null for a change it held back (an earlier change about its
 * rows was refused); the list ends early where the server stopped (the rest
 * were not applied). When the request itself fails, the first change gets that
 * outcome and the others none, as if it had gone alone.
 */
export async function sendBatch(
  api: ApiClient,
  changes: readonly BatchChange[],
): Promise<(Outcome | null)[]> {
  const first = changes[0];
  if (!first) return [];
  try {
    const answer = await api.raw(routes.adminBatch.method, routes.adminBatch.path, {
      body: { changes },
      signal: AbortSignal.timeout(120_000),
    });
    const parsed = batchResponseSchema.safeParse(answer.json);
    if (!parsed.success)
      return [{ kind: "transient", status: null, message: "The batch answer was not understood." }];
    const { results } = parsed.data;
    const outcomes: (Outcome | null)[] = [];
    for (const [index, result] of results.slice(0, changes.length).entries()) {
      // An answer that does not match its change is no answer: it and the rest go again.
      if (result.key !== changes[index]?.key) break;
      outcomes.push(outcomeOf(result));
    }
    if (outcomes.length === 0)
      return [{ kind: "transient", status: null, message: "The batch answer was empty." }];
    return outcomes;
  } catch (error) {
    // The batch itself refused (a server without batches, a body too large): the first change goes
    // alone, and its own answer decides.
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      !BATCH_RETRY_LATER.has(error.status)
    ) {
      return [await sendAlone(api, first)];
    }
    return [classify(error)];
  }
}
