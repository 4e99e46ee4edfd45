import type { Knex } from "knex";
import type { PushMessage } from "@car-rental/shared/schemas/push";
import type { AppDeps } from "../deps";
import { sendWebPush, type StoredSubscription } from "./send-web-push";
import { vapidKeys } from "./vapid";
import { NOT_WAITING_FOR_DISK, runNotWaitingForDisk } from "../services/in-transaction";

/** What happened that the owner hears about (release-2 §D4). */
export type PushKind = "new-booking" | "cancellation" | "expiring-hold" | "expired-hold" | "contact-message";

export type QueuedPush = { kind: PushKind } & Omit<PushMessage, "pendingBookings">;

/** A claimed notification is another process's to retry once this passes. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
const RETRY_BASE_MS = 10_000;
/** A notification older than this is dropped: it would only be noise by then. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 20;

/**
 * Queues a notification for every subscribed device. Pass the transaction
 * that writes what it is about, so it exists exactly when that does.
 */
export async function enqueuePush(db: Knex, push: QueuedPush, now: Date): Promise<void> {
  const insert = insertPushSql(push, now);
  await db.raw(insert.sql, insert.bindings);
}

/** enqueuePush's one statement (an INSERT), for a caller that sends it with more (e.g. as a CTE). */
export function insertPushSql(push: QueuedPush, now: Date): { sql: string; bindings: Knex.RawBinding[] } {
  const { kind, ...message } = push;
  return {
    sql: "insert into push_outbox (kind, message, created_at, next_attempt_at) values (?, ?::jsonb, ?, ?)",
    bindings: [kind, JSON.stringify(message), now, now],
  };
}

type OutboxRow = {
  id: string;
  kind: string;
  message: Omit<PushMessage, "pendingBookings">;
  attempts: number;
  created_at: Date;
};

/**
 * Claims up to BATCH due notifications (SKIP LOCKED: processes never take the
 * same one) for the lease. The claim commits without waiting for the disk: a
 * claim lost in a crash leaves them due, to be claimed again.
 */
async function claimDue(knex: Knex, now: Date): Promise<OutboxRow[]> {
  const claimed = await runNotWaitingForDisk<OutboxRow>(
    knex,
    `with claimed as (
       update push_outbox set next_attempt_at = ?
         from ${NOT_WAITING_FOR_DISK}
        where id in (select id from push_outbox
                      where sent_at is null and next_attempt_at <= ?
                      order by id limit ?
                      for update skip locked)
        returning id, kind, message, attempts, created_at)
     select * from claimed order by id`,
    [new Date(now.getTime() + CLAIM_LEASE_MS), now, BATCH],
  );
  return claimed.rows;
}

async function pendingBookings(knex: Knex): Promise<number> {
  const row = await knex("bookings")
    .where({ status: "pending" })
    .count<{ count: string | number }[]>("* as count");
  return Number(row[0]?.count ?? 0);
}

export type PushDeps = Pick<AppDeps, "db" | "clock" | "config" | "logger"> & {
  /** How one notification is sent (tests: a local push service). */
  send?: typeof sendWebPush;
};

/**
 * One delivery round: each due notification goes to every subscribed device,
 * with the number of pending bookings for the app's badge. A device whose
 * push service answers 404 or 410 is gone and is removed; other failures are
 * retried with backoff for up to a day. Returns how many notifications were
 * handed to every device.
 */
export async function deliverDuePush(deps: PushDeps): Promise<number> {
  const knex = deps.db.knex;
  const send = deps.send ?? sendWebPush;
  const rows = await claimDue(knex, deps.clock.now());
  if (rows.length === 0) return 0;
  const subscriptions: StoredSubscription[] = await knex("push_subscriptions").select(
    "endpoint",
    "p256dh",
    "auth",
  );
  if (subscriptions.length === 0) {
    // No device to tell: the whole batch is done in one statement (one commit, not one per notification).
    await knex("push_outbox")
      .whereIn(
        "id",
        rows.map((row) => row.id),
      )
      .update({ sent_at: deps.clock.now(), last_error: null });
    return rows.length;
  }
  const keys = await vapidKeys(knex);
  const vapid = { ...keys, subject: `mailto:${deps.config.businessEmail}` };
  const badge = await pendingBookings(knex);
  let delivered = 0;
  for (const row of rows) {
    const payload = JSON.stringify({ ...row.message, pendingBookings: badge } satisfies PushMessage);
    let failure: string | null = null;
    for (const subscription of subscriptions) {
      try {
        const status = await send(subscription, payload, vapid);
        if (status === 404 || status === 410) {
          await knex("push_subscriptions").where({ endpoint: subscription.endpoint }).delete();
        } else if (status >= 200 && status < 300) {
          await knex("push_subscriptions")
            .where({ endpoint: subscription.endpoint })
            .update({ last_sent_at: deps.clock.now() });
        } else {
          failure = `push service answered ${status}`;
        }
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
    }
    const now = deps.clock.now();
    if (failure === null || now.getTime() - new Date(row.created_at).getTime() > GIVE_UP_AFTER_MS) {
      await knex("push_outbox").where({ id: row.id }).update({ sent_at: now, last_error: failure });
      if (failure === null) delivered += 1;
      continue;
    }
    const attempts = row.attempts + 1;
    const delay = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), 30 * 60 * 1000);
    await knex("push_outbox")
      .where({ id: row.id })
      .update({
        attempts,
        last_error: failure.slice(0, 2000),
        next_attempt_at: new Date(now.getTime() + delay),
      });
    deps.logger.warn(
      { pushId: row.id, kind: row.kind, attempts, err: failure },
      "notification not sent; will retry",
    );
  }
  return delivered;
}
