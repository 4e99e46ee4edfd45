import type { AppDeps } from "./deps";
import { deliverDueMail } from "./mail/mail-outbox";
import { deliverDuePush } from "./push/push-outbox";
import { pruneSessions } from "./services/admin/admin-session.service";
import {
  expirePendingBookings,
  pruneHoldWarnings,
  warnExpiringHolds,
} from "./services/bookings/booking-expiry.service";
import { pruneIdempotencyKeys } from "./services/idempotency.service";
import { deleteUnattachedObjects } from "./services/objects/upload.service";
import { pruneRateLimits } from "./services/rate-limit.service";

export type BackgroundWork = { stop(): Promise<void>; kick(): void };

const MAIL_INTERVAL_MS = 5_000;
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** The first housekeeping after start: once the start's own work is done. */
const FIRST_HOUSEKEEPING_MS = 60 * 1000;

/**
 * The periodic work of a server process: expiring pending bookings past
 * their hold and warning the owner of holds about to end, delivering the
 * mail outbox (one round, every few seconds: an expiry's mail goes out in
 * the same round) and the notifications, and
 * pruning expired sessions, idempotency keys, rate-limit windows, the hold
 * warnings of bookings no longer pending and uploads attached to nothing
 * after 24 hours. Rows are claimed with SKIP LOCKED, so
 * several processes can run this side by side.
 */
export function startBackgroundWork(
  deps: AppDeps,
  intervals = { mailMs: MAIL_INTERVAL_MS, firstHousekeepingMs: FIRST_HOUSEKEEPING_MS },
): BackgroundWork {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const runMail = () => {
    if (stopped) return;
    running = running
      .then(() => expirePendingBookings(deps))
      .catch((err: unknown) => deps.logger.warn({ err }, "booking expiry round failed"))
      .then(() => warnExpiringHolds(deps))
      .catch((err: unknown) => deps.logger.warn({ err }, "expiring-hold warning round failed"))
      .then(() => deliverDueMail(deps, deps.config.mailClaimLeaseMs))
      .catch((err: unknown) => deps.logger.warn({ err }, "mail delivery round failed"))
      .then(() => deliverDuePush(deps))
      .catch((err: unknown) => deps.logger.warn({ err }, "notification delivery round failed"));
  };
  const housekeeping = async () => {
    const now = deps.clock.now();
    await pruneSessions(deps.db.knex, now);
    await pruneIdempotencyKeys(deps.db.knex, now);
    await pruneRateLimits(deps.db.knex, now);
    await pruneHoldWarnings(deps.db.knex);
    // Batches of 100 until none is left (claimed with SKIP LOCKED: processes share the work).
    let deleted: number;
    do deleted = await deleteUnattachedObjects(deps);
    while (deleted > 0);
  };

  let housekeepingRun: Promise<void> = Promise.resolve();
  const runHousekeeping = () => {
    if (stopped) return;
    housekeepingRun = housekeepingRun
      .then(housekeeping)
      .catch((err: unknown) => deps.logger.warn({ err }, "housekeeping failed"));
  };

  const mailTimer = setInterval(runMail, intervals.mailMs);
  const houseTimer = setInterval(runHousekeeping, HOUSEKEEPING_INTERVAL_MS);
  // Also soon after start: a server restarted more often than hourly would otherwise never prune.
  const firstHousekeeping = setTimeout(runHousekeeping, intervals.firstHousekeepingMs);
  mailTimer.unref();
  houseTimer.unref();
  firstHousekeeping.unref();
  runMail();

  return {
    kick: runMail,
    async stop() {
      stopped = true;
      clearInterval(mailTimer);
      clearInterval(houseTimer);
      clearTimeout(firstHousekeeping);
      await running;
      await housekeepingRun;
    },
  };
}
