/**
 * The outbox engine's steps on the stored entries during a drain (split out
 * of the engine, issue #19): claiming the entry next in line (pending, or an
 * abandoned claim → sending) with a compare-and-set in one transaction, so
 * no entry is ever sent by two runners at once; claiming the entries after
 * the one on its way (a batch's worth in one transaction); giving back an unused claim; storing a delivered entry's
 * answer; parking a refused entry; putting an unanswered one back in line
 * with backoff; pausing the admin entries after a 401. A long outbox is
 * never read whole: the next entry comes along the `seq` index, the entries
 * about a row along the `rowKeys` index.
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { markAdminNeedsAuth } from "./admin-sync";
import type { CarRentalDb, OutboxEntry } from "./db";
import { emitOutboxEvent } from "./outbox-events";
import {
  backoffDelay,
  isTooOld,
  needsSession,
  outboxRowKeys,
  readNextStep,
  createStepScan,
  TOO_OLD_MESSAGE,
  type NextStep,
} from "./outbox";
import { applyServerAnswer, remapTemporaryId } from "./server-answer";
import { mutationNamed } from "./mutations/registry";

/** What every outbox event tells about its entry. */
export function eventBase(entry: OutboxEntry) {
  return {
    entryId: entry.id,
    entity: entry.entity,
    entityId: entry.entityId,
    mutation: entry.mutation,
    label: entry.label,
  };
}

/**
 * Finds the entry next in line and claims it (pending, or an abandoned
 * claim → sending) in one transaction, so two runners never claim the same
 * entry. Reads the outbox along `seq` only as far as the entry that decides.
 */
export async function claimNext(
  db: CarRentalDb,
  now: () => number,
  ignoreBackoff: boolean,
): Promise<NextStep> {
  const tooOld: OutboxEntry[] = [];
  const step = await db.transaction("rw", db.outbox, async (): Promise<NextStep> => {
    const at = now();
    for (;;) {
      const next = await readNextStep(db, at, { ignoreBackoff });
      if (next.kind !== "send") return next;
      if (isTooOld(next.entry, at)) {
        // §A5: never sent, moved to the review list with its content as it was.
        await db.outbox.update(next.entry.id, {
          state: "failed",
          claimedAt: null,
          lastError: TOO_OLD_MESSAGE,
          lastStatus: null,
        });
        tooOld.push(next.entry);
        continue;
      }
      const claimed: OutboxEntry = { ...next.entry, state: "sending", claimedAt: at };
      await db.outbox.update(claimed.id, { state: "sending", claimedAt: at });
      return { kind: "send", entry: claimed };
    }
  });
  for (const entry of tooOld)
    emitOutboxEvent({ ...eventBase(entry), type: "failed", error: TOO_OLD_MESSAGE });
  return step;
}

/**
 * Whether delivering the entry may give its row another id than the browser's
 * (a creation: the server's id replaces a temporary one), so an entry naming
 * that row must wait for the delivery to be stored.
 */
function createsRow(entry: OutboxEntry): boolean {
  const mutation = mutationNamed(entry.mutation);
  // An unknown change might create anything.
  return mutation ? mutation.creates === true : true;
}

/** Whether `entry` names any of the rows `created` (their ids: an id in its arguments counts too). */
function namesAny(entry: OutboxEntry, created: ReadonlySet<string>): boolean {
  if (created.size === 0) return false;
  const args = JSON.stringify(entry.args);
  for (const id of created) {
    if (entry.entityId === id || entry.related.some((link) => link.id === id) || args.includes(id)) {
      return true;
    }
  }
  return false;
}

/**
 * What `claimRun` does with an entry that may go next: claims it and goes
 * on ("more"), claims it and stops ("last"), or leaves it and stops ("stop").
 */
export type RunVerdict = "more" | "last" | "stop";

/**
 * Claims the entries that come after `current` (on its way), in order, as
 * long as each may go once the ones before it are delivered and `admit`
 * takes it: next in line with `current`, the deliveries still being stored
 * (`settling`) and the entries claimed here counted as gone, and naming none
 * of the rows they create (it would need their temporary id replaced first).
 * One transaction and one walk along `seq` for the whole run (a batch of
 * fifty is one read of the outbox, not fifty). Requests go in order: this
 * only saves the wait for the claims (and lets a batch grow).
 */
export function claimRun(
  db: CarRentalDb,
  now: () => number,
  current: OutboxEntry,
  settling: ReadonlySet<string>,
  admit: (entry: OutboxEntry, run: readonly OutboxEntry[]) => RunVerdict,
): Promise<OutboxEntry[]> {
  return db.transaction("rw", db.outbox, async () => {
    const at = now();
    const skip = new Set([...settling, current.id]);
    const before = [current, ...(await db.outbox.bulkGet([...settling]))];
    // The ids of the rows that entries before the next one create.
    const created = new Set<string>();
    for (const entry of before) if (entry !== undefined && createsRow(entry)) created.add(entry.entityId);
    const scan = createStepScan(at);
    const run: OutboxEntry[] = [];
    // Walks along `seq` until an entry ends the run (read up to it, not further).
    await db.outbox
      .orderBy("seq")
      .until((entry) => {
        if (skip.has(entry.id)) return false;
        const step = scan(entry);
        // Passed over (refused, held back, waiting for a sign-in): the next one may go.
        if (step === null) return false;
        // A too old entry is left to claimNext, which moves it to the review list.
        if (step.kind !== "send" || isTooOld(step.entry, at) || namesAny(step.entry, created)) return true;
        const verdict = admit(step.entry, run);
        if (verdict === "stop") return true;
        run.push({ ...step.entry, state: "sending", claimedAt: at });
        if (createsRow(step.entry)) created.add(step.entry.entityId);
        return verdict === "last";
      }, true)
      .count();
    if (run.length > 0) {
      await db.outbox
        .where("id")
        .anyOf(run.map((entry) => entry.id))
        .modify({ state: "sending", claimedAt: at });
    }
    return run;
  });
}

/** Gives back a claim that was not used (the entry was not sent). */
export async function release(db: CarRentalDb, entry: OutboxEntry): Promise<void> {
  await db.transaction("rw", db.outbox, async () => {
    const stored = await db.outbox.get(entry.id);
    if (stored?.state === "sending" && stored.claimedAt === entry.claimedAt) {
      await db.outbox.update(entry.id, { state: "pending", claimedAt: null });
    }
  });
}

/** Removes a delivered entry and stores the server's row in place of the optimistic one. */
export function completeDelivered(db: CarRentalDb, entry: OutboxEntry, answer: unknown): Promise<void> {
  return completeAllDelivered(db, [{ entry, answer }]);
}

/**
 * Removes delivered entries and stores their server rows, in order, in one
 * transaction: a batch's deliveries are one write, and the screens reading the
 * mirror redraw once for them, not once per entry.
 */
export async function completeAllDelivered(
  db: CarRentalDb,
  deliveries: readonly { entry: OutboxEntry; answer: unknown }[],
): Promise<void> {
  if (deliveries.length === 0) return;
  // Only the tables it writes: a wider scope would also hold up reads of the public tables.
  await db.transaction("rw", [db.outbox, ...db.mirrorTables()], async () => {
    for (const { entry, answer } of deliveries) {
      await db.outbox.delete(entry.id);
      // Which of this entry's rows a later entry still changes (their optimistic version stays).
      const waiting = new Set<string>();
      for (const key of outboxRowKeys(entry)) {
        if ((await db.outbox.where("rowKeys").equals(key).count()) > 0) waiting.add(key);
      }
      const serverId = await applyServerAnswer(db, entry, answer, waiting);
      if (serverId !== null && entry.entity !== "contact") {
        await remapTemporaryId(db, entry.entity, entry.entityId, serverId);
      }
    }
  });
  for (const { entry, answer } of deliveries) {
    emitOutboxEvent({ ...eventBase(entry), type: "delivered", answer });
  }
  // Each change's own tidying once the server has it (files it no longer needs), outside the transaction.
  for (const { entry } of deliveries) {
    await mutationNamed(entry.mutation)
      ?.afterDelivery?.(db, entry.args)
      .catch((error: unknown) => console.warn("Tidying after a delivered change failed", error));
  }
}

/** Any other 4xx: the entry is parked as 'failed' with the server's message, for the review list. */
export async function markRefused(
  db: CarRentalDb,
  entry: OutboxEntry,
  refusal: { status: number; message: string },
): Promise<void> {
  await db.outbox.update(entry.id, {
    state: "failed",
    claimedAt: null,
    lastError: refusal.message,
    lastStatus: refusal.status,
  });
  emitOutboxEvent({ ...eventBase(entry), type: "failed", error: refusal.message });
}

/** No answer, 5xx, 408, 429 or a busy key: the entry waits in line for its backoff (from now). */
export async function deferForBackoff(
  db: CarRentalDb,
  now: () => number,
  random: () => number,
  entry: OutboxEntry,
  failure: { status: number | null; message: string },
): Promise<void> {
  const failStreak = (entry.failStreak ?? 0) + 1;
  await db.outbox.update(entry.id, {
    state: "pending",
    claimedAt: null,
    attempts: entry.attempts + 1,
    failStreak,
    lastError: failure.message,
    lastStatus: failure.status,
    nextAttemptAt: now() + backoffDelay(failStreak, random),
  });
}

/** After a 401: the entry and every waiting entry that needs the session wait for `resumeAfterSignIn()`. */
export async function pauseForSignIn(db: CarRentalDb, entry: OutboxEntry): Promise<void> {
  await db.transaction("rw", db.outbox, async () => {
    await db.outbox.update(entry.id, {
      state: "needs_auth",
      claimedAt: null,
      lastStatus: 401,
      lastError: null,
    });
    await db.outbox
      .filter((other) => needsSession(other) && (other.state === "pending" || other.id === entry.id))
      .modify({ state: "needs_auth", claimedAt: null });
  });
  await markAdminNeedsAuth(db);
  emitOutboxEvent({ ...eventBase(entry), type: "needs_auth" });
}
