import type { Knex } from "knex";
import { isTransaction, NOT_WAITING_FOR_DISK, runNotWaitingForDisk } from "./in-transaction";

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

const COUNT_HIT = `insert into rate_limits (key, window_start, count) values (?::text, ?::timestamptz, 1)
  on conflict (key, window_start) do update set count = rate_limits.count + 1
  returning count`;
/** COUNT_HIT whose own (implicit) transaction commits asynchronously; see hitRateLimit. */
const COUNT_HIT_WITHOUT_WAITING_FOR_DISK = `insert into rate_limits (key, window_start, count)
  select ?::text, ?::timestamptz, 1 from ${NOT_WAITING_FOR_DISK}
  on conflict (key, window_start) do update set count = rate_limits.count + 1
  returning count`;

/**
 * Counts one hit against `key` in the current fixed window, in PostgreSQL so
 * the limit holds across server processes. Returns whether the hit is within
 * the limit, multiplied by `scale` (config RATE_LIMIT_SCALE).
 *
 * Outside a transaction the count commits without waiting for the disk
 * (NOT_WAITING_FOR_DISK): a crash can forget the last few hits, never a
 * booking or a payment. Inside a transaction the caller's commit decides.
 */
export async function hitRateLimit(
  knex: Knex,
  key: string,
  rule: RateLimit,
  now: Date,
  scale = 1,
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = isTransaction(knex)
    ? await knex.raw<{ rows: { count: number }[] }>(COUNT_HIT, [key, windowStart])
    : await runNotWaitingForDisk<{ count: number }>(knex, COUNT_HIT_WITHOUT_WAITING_FOR_DISK, [
        key,
        windowStart,
      ]);
  const count = Number(rows.rows[0]?.count ?? 1);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= rule.limit * scale, count, retryAfterSeconds };
}

/** Reads the current window's count without adding to it; `scale` as for hitRateLimit. */
export async function peekRateLimit(
  knex: Knex,
  key: string,
  rule: RateLimit,
  now: Date,
  scale = 1,
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await knex("rate_limits")
    .where({ key, window_start: windowStart })
    .first<{ count: number } | undefined>();
  const count = Number(row?.count ?? 0);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count < rule.limit * scale, count, retryAfterSeconds };
}

/** Deletes windows that ended long ago. */
export async function pruneRateLimits(knex: Knex, now: Date, olderThanSeconds = 86_400): Promise<void> {
  await knex("rate_limits")
    .where("window_start", "<", new Date(now.getTime() - olderThanSeconds * 1000))
    .delete();
}

/** Gives back one hit counted in the current window (an attempt that turned out not to count). */
export async function releaseRateLimitHit(
  knex: Knex,
  key: string,
  rule: RateLimit,
  now: Date,
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await knex("rate_limits")
    .where({ key, window_start: windowStart })
    .where("count", ">", 0)
    .decrement("count", 1);
}
