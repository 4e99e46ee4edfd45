/**
 * The sync engine's core: drains the outbox in order, one runner at a time
 * across tabs and the service worker (Web Locks, with an in-memory fallback,
 * and a compare-and-set claim on each entry so no entry is ever sent by two
 * runners at once). Each entry goes with its id as `Idempotency-Key`, so a
 * replay after a lost answer is not applied twice by the server.
 *
 * Requests go one at a time, in order. To keep the line moving, the entry
 * after the one on its way is claimed meanwhile, and a delivered entry's
 * answer is stored while the next request is out (in order, before anything
 * else happens to the outbox); the admin mirror is pulled once per round,
 * after the last delivery. A long outbox is never read whole per delivery:
 * the next entry comes along the `seq` index, the entries about a row along
 * the `rowKeys` index.
 *
 * Outcomes: 2xx removes the entry and stores the server's row in place of the
 * optimistic one; no answer, 5xx, 408, 429 or 409 IDEMPOTENCY_IN_PROGRESS keep
 * it for a later attempt with backoff and end the round (later entries wait);
 * 401 pauses the admin entries ('needs_auth') until `resumeAfterSignIn()`;
 * any other 4xx parks the entry as 'failed' with the server's message.
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { routes } from "@car-rental/shared/api";
import { ApiError, api as appApi, describeError, type ApiClient } from "./api-client";
import { markAdminNeedsAuth, readAdminSyncState, syncAdmin } from "./admin-sync";
import { db as appDb, type CarRentalDb, type OutboxEntry, type StoredOutboxEntry } from "./db";
import { emitOutboxEvent } from "./outbox-events";
import { UNKNOWN_CHANGE_MESSAGE } from "./outbox-upgrade";
import {
  addToOutbox,
  backoffDelay,
  isTooOld,
  mayHaveReachedServer,
  needsSession,
  mentionsId,
  newId,
  outboxRowKeys,
  readNextStep,
  TOO_OLD_MESSAGE,
  type EnqueueInput,
  type NextStep,
} from "./outbox";
import { editableKeys, requestOf, type MutationArgs } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";
import { applyServerAnswer, remapTemporaryId } from "./server-answer";

/** The part of the Web Locks API the engine uses. */
export type LockManagerLike = {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

export type OutboxEngineOptions = {
  db?: CarRentalDb;
  api?: ApiClient;
  /** Web Locks; defaults to `navigator.locks`, null to use only the in-memory lock. */
  locks?: LockManagerLike | null;
  now?: () => number;
  random?: () => number;
  /** Called after an entry was queued (the page registers Background Sync here). */
  onQueued?: () => void;
  /** Refresh the admin mirror after admin changes were delivered (default true). */
  syncAfterDelivery?: boolean;
  /** Periodic drain while started (default 30 s). */
  intervalMs?: number;
};

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

const LOCK_NAME = "outbox";
/** While an entry waits longer than this for its backoff, the server is asked this often whether it answers again. */
const PROBE_EVERY_MS = 2_000;
/** In-memory locks of runners without Web Locks, per database (shared by engines in one JS context). */
const memoryLocks = new Set<string>();

function defaultLocks(): LockManagerLike | null {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return null;
  // Some environments (happy-dom, old WebViews) expose the property as null.
  const locks: LockManager | null | undefined = navigator.locks;
  return locks && typeof locks.request === "function" ? locks : null;
}

type Outcome =
  | { kind: "delivered"; answer: unknown }
  | { kind: "transient"; status: number | null; message: string }
  | { kind: "unauthorized" }
  | { kind: "refused"; status: number; message: string };

function classify(error: unknown): Outcome {
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

export class OutboxEngine {
  readonly db: CarRentalDb;
  readonly api: ApiClient;
  private readonly locks: LockManagerLike | null;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly onQueued: (() => void) | undefined;
  private readonly syncAfterDelivery: boolean;
  private readonly intervalMs: number;

  private running: Promise<DrainResult> | null = null;
  private again = false;
  private againIgnoresBackoff = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private started = false;
  private noticing = false;

  constructor(options: OutboxEngineOptions = {}) {
    this.db = options.db ?? appDb;
    this.api = options.api ?? appApi;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.onQueued = options.onQueued;
    this.syncAfterDelivery = options.syncAfterDelivery ?? true;
    this.intervalMs = options.intervalMs ?? 30_000;
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
    if (this.started) return;
    this.started = true;
    this.interval = setInterval(() => this.kick(), this.intervalMs);
    // A page load never inherits the wait of an earlier page (issue #24): what waits goes now.
    this.kick({ ignoreBackoff: true });
  }

  /**
   * The server answered a request (any answer below 500, from any call of
   * this page): it is reachable again, so what waits for its backoff goes at
   * once and the next failure's backoff starts from the shortest delay.
   */
  serverAnswered(): void {
    if (!this.started || this.noticing) return;
    this.noticing = true;
    void this.resetBackoff()
      .then((waited) => {
        if (waited) this.kick();
      })
      .catch((error: unknown) => {
        console.error("Outbox backoff reset failed", error);
      })
      .finally(() => {
        this.noticing = false;
      });
  }

  /** Clears the backoff of waiting entries; whether one was waiting. */
  private resetBackoff(): Promise<boolean> {
    return this.db.transaction("rw", this.db.outbox, async () => {
      const now = this.now();
      const waiting = await this.db.outbox
        .where("state")
        .equals("pending")
        // Only entries that got no answer at all: a 5xx keeps its backoff, the server answered it.
        .filter(
          (entry) => entry.lastStatus === null && (entry.nextAttemptAt > now || (entry.failStreak ?? 0) > 0),
        )
        .modify({ nextAttemptAt: 0, failStreak: 0 });
      return waiting > 0;
    });
  }

  stop(): void {
    this.started = false;
    if (this.interval) clearInterval(this.interval);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.interval = null;
    this.retryTimer = null;
    this.probeTimer = null;
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
      return result;
    };
    this.running = run().finally(() => {
      this.running = null;
      void this.scheduleRetry();
    });
    return this.running;
  }

  private async withRunnerLock(ignoreBackoff: boolean): Promise<DrainResult> {
    const skipped: DrainResult = { ran: false, delivered: 0, failed: 0, deferred: 0, needsAuth: false };
    if (this.locks) {
      return this.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (!lock) return skipped;
        // Holding the lock, no other runner is sending: any claim is left over from a closed tab.
        return this.round(ignoreBackoff, true);
      });
    }
    const key = this.db.name;
    if (memoryLocks.has(key)) return skipped;
    memoryLocks.add(key);
    try {
      return await this.round(ignoreBackoff, false);
    } finally {
      memoryLocks.delete(key);
    }
  }

  private async round(ignoreBackoff: boolean, exclusive: boolean): Promise<DrainResult> {
    const result: DrainResult = { ran: true, delivered: 0, failed: 0, deferred: 0, needsAuth: false };
    if (exclusive) {
      await this.db.outbox.where("state").equals("sending").modify({ state: "pending", claimedAt: null });
    }
    let deliveredAdmin = false;
    // Storing a delivered entry's answer runs while the next entry is on its way; in order, one at a time.
    let storing: Promise<void> = Promise.resolve();
    let storingFailed = false;
    const settling = new Set<string>();
    let sentId: string | null = null;
    let step = await this.claimNext(ignoreBackoff);
    try {
      for (;;) {
        if (step.kind === "wait" || step.kind === "busy") {
          result.deferred = await this.db.outbox.where("state").equals("pending").count();
          break;
        }
        if (step.kind === "idle" || storingFailed) break;
        const entry = step.entry;
        sentId = entry.id;
        // While this entry is on its way, the one after it is claimed, to go the moment this one is answered.
        const [outcome, ahead] = await Promise.all([
          this.send(entry),
          // Only an optimisation: on any trouble the next entry is claimed the usual way.
          this.claimAhead(entry, settling).catch(() => null),
        ]);
        if (outcome.kind === "delivered") {
          result.delivered += 1;
          if (entry.entity !== "contact") deliveredAdmin = true;
          settling.add(entry.id);
          storing = storing.then(async () => {
            await this.completeDelivered(entry, outcome.answer);
            settling.delete(entry.id);
          });
          storing.catch(() => {
            storingFailed = true;
          });
          if (ahead) {
            step = { kind: "send", entry: ahead };
            continue;
          }
          // Nothing could go ahead (the line ends, or the next entry names this one's temporary id).
          await storing;
          step = await this.claimNext(false);
          continue;
        }
        // Anything but a delivery: the entry claimed ahead waits, what was delivered before is stored first.
        if (ahead) await this.release(ahead);
        await storing;
        if (outcome.kind === "refused") {
          await this.db.outbox.update(entry.id, {
            state: "failed",
            claimedAt: null,
            lastError: outcome.message,
            lastStatus: outcome.status,
          });
          result.failed += 1;
          emitOutboxEvent({ ...eventBase(entry), type: "failed", error: outcome.message });
          step = await this.claimNext(false);
        } else if (outcome.kind === "unauthorized") {
          await this.pauseForSignIn(entry);
          result.needsAuth = true;
          step = await this.claimNext(false);
        } else {
          const failStreak = (entry.failStreak ?? 0) + 1;
          await this.db.outbox.update(entry.id, {
            state: "pending",
            claimedAt: null,
            attempts: entry.attempts + 1,
            failStreak,
            lastError: outcome.message,
            lastStatus: outcome.status,
            nextAttemptAt: this.now() + backoffDelay(failStreak, this.random),
          });
          result.deferred = await this.db.outbox.where("state").equals("pending").count();
          break;
        }
      }
    } finally {
      // A claim taken ahead but not sent goes back in line; a failed store surfaces here.
      if (step.kind === "send" && step.entry.id !== sentId) await this.release(step.entry);
      await storing;
    }
    // One pull of the admin mirror per round, after the last delivery, not one per entry.
    if (deliveredAdmin && this.syncAfterDelivery) {
      await this.refreshMirror();
    }
    return result;
  }

  /**
   * Finds the entry next in line and claims it (pending, or an abandoned
   * claim → sending) in one transaction, so two runners never claim the same
   * entry. Reads the outbox along `seq` only as far as the entry that decides.
   */
  private async claimNext(ignoreBackoff: boolean): Promise<NextStep> {
    const tooOld: OutboxEntry[] = [];
    const step = await this.db.transaction("rw", this.db.outbox, async (): Promise<NextStep> => {
      const now = this.now();
      for (;;) {
        const next = await readNextStep(this.db, now, { ignoreBackoff });
        if (next.kind !== "send") return next;
        if (isTooOld(next.entry, now)) {
          // §A5: never sent, moved to the review list with its content as it was.
          await this.db.outbox.update(next.entry.id, {
            state: "failed",
            claimedAt: null,
            lastError: TOO_OLD_MESSAGE,
            lastStatus: null,
          });
          tooOld.push(next.entry);
          continue;
        }
        const claimed: OutboxEntry = { ...next.entry, state: "sending", claimedAt: now };
        await this.db.outbox.update(claimed.id, { state: "sending", claimedAt: now });
        return { kind: "send", entry: claimed };
      }
    });
    for (const entry of tooOld)
      emitOutboxEvent({ ...eventBase(entry), type: "failed", error: TOO_OLD_MESSAGE });
    return step;
  }

  /**
   * Claims the entry that comes after `current` (on its way) if it may go
   * once `current` is delivered: next in line with `current` and the
   * deliveries still being stored counted as gone, and naming none of them
   * (it would need their temporary id replaced first). Requests still go
   * one at a time, in order: this only saves the wait for the claim.
   */
  private claimAhead(current: OutboxEntry, settling: ReadonlySet<string>): Promise<OutboxEntry | null> {
    return this.db.transaction("rw", this.db.outbox, async () => {
      const now = this.now();
      const skip = new Set([...settling, current.id]);
      const step = await readNextStep(this.db, now, { skip });
      // A too old entry is left to claimNext, which moves it to the review list.
      if (step.kind !== "send" || isTooOld(step.entry, now)) return null;
      const before = await this.db.outbox.bulkGet([...skip]);
      const named = before.some((entry) => entry !== undefined && mentionsId(step.entry, entry.entityId));
      if (named || mentionsId(step.entry, current.entityId)) return null;
      const claimed: OutboxEntry = { ...step.entry, state: "sending", claimedAt: now };
      await this.db.outbox.update(claimed.id, { state: "sending", claimedAt: now });
      return claimed;
    });
  }

  /** Gives back a claim that was not used (the entry was not sent). */
  private async release(entry: OutboxEntry): Promise<void> {
    await this.db.transaction("rw", this.db.outbox, async () => {
      const stored = await this.db.outbox.get(entry.id);
      if (stored?.state === "sending" && stored.claimedAt === entry.claimedAt) {
        await this.db.outbox.update(entry.id, { state: "pending", claimedAt: null });
      }
    });
  }

  private async send(entry: OutboxEntry): Promise<Outcome> {
    const mutation = mutationNamed(entry.mutation);
    if (!mutation) return { kind: "refused", status: 0, message: UNKNOWN_CHANGE_MESSAGE };
    try {
      const { path, body } = requestOf(mutation, entry.args);
      const answer = await this.api.raw(mutation.route.method, path, {
        ...(body === undefined ? {} : { body }),
        idempotencyKey: entry.id,
        signal: AbortSignal.timeout(60_000),
      });
      return { kind: "delivered", answer: answer.json };
    } catch (error) {
      return classify(error);
    }
  }

  private async completeDelivered(entry: OutboxEntry, answer: unknown): Promise<void> {
    // Only the tables it writes: a wider scope would also hold up reads of the public tables.
    await this.db.transaction("rw", [this.db.outbox, ...this.db.mirrorTables()], async () => {
      await this.db.outbox.delete(entry.id);
      // Which of this entry's rows a later entry still changes (their optimistic version stays).
      const waiting = new Set<string>();
      for (const key of outboxRowKeys(entry)) {
        if ((await this.db.outbox.where("rowKeys").equals(key).count()) > 0) waiting.add(key);
      }
      const serverId = await applyServerAnswer(this.db, entry, answer, waiting);
      if (serverId !== null && entry.entity !== "contact") {
        await remapTemporaryId(this.db, entry.entity, entry.entityId, serverId);
      }
    });
    emitOutboxEvent({ ...eventBase(entry), type: "delivered", answer });
  }

  private async pauseForSignIn(entry: OutboxEntry): Promise<void> {
    await this.db.transaction("rw", this.db.outbox, async () => {
      await this.db.outbox.update(entry.id, {
        state: "needs_auth",
        claimedAt: null,
        lastStatus: 401,
        lastError: null,
      });
      await this.db.outbox
        .filter((other) => needsSession(other) && (other.state === "pending" || other.id === entry.id))
        .modify({ state: "needs_auth", claimedAt: null });
    });
    await markAdminNeedsAuth(this.db);
    emitOutboxEvent({ ...eventBase(entry), type: "needs_auth" });
  }

  private async refreshMirror(): Promise<void> {
    try {
      await syncAdmin({ db: this.db, api: this.api });
    } catch {
      // The changes are in; the lists catch up on the next sync.
    }
  }

  /** Wakes up when the first entry in line is due again (backoff), while started. */
  private async scheduleRetry(): Promise<void> {
    if (!this.started) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.retryTimer = null;
    this.probeTimer = null;
    const step = await readNextStep(this.db, this.now());
    if (step.kind !== "wait") return;
    const delay = Math.max(0, step.at - this.now());
    // A longer wait is cut short as soon as the server answers a cheap probe (issue #24).
    if (delay > PROBE_EVERY_MS) this.probeTimer = setTimeout(() => void this.probe(), PROBE_EVERY_MS);
    if (delay >= this.intervalMs) return; // The periodic drain comes first.
    this.retryTimer = setTimeout(() => this.kick(), delay);
  }

  /**
   * Asks the server for its health while an entry waits for its backoff: a
   * lost answer or a short outage is over the moment the server answers,
   * and what waits goes then rather than when its backoff ends. Skipped
   * while the browser knows it is offline (its `online` event wakes the
   * engine instead).
   */
  private async probe(): Promise<void> {
    this.probeTimer = null;
    if (!this.started) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) return;
    try {
      await this.api.raw("GET", routes.health.path, { signal: AbortSignal.timeout(PROBE_EVERY_MS * 2) });
      this.serverAnswered();
    } catch {
      // Still unreachable (or a 5xx): probe again while the entry waits.
      await this.scheduleRetry();
    }
  }

  /**
   * Sends an entry again now. A refused entry gets a new Idempotency-Key: the
   * server stored its refusal under the old one (and applied nothing), so the
   * old key would only replay that refusal.
   */
  async retry(id: string): Promise<void> {
    await this.db.transaction("rw", this.db.outbox, async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry || entry.state === "sending") return;
      const reset = {
        state: "pending" as const,
        nextAttemptAt: 0,
        claimedAt: null,
        lastError: null,
        lastStatus: null,
      };
      if (entry.state === "failed") {
        // A new request (new key), asked for by the admin now: its age counts from now (§A5).
        await this.db.outbox.delete(id);
        await this.db.outbox.add({
          ...entry,
          ...reset,
          id: newId(),
          attempts: 0,
          failStreak: 0,
          createdAt: new Date(this.now()).toISOString(),
        });
      } else {
        await this.db.outbox.update(id, { ...reset, failStreak: 0 });
      }
    });
    this.kick({ ignoreBackoff: true });
  }

  /**
   * Replaces the editable arguments of a waiting or refused entry (same
   * place in line, a new Idempotency-Key since the request changes). The
   * mutation's `revise` brings the optimistic rows in step, in the same
   * transaction, and gives the entry's new label.
   *
   * §A5: an entry that may already have reached the server (on its way, or
   * sent without an answer) is not edited in place: it still goes with its
   * own key, and the edit becomes a new entry at the end of the line.
   */
  async edit(id: string, changes: MutationArgs): Promise<OutboxEntry | null> {
    const edited = await this.db.transaction("rw", this.db.tables, async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) return null;
      const mutation = mutationNamed(entry.mutation);
      // The record's identity never changes: only the editable arguments are taken.
      const editable = new Set(mutation ? editableKeys(mutation, entry.args) : []);
      const args = {
        ...entry.args,
        ...Object.fromEntries(Object.entries(changes).filter(([key]) => editable.has(key))),
      };
      const label = mutation?.revise ? await mutation.revise(this.db, entry, args) : undefined;
      const fresh = {
        id: newId(),
        // A new request decided now: its age (§A5) counts from now.
        createdAt: new Date(this.now()).toISOString(),
        args,
        label: label ?? entry.label,
        attempts: 0,
        failStreak: 0,
        nextAttemptAt: 0,
        claimedAt: null,
        lastError: null,
        lastStatus: null,
      };
      if (mayHaveReachedServer(entry)) {
        const last = await this.db.outbox.orderBy("seq").last();
        // A creation that may have happened already: the edited one is a record of its own.
        const record = mutation?.creates && typeof args.id === "string" ? newId() : null;
        const entityId = record ?? entry.entityId;
        const added: StoredOutboxEntry = {
          ...entry,
          ...fresh,
          ...(record ? { args: { ...args, id: record } } : {}),
          entityId,
          rowKeys: outboxRowKeys({ entity: entry.entity, entityId, related: entry.related }),
          seq: (last?.seq ?? 0) + 1,
          state: entry.state === "needs_auth" ? "needs_auth" : "pending",
        };
        await this.db.outbox.add(added);
        return added;
      }
      const next: StoredOutboxEntry = {
        ...entry,
        ...fresh,
        state: entry.state === "needs_auth" ? "needs_auth" : "pending",
      };
      await this.db.outbox.delete(id);
      await this.db.outbox.add(next);
      return next;
    });
    if (edited) this.kick({ ignoreBackoff: true });
    return edited;
  }

  /**
   * Drops an entry. Its optimistic change is reverted by a full re-sync of
   * the admin mirror (now, or on the next sync when offline).
   */
  async discard(id: string): Promise<void> {
    const entry = await this.db.transaction("rw", [this.db.outbox, this.db.syncState], async () => {
      const found = await this.db.outbox.get(id);
      if (!found || found.state === "sending") return null;
      await this.db.outbox.delete(id);
      if (found.entity !== "contact") {
        // Forget the cursor: the next sync is a full one, and brings the server's rows back.
        const state = await readAdminSyncState(this.db);
        await this.db.syncState.put({ ...state, cursor: null });
      }
      return found;
    });
    if (entry && entry.entity !== "contact") {
      await this.revertOptimisticRows(entry);
      await this.refreshMirror();
    }
    this.kick();
  }

  /** Removes rows that exist only because of a discarded change (creations with a temporary id). */
  private async revertOptimisticRows(entry: OutboxEntry): Promise<void> {
    // Only creations made rows of their own; changed rows come back from the server on the full sync.
    if (entry.entity === "contact" || !mutationNamed(entry.mutation)?.creates) return;
    const table = this.db.mirrorTable(entry.entity);
    await this.db.transaction("rw", this.db.tables, async () => {
      const stillReferenced = (await this.db.outbox.toArray()).some(
        (other) => other.entityId === entry.entityId,
      );
      const row = await table.get(entry.entityId);
      if (row?._pending && !stillReferenced) await table.delete(entry.entityId);
    });
  }

  /** After the admin signed in again: the paused entries go, in order. */
  async resumeAfterSignIn(): Promise<void> {
    await this.db.transaction("rw", [this.db.outbox, this.db.syncState], async () => {
      await this.db.outbox
        .where("state")
        .equals("needs_auth")
        .modify({ state: "pending", nextAttemptAt: 0, claimedAt: null });
      const state = await readAdminSyncState(this.db);
      await this.db.syncState.put({ ...state, auth: "ok" });
    });
    this.kick({ ignoreBackoff: true });
  }
}

function eventBase(entry: OutboxEntry) {
  return {
    entryId: entry.id,
    entity: entry.entity,
    entityId: entry.entityId,
    mutation: entry.mutation,
    label: entry.label,
  };
}

export function createOutboxEngine(options: OutboxEngineOptions = {}): OutboxEngine {
  return new OutboxEngine(options);
}
