import type { AppDeps } from "./deps";
import { deliverDueMail } from "./mail/mail-outbox";
import { deliverDuePush } from "./push/push-outbox";
import { pruneSessions } from "./services/admin/admin-session.service";
import { expirePendingBookings } from "./services/bookings/booking-expiry.service";
import { pruneIdempotencyKeys } from "./services/idempotency.service";
import { deleteUnattachedObjects } from "./services/objects/upload.service";
import { pruneRateLimits } from "./services/rate-limit.service";

export type BackgroundWork = { stop(): Promise<void>; kick(): void };

const MAIL_INTERVAL_MS = 5_000;
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The periodic work of a server process: expiring pending bookings past
 * their hold, delivering the mail outbox (one round, every few seconds: an
 * expiry's mail goes out in the same round) and the notifications, and
 * pruning expired sessions, idempotency keys, rate-limit windows and uploads
 * attached to nothing after 24 hours. Rows are claimed with SKIP LOCKED, so
 * several processes can run this side by side.
 */
export function startBackgroundWork(deps: AppDeps, intervals = { mailMs: MAIL_INTERVAL_MS }): BackgroundWork {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const runMail = () => {
    if (stopped) return;
    running = running
      .then(() => expirePendingBookings(deps))
      .catch((err: unknown) => deps.logger.warn({ err }, "booking expiry round failed"))
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
    // Batches of 100 until none is left (claimed with SKIP LOCKED: processes share the work).
    let deleted: number;
    do deleted = await deleteUnattachedObjects(deps);
    while (deleted > 0);
  };

  const mailTimer = setInterval(runMail, intervals.mailMs);
  const houseTimer = setInterval(() => {
    housekeeping().catch((err: unknown) => deps.logger.warn({ err }, "housekeeping failed"));
  }, HOUSEKEEPING_INTERVAL_MS);
  mailTimer.unref();
  houseTimer.unref();
  runMail();

  return {
    kick: runMail,
    async stop() {
      stopped = true;
      clearInterval(mailTimer);
      clearInterval(houseTimer);
      await running;
    },
  };
}
