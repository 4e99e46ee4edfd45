/**
 * The sync engine's core: drains the outbox in order, one runner at a time
 * across tabs and the service worker (Web Locks, with an in-memory fallback,
 * and a compare-and-set claim on each entry so no entry is ever sent by two
 * runners at once). Each entry goes with its id as `Idempotency-Key`, so a
 * replay after a lost answer is not applied twice by the server.
 *
 * Requests go one at a time, in order. Admin entries next in line go
 * together, up to fifty in one `POST /api/admin/batch` (issue #23), each
 * under its own key, so 500 changes made offline are a few requests, not 500;
 * a public entry goes alone. To keep the line moving, the entries of the
 * next request are claimed while the one before it is on its way (together,
 * in one transaction and one walk of the outbox), and a delivered entry's answer is
 * stored while the next request is out (in order, before anything else
 * happens to the outbox); the admin mirror is pulled once per round, after
 * the last delivery. A long outbox is never read whole per delivery:
 * the next entry comes along the `seq` index, the entries about a row along
 * the `rowKeys` index.
 *
 * Outcomes: 2xx removes the entry and stores the server's row in place of the
 * optimistic one; no answer, 5xx, 408, 429 or 409 IDEMPOTENCY_IN_PROGRESS keep
 * it for a later attempt with backoff and end the round (later entries wait);
 * 401 pauses the admin entries ('needs_auth') until `resumeAfterSignIn()`;
 * any other 4xx parks the entry as 'failed' with the server's message.
 *
 * The parts live beside it (issue #19): the steps on stored entries in
 * `outbox-claims.ts`, the request in `outbox-send.ts`, the runner lock in
 * `outbox-lock.ts`, the timers in `outbox-wakeups.ts`, and the review
 * actions in `outbox-review.ts`.
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { api as appApi, type ApiClient } from "./api-client";
import { syncAdmin } from "./admin-sync";
import { db as appDb, type CarRentalDb, type OutboxEntry } from "./db";
import { addToOutbox, type EnqueueInput } from "./outbox";
import * as claims from "./outbox-claims";
import { defaultLocks, withOutboxLock, type LockManagerLike } from "./outbox-lock";
import * as review from "./outbox-review";
import { batchChangeOf, fitsInBatch, sendBatch, sendEntry, type Outcome } from "./outbox-send";
import type { BatchChange } from "@car-rental/shared/schemas/batch";
import { OutboxWakeups } from "./outbox-wakeups";
import type { MutationArgs } from "./mutations/mutation";

export type { LockManagerLike } from "./outbox-lock";

export type OutboxEngineOptions = {
  db?: CarRentalDb;
  api?: ApiClient;
  /** Web Locks; defaults to `navigator.locks`, null to use only the in-memory lock. */
  locks?: LockManagerLike | null;
  now?: () => number;
  random?: () => number;
  /** Called after an entry was queued (the page registers Background Sync here). */
  onQueued?: () => void;
  /**
   * Called when a round of this runner ends with entries still waiting for the
   * network: the page registers Background Sync again, so the worker sends them
   * even if the page is closed before the connection returns.
   */
  onStillWaiting?: () => void;
  /** Refresh the admin mirror after admin changes were delivered (default true). */
  syncAfterDelivery?: boolean;
  /** Periodic drain while started (default 30 s). */
  intervalMs?: number;
  /** The most admin entries one request carries (default and ceiling: the server's 50; 1 sends each alone). */
  batchSize?: number;
};

/** The entries of one request, and their changes when they go as a batch (none: one entry alone). */
type Batch = { entries: OutboxEntry[]; changes: BatchChange[] };

export type DrainResult = {
  /** False when another runner held the lock: nothing was done here. */
  ran: boolean;
  delivered: number;
  failed: number;
  /** Entries still waiting because the server was not reachable (or busy). */
  deferred: number;
  /** Whether the round hit a 401. */
  needsAuth: boolean;
};

export class OutboxEngine {
  readonly db: CarRentalDb;
  readonly api: ApiClient;
  private readonly locks: LockManagerLike | null;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly onQueued: (() => void) | undefined;
  private readonly onStillWaiting: (() => void) | undefined;
  private readonly syncAfterDelivery: boolean;
  private readonly batchSize: number | undefined;
  private readonly wakeups: OutboxWakeups;

  private running: Promise<DrainResult> | null = null;
  private again = false;
  private againIgnoresBackoff = false;

  constructor(options: OutboxEngineOptions = {}) {
    this.db = options.db ?? appDb;
    this.api = options.api ?? appApi;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.onQueued = options.onQueued;
    this.onStillWaiting = options.onStillWaiting;
    this.syncAfterDelivery = options.syncAfterDelivery ?? true;
    this.batchSize = options.batchSize;
    this.wakeups = new OutboxWakeups({
      db: this.db,
      api: this.api,
      now: this.now,
      intervalMs: options.intervalMs ?? 30_000,
      kick: (kickOptions) => this.kick(kickOptions),
    });
  }

  /**
   * Writes the optimistic change and the outbox entry in one transaction,
   * then starts a drain. Resolves with the entry once it is stored (not sent).
   */
  async enqueue<Args extends MutationArgs>(input: EnqueueInput<Args>): Promise<OutboxEntry> {
    const entry = await addToOutbox(this.db, input, new Date(this.now()));
    this.onQueued?.();
    this.kick();
    return entry;
  }

  /** Starts a drain soon; rounds asked for while one runs are coalesced into one more. */
  kick(options: { ignoreBackoff?: boolean } = {}): void {
    void this.drain(options).catch((error: unknown) => {
      console.error("Outbox drain failed", error);
    });
  }

  /** Periodic drains (worker-safe: timers only). The page adds its own triggers. */
  start(): void {
    this.wakeups.start();
  }

  /**
   * The server answered a request (any answer below 500, from any call of
   * this page): it is reachable again, so what waits for its backoff goes at
   * once and the next failure's backoff starts from the shortest delay.
   */
  serverAnswered(): void {
    this.wakeups.serverAnswered();
  }

  stop(): void {
    this.wakeups.stop();
  }

  /**
   * Sends what can be sent now, in order, as the only runner. Returns at once
   * with `ran: false` when another tab or the worker holds the lock.
   */
  drain(options: { ignoreBackoff?: boolean } = {}): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      this.againIgnoresBackoff ||= options.ignoreBackoff === true;
      return this.running;
    }
    const run = async (): Promise<DrainResult> => {
      let result = await this.withRunnerLock(options.ignoreBackoff === true);
      while (this.again) {
        const ignoreBackoff = this.againIgnoresBackoff;
        this.again = false;
        this.againIgnoresBackoff = false;
        const next = await this.withRunnerLock(ignoreBackoff);
        result = {
          ran: result.ran || next.ran,
          delivered: result.delivered + next.delivered,
          failed: result.failed + next.failed,
          deferred: next.deferred,
          needsAuth: result.needsAuth || next.needsAuth,
        };
      }
      if (result.ran && result.deferred > 0) this.onStillWaiting?.();
      return result;
    };
    this.running = run().finally(() => {
      this.running = null;
      void this.wakeups.scheduleRetry();
    });
    return this.running;
  }

  private withRunnerLock(ignoreBackoff: boolean): Promise<DrainResult> {
    const skipped: DrainResult = { ran: false, delivered: 0, failed: 0, deferred: 0, needsAuth: false };
    return withOutboxLock(this.locks, this.db.name, skipped, (exclusive) =>
      this.round(ignoreBackoff, exclusive),
    );
  }

  private async round(ignoreBackoff: boolean, exclusive: boolean): Promise<DrainResult> {
    const result: DrainResult = { ran: true, delivered: 0, failed: 0, deferred: 0, needsAuth: false };
    if (exclusive) {
      await this.db.outbox.where("state").equals("sending").modify({ state: "pending", claimedAt: null });
    }
    let deliveredAdmin = false;
    // Storing a delivered entry's answer runs while the next request is out; in order, one at a time.
    let storing: Promise<void> = Promise.resolve();
    let storingFailed = false;
    const settling = new Set<string>();
    // Entries claimed and not sent yet: given back if the round ends early.
    let unsent: OutboxEntry[] = [];
    let step = await claims.claimNext(this.db, this.now, ignoreBackoff);
    if (step.kind === "send") unsent = [step.entry];
    // The next request's entries, claimed while the one before it was on its way.
    let prepared: Batch | null = null;
    const claimed = (entry: OutboxEntry) => unsent.push(entry);
    try {
      for (;;) {
        if (prepared === null) {
          if (step.kind === "wait" || step.kind === "busy") {
            result.deferred = await this.db.outbox.where("state").equals("pending").count();
            break;
          }
          if (step.kind === "idle") break;
        }
        if (storingFailed) break;
        const batch: Batch =
          prepared ?? (await this.gatherBatch(step.kind === "send" ? step.entry : null, settling, claimed));
        prepared = null;
        unsent = [];
        const last = batch.entries[batch.entries.length - 1];
        if (!last) break;
        const onItsWay = new Set([...settling, ...batch.entries.map((entry: OutboxEntry) => entry.id)]);
        // While the request is on its way, the entries after it are claimed, to go the moment it is answered.
        const [outcomes, next]: [(Outcome | null)[], Batch | null] = await Promise.all([
          batch.changes.length > 1
            ? sendBatch(this.api, batch.changes)
            : sendEntry(this.api, last, this.db).then((outcome) => [outcome]),
          // Only an optimisation: on any trouble the next entry is claimed the usual way.
          this.gatherAhead(last, onItsWay, claimed).catch(() => null),
        ]);

        // The answers in order: deliveries are stored (in the background, in order), anything else settles here.
        let allDelivered = true;
        let stop: { kind: "transient" } | { kind: "unauthorized"; entry: OutboxEntry } | null = null;
        // Deliveries in a row are stored together, in one transaction.
        let delivered: { entry: OutboxEntry; answer: unknown }[] = [];
        const storeDelivered = () => {
          const group = delivered;
          delivered = [];
          if (group.length === 0) return;
          storing = storing.then(async () => {
            await claims.completeAllDelivered(this.db, group);
            for (const { entry } of group) settling.delete(entry.id);
          });
          storing.catch(() => {
            storingFailed = true;
          });
        };
        for (const [index, entry] of batch.entries.entries()) {
          const outcome = stop === null ? outcomes[index] : undefined;
          if (outcome?.kind === "delivered") {
            result.delivered += 1;
            if (entry.entity !== "contact") deliveredAdmin = true;
            settling.add(entry.id);
            delivered.push({ entry, answer: outcome.answer });
            continue;
          }
          storeDelivered();
          allDelivered = false;
          // Not sent (the server stopped before it) or held back behind a refused entry: back in line.
          if (outcome === undefined || outcome === null) {
            await claims.release(this.db, entry);
            continue;
          }
          // What was delivered before is stored first.
          await storing;
          if (outcome.kind === "refused") {
            await claims.markRefused(this.db, entry, outcome);
            result.failed += 1;
          } else if (outcome.kind === "unauthorized") {
            stop = { kind: "unauthorized", entry };
          } else {
            await claims.deferForBackoff(this.db, this.now, this.random, entry, outcome);
            stop = { kind: "transient" };
          }
        }
        storeDelivered();
        if (allDelivered && next) {
          prepared = next;
          continue;
        }
        // Anything but deliveries: the entries claimed ahead wait (a refusal may hold them back).
        for (const entry of next?.entries ?? []) await claims.release(this.db, entry);
        unsent = [];
        await storing;
        if (stop?.kind === "transient") {
          result.deferred = await this.db.outbox.where("state").equals("pending").count();
          break;
        }
        if (stop?.kind === "unauthorized") {
          await claims.pauseForSignIn(this.db, stop.entry);
          result.needsAuth = true;
        }
        step = await claims.claimNext(this.db, this.now, false);
        if (step.kind === "send") unsent = [step.entry];
      }
    } finally {
      // Claims taken but not sent go back in line; a failed store surfaces here.
      for (const entry of unsent) await claims.release(this.db, entry);
      await storing;
    }
    // One pull of the admin mirror per round, after the last delivery, not one per entry.
    if (deliveredAdmin && this.syncAfterDelivery) {
      await this.refreshMirror();
    }
    return result;
  }

  /**
   * The entries that go in the next request, starting with `first`: the admin
   * entries next in line, as many as one batch takes (see `sendBatch`), up to
   * one that names an entry before it (its temporary id must be replaced
   * first) or that cannot be batched (a public call goes alone). The entries
   * added are claimed together (one walk of the outbox); `onClaim` hears of
   * each at once, so an error here still gives the claims back.
   */
  private async gatherBatch(
    first: OutboxEntry | null,
    settling: ReadonlySet<string>,
    onClaim: (entry: OutboxEntry) => void,
  ): Promise<Batch> {
    if (!first) return { entries: [], changes: [] };
    const firstChange = batchChangeOf(first);
    // A public entry (or one the server cannot batch) goes alone, the usual way.
    if (!firstChange) return { entries: [first], changes: [] };
    const changes = [firstChange];
    const more = await claims.claimRun(this.db, this.now, first, settling, (next) => {
      const change = batchChangeOf(next);
      if (!change || !fitsInBatch(changes, change, this.batchSize)) return "stop";
      changes.push(change);
      return "more";
    });
    for (const entry of more) onClaim(entry);
    return { entries: [first, ...more], changes };
  }

  /**
   * The next request's entries, gathered while `current` (the last entry of
   * the request on its way) is out: the entry next in line once the entries
   * in `taken` are gone, and those that may join it. Null when none may go yet.
   */
  private async gatherAhead(
    current: OutboxEntry,
    taken: ReadonlySet<string>,
    onClaim: (entry: OutboxEntry) => void,
  ): Promise<Batch | null> {
    const changes: BatchChange[] = [];
    let alone = false;
    const entries = await claims.claimRun(this.db, this.now, current, taken, (next, run) => {
      const change = batchChangeOf(next);
      if (run.length === 0) {
        // The first goes in any case; one that cannot be batched goes alone.
        if (!change) {
          alone = true;
          return "last";
        }
        changes.push(change);
        return "more";
      }
      if (!change || !fitsInBatch(changes, change, this.batchSize)) return "stop";
      changes.push(change);
      return "more";
    });
    for (const entry of entries) onClaim(entry);
    if (entries.length === 0) return null;
    return { entries, changes: alone ? [] : changes };
  }

  private async refreshMirror(): Promise<void> {
    try {
      await syncAdmin({ db: this.db, api: this.api });
    } catch {
      // The changes are in; the lists catch up on the next sync.
    }
  }

  /** Sends an entry again now (a refused one with a new Idempotency-Key, see `review.retryEntry`). */
  async retry(id: string): Promise<void> {
    await review.retryEntry(this.db, this.now, id);
    this.kick({ ignoreBackoff: true });
  }

  /**
   * Replaces the editable arguments of a waiting or refused entry, or adds
   * the edit as a new entry when the old one may have reached the server
   * (§A5; see `review.editEntry`).
   */
  async edit(id: string, changes: MutationArgs): Promise<OutboxEntry | null> {
    const edited = await review.editEntry(this.db, this.now, id, changes);
    if (edited) this.kick({ ignoreBackoff: true });
    return edited;
  }

  /**
   * Drops an entry. Its optimistic change is reverted by a full re-sync of
   * the admin mirror (now, or on the next sync when offline).
   */
  async discard(id: string): Promise<void> {
    const entry = await review.discardEntry(this.db, id);
    if (entry && entry.entity !== "contact") {
      await review.revertOptimisticRows(this.db, entry);
      await this.refreshMirror();
    }
    this.kick();
  }

  /** After the admin signed in again: the paused entries go, in order. */
  async resumeAfterSignIn(): Promise<void> {
    await review.resumeEntriesAfterSignIn(this.db);
    this.kick({ ignoreBackoff: true });
  }
}

export function createOutboxEngine(options: OutboxEngineOptions = {}): OutboxEngine {
  return new OutboxEngine(options);
}
