/**
 * The outbox: changes made in the browser that wait for the server, kept in
 * IndexedDB with the optimistic change they made, and the rules that decide
 * which entry goes next.
 *
 * Order rule: entries go strictly in `seq` order. An entry waiting after a
 * network error (backoff) holds back every entry behind it. An entry the
 * server refused ('failed') holds back only the later entries about the same
 * record (same entity and id, or one of its related rows): an edit of a car
 * whose creation was refused waits for the admin to retry, edit or discard
 * it, while unrelated changes go on. A 401 pauses the admin entries
 * ('needs_auth') until the admin signs in again; public entries (contact
 * messages) need no session and go on.
 *
 * No DOM or React imports: the service worker drains the same outbox.
 */
import type { CarRentalDb, OutboxEntry, StoredOutboxEntry } from "./db";
import { needsSessionFor, type Mutation, type MutationArgs } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";
import { newId } from "./new-id";
import { outboxRowKeys } from "./outbox-row-keys";

export type { OutboxEntry, OutboxEntity, OutboxState } from "./db";

/** A change to queue: a named mutation (`mutations/`) and its arguments. */
export type EnqueueInput<Args extends MutationArgs = MutationArgs> = {
  mutation: Mutation<Args>;
  args: Args;
  /** Reuse an Idempotency-Key already sent once (a direct call whose answer was lost). */
  id?: string;
  /** A more telling label than the mutation's own (e.g. 'Mark Vios Rented' for a car edit). */
  label?: string;
};

/** Arguments the mutation's input schema refuses: nothing was written. */
export class MutationInputError extends Error {
  constructor(
    readonly mutation: string,
    readonly issues: unknown,
  ) {
    super(`Invalid arguments for ${mutation}`);
    this.name = "MutationInputError";
  }
}

/** How long a claim ('sending') of a runner without Web Locks is honoured. */
export const CLAIM_LEASE_MS = 2 * 60_000;

export { newId };

/** Whether an entry needs the admin session (a 401 pauses only these); an unknown kind counts as admin. */
export function needsSession(entry: Pick<OutboxEntry, "mutation">): boolean {
  const mutation = mutationNamed(entry.mutation);
  return mutation ? needsSessionFor(mutation) : true;
}

// Kept apart so the database module (its upgrade needs it) and this one do not import each other.
export { outboxRowKeys } from "./outbox-row-keys";

/**
 * Appends an entry and applies its optimistic change in one transaction.
 * An admin entry made while the outbox waits for a sign-in waits too.
 */
export async function addToOutbox<Args extends MutationArgs>(
  db: CarRentalDb,
  input: EnqueueInput<Args>,
  now: Date = new Date(),
): Promise<OutboxEntry> {
  const { mutation, args } = input;
  const checked = mutation.input.safeParse(args);
  if (!checked.success) throw new MutationInputError(mutation.name, checked.error.issues);
  const id = input.id ?? newId();
  const { entityId, related = [] } = mutation.rows(args, id);
  return db.transaction("rw", db.tables, async () => {
    const label = input.label ?? (await mutation.label(db, args));
    if (mutation.apply) await mutation.apply(db, args);
    return appendEntry(
      db,
      { id, mutation: mutation.name, args, entity: mutation.entity, entityId, related, label },
      now,
    );
  });
}

/** What a new entry is: the change and the rows it is about. */
export type EntryDraft = Pick<
  OutboxEntry,
  "id" | "mutation" | "args" | "entity" | "entityId" | "related" | "label"
>;

/**
 * Appends an entry at the end of the line (inside the caller's transaction).
 * An admin entry made while the outbox waits for a sign-in waits too.
 */
export async function appendEntry(
  db: CarRentalDb,
  draft: EntryDraft,
  now: Date = new Date(),
): Promise<OutboxEntry> {
  const last = await db.outbox.orderBy("seq").last();
  const paused = needsSession(draft) && (await db.outbox.where("state").equals("needs_auth").count()) > 0;
  const entry: StoredOutboxEntry = {
    ...draft,
    seq: (last?.seq ?? 0) + 1,
    createdAt: now.toISOString(),
    attempts: 0,
    state: paused ? "needs_auth" : "pending",
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
    claimedAt: null,
    rowKeys: outboxRowKeys(draft),
  };
  await db.outbox.add(entry);
  return entry;
}

export type NextStep =
  | { kind: "send"; entry: OutboxEntry }
  /** The first entry in line waits for its backoff until `at` (epoch ms). */
  | { kind: "wait"; at: number }
  /** Another runner is sending the entry in line. */
  | { kind: "busy" }
  | { kind: "idle" };

/**
 * The order rule above as a scan: fed the entries one at a time in `seq`
 * order, it answers the step as soon as an entry decides it (null until
 * then), so a runner can stop reading the outbox at the first entry that can
 * go instead of reading all of it. A claim older than `leaseMs` counts as
 * abandoned.
 */
export function createStepScan(
  now: number,
  options: { ignoreBackoff?: boolean; leaseMs?: number } = {},
): (entry: OutboxEntry) => NextStep | null {
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  const refused = new Set<string>();
  let authPaused = false;
  return (entry) => {
    if (entry.state === "failed") {
      for (const key of outboxRowKeys(entry)) refused.add(key);
      return null;
    }
    if (entry.state === "needs_auth") {
      authPaused = true;
      return null;
    }
    if (needsSession(entry) && authPaused) return null;
    if (outboxRowKeys(entry).some((key) => refused.has(key))) return null;
    if (entry.state === "sending" && entry.claimedAt !== null && now - entry.claimedAt < leaseMs) {
      return { kind: "busy" };
    }
    if (!options.ignoreBackoff && entry.nextAttemptAt > now) return { kind: "wait", at: entry.nextAttemptAt };
    return { kind: "send", entry };
  };
}

/** Decides what to do next with the outbox (entries in any order), applying the order rule above. */
export function nextStep(
  entries: readonly OutboxEntry[],
  now: number,
  options: { ignoreBackoff?: boolean; leaseMs?: number } = {},
): NextStep {
  const scan = createStepScan(now, options);
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const step = scan(entry);
    if (step) return step;
  }
  return { kind: "idle" };
}

/**
 * `nextStep` read from the database along the `seq` index: only the entries
 * up to the one that decides are read (usually just the first). Call inside
 * a transaction on `db.outbox` to act on the answer atomically.
 */
export async function readNextStep(
  db: CarRentalDb,
  now: number,
  options: {
    ignoreBackoff?: boolean;
    leaseMs?: number;
    /** Entries to treat as gone (delivered, their removal not yet committed). */
    skip?: ReadonlySet<string>;
  } = {},
): Promise<NextStep> {
  const skip = options.skip ?? new Set<string>();
  const scan = createStepScan(now, options);
  const prefix = await db.outbox
    .orderBy("seq")
    .until((entry) => !skip.has(entry.id) && scan(entry) !== null, true)
    .toArray();
  // The scan kept state while Dexie walked the cursor: decide again, purely, on what was read.
  return nextStep(
    prefix.filter((entry) => !skip.has(entry.id)),
    now,
    options,
  );
}

/** Whether an entry names the row `id` anywhere (its own id, a related row, its arguments). */
export function mentionsId(entry: OutboxEntry, id: string): boolean {
  return (
    entry.entityId === id ||
    entry.related.some((link) => link.id === id) ||
    JSON.stringify(entry.args).includes(id)
  );
}

/** Whether a refused entry earlier in line holds `entry` back (for the panel). */
export function isHeldBack(entries: readonly OutboxEntry[], entry: OutboxEntry): boolean {
  const keys = new Set(outboxRowKeys(entry));
  return entries.some(
    (other) =>
      other.seq < entry.seq && other.state === "failed" && outboxRowKeys(other).some((key) => keys.has(key)),
  );
}

/** The longest wait between two attempts (issue #24: a server that is back is noticed within it). */
export const MAX_BACKOFF_MS = 30_000;

/**
 * Delay before the next attempt after `failures` failed ones in a row:
 * exponential from 2 s, capped at 30 s, with "equal jitter" (half fixed,
 * half random) so many tabs coming back online do not retry in step.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(2_000 * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
  return Math.round(base / 2 + (base / 2) * random());
}

/**
 * §A5: the outbox never sends an entry older than this; it goes to the
 * review list instead (its key may have been forgotten by the server, which
 * keeps keys 90 days, and a change that old needs a person's look).
 */
export const MAX_ENTRY_AGE_MS = 60 * 24 * 60 * 60_000;

/** The review message of an entry too old to send. */
export const TOO_OLD_MESSAGE =
  "Not sent: this change is more than 60 days old. Check it, then retry or discard it.";

/** Whether an entry is too old to be sent on its own (see MAX_ENTRY_AGE_MS). */
export function isTooOld(entry: Pick<OutboxEntry, "createdAt">, now: number): boolean {
  const created = Date.parse(entry.createdAt);
  return Number.isFinite(created) && now - created > MAX_ENTRY_AGE_MS;
}

/**
 * §A5: whether a request of this entry may already have reached the server
 * (sent, and no answer came back): such an entry is not edited in place, and
 * is sent again only under its own key. A refusal ('failed' with a status) is
 * the server's answer to that very key, so nothing of it was applied; an entry
 * moved to the review list for its age after tries without an answer may have been.
 */
export function mayHaveReachedServer(entry: Pick<OutboxEntry, "state" | "attempts" | "lastStatus">): boolean {
  if (entry.state === "sending") return true;
  if (entry.state === "failed") return entry.lastStatus === null && entry.attempts > 0;
  return entry.attempts > 0;
}

/** Entries in send order (for the panel and tests). */
export function listOutbox(db: CarRentalDb): Promise<OutboxEntry[]> {
  return db.outbox.orderBy("seq").toArray();
}

export type OutboxCounts = {
  /** Everything not yet accepted by the server. */
  total: number;
  pending: number;
  sending: number;
  failed: number;
  needsAuth: number;
};

export function countOutbox(entries: readonly OutboxEntry[]): OutboxCounts {
  const counts: OutboxCounts = { total: entries.length, pending: 0, sending: 0, failed: 0, needsAuth: 0 };
  for (const entry of entries) {
    if (entry.state === "pending") counts.pending += 1;
    else if (entry.state === "sending") counts.sending += 1;
    else if (entry.state === "failed") counts.failed += 1;
    else counts.needsAuth += 1;
  }
  return counts;
}
