/**
 * When the outbox engine drains on its own while started (split out of the
 * engine, issue #19): the periodic drain; a timer for the moment the first
 * entry in line is due again after its backoff; and, while an entry waits
 * longer, a cheap health probe of the server (issue #24). Any answer from
 * the server (the probe's, or any call of the page) clears the backoff of
 * the entries that got no answer, so they go at once.
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { routes } from "@car-rental/shared/api";
import type { ApiClient } from "./api-client";
import type { CarRentalDb } from "./db";
import { readNextStep } from "./outbox";

/** While an entry waits longer than this for its backoff, the server is asked this often whether it answers again. */
const PROBE_EVERY_MS = 2_000;

export type OutboxWakeupsOptions = {
  db: CarRentalDb;
  api: ApiClient;
  now: () => number;
  /** Periodic drain while started. */
  intervalMs: number;
  /** Starts a drain (the engine's `kick`). */
  kick: (options?: { ignoreBackoff?: boolean }) => void;
};

/** Clears the backoff of waiting entries that got no answer at all; whether one was waiting. */
function resetBackoff(db: CarRentalDb, now: () => number): Promise<boolean> {
  return db.transaction("rw", db.outbox, async () => {
    const at = now();
    const waiting = await db.outbox
      .where("state")
      .equals("pending")
      // Only entries that got no answer at all: a 5xx keeps its backoff, the server answered it.
      .filter(
        (entry) => entry.lastStatus === null && (entry.nextAttemptAt > at || (entry.failStreak ?? 0) > 0),
      )
      .modify({ nextAttemptAt: 0, failStreak: 0 });
    return waiting > 0;
  });
}

export class OutboxWakeups {
  private readonly options: OutboxWakeupsOptions;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private started = false;
  private noticing = false;

  constructor(options: OutboxWakeupsOptions) {
    this.options = options;
  }

  /** Periodic drains (worker-safe: timers only), and a drain now of what waits, backoff or not. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.interval = setInterval(() => this.options.kick(), this.options.intervalMs);
    // A page load never inherits the wait of an earlier page (issue #24): what waits goes now.
    this.options.kick({ ignoreBackoff: true });
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

  /** See `OutboxEngine.serverAnswered`. */
  serverAnswered(): void {
    if (!this.started || this.noticing) return;
    this.noticing = true;
    void resetBackoff(this.options.db, this.options.now)
      .then((waited) => {
        if (waited) this.options.kick();
      })
      .catch((error: unknown) => {
        console.error("Outbox backoff reset failed", error);
      })
      .finally(() => {
        this.noticing = false;
      });
  }

  /** Wakes up when the first entry in line is due again (backoff), while started. */
  async scheduleRetry(): Promise<void> {
    if (!this.started) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.retryTimer = null;
    this.probeTimer = null;
    const { db, now, intervalMs, kick } = this.options;
    const step = await readNextStep(db, now());
    if (step.kind !== "wait") return;
    const delay = Math.max(0, step.at - now());
    // A longer wait is cut short as soon as the server answers a cheap probe (issue #24).
    if (delay > PROBE_EVERY_MS) this.probeTimer = setTimeout(() => void this.probe(), PROBE_EVERY_MS);
    if (delay >= intervalMs) return; // The periodic drain comes first.
    this.retryTimer = setTimeout(() => kick(), delay);
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
      await this.options.api.raw("GET", routes.health.path, {
        signal: AbortSignal.timeout(PROBE_EVERY_MS * 2),
      });
      this.serverAnswered();
    } catch {
      // Still unreachable (or a 5xx): probe again while the entry waits.
      await this.scheduleRetry();
    }
  }
}
