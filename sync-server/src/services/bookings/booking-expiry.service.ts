import type { Knex } from "knex";
import type { AppDeps } from "../../deps";
import { enqueueMail } from "../../mail/mail-outbox";
import { bookingPush } from "../../push/booking-push";
import { enqueuePush } from "../../push/push-outbox";
import { bookingExpiredMail } from "../../mail/templates";
import { carsTable, toCar } from "../cars/car-record";
import { selectBookingViews, toBookingView } from "./booking-view";

export type BookingExpiryDeps = Pick<AppDeps, "db" | "clock" | "config">;

const BATCH = 100;
const HOUR_MS = 60 * 60 * 1000;
/** How long before its hold ends the owner is told a pending booking will expire (release-2 §D4). */
const HOLD_WARNING_MS = 2 * HOUR_MS;

/**
 * When, before the end of a hold of `holdHours`, its warning goes: HOLD_WARNING_MS, or a quarter of
 * a hold shorter than four times that (a 4-hour hold is warned an hour before it ends).
 */
function holdWarningLeadMs(holdHours: number): number {
  return Math.min(HOLD_WARNING_MS, (holdHours * HOUR_MS) / 4);
}

type DueRow = { id: string; contact_email: string | null };

/**
 * Release 2 A4: a pending public booking holds its dates for
 * `config.pendingHoldHours` (PENDING_HOLD_HOURS); not confirmed by then, it
 * becomes `expired` (its dates are free again: the overlap constraint counts
 * only pending and confirmed) and the customer is mailed.
 *
 * Driven by the database, not by a timer per booking: every round asks for
 * the pending public bookings created before now minus the hold, so nothing
 * is lost across restarts, and a change of the hold applies to every booking.
 * A booking whose status the admin set (`admin_status_at`, e.g. set back to
 * pending after it expired) is the admin's and is left alone. Rows are
 * claimed with SKIP LOCKED, so processes running this side by side never
 * take the same booking, and the mail is queued in the transaction that
 * changes the status: exactly one mail per expired booking.
 * @returns how many bookings expired.
 */
export function expirePendingBookings(deps: BookingExpiryDeps): Promise<number> {
  return inBatches(() => expireBatch(deps, deps.db.knex));
}

/** Runs `batch` (up to BATCH bookings each) until one does fewer; how many bookings they did in all. */
async function inBatches(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < BATCH) return total;
  }
}

async function expireBatch(deps: BookingExpiryDeps, knex: Knex): Promise<number> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.config.pendingHoldHours * HOUR_MS);
  return knex.transaction(async (trx) => {
    const due: DueRow[] = await trx("bookings")
      .select("id", "contact_email")
      .where({ status: "pending", source: "public" })
      .whereNull("admin_status_at")
      .where("created_at", "<", cutoff)
      .orderBy("created_at")
      .orderBy("id")
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    if (due.length === 0) return 0;
    const ids = due.map((row) => row.id);
    await trx("bookings").whereIn("id", ids).update({ status: "expired" });

    const views = await selectBookingViews(trx).whereIn("b.id", ids).orderBy("b.id");
    const carIds = [...new Set(views.map((view) => view.car_id))];
    const cars = new Map((await carsTable(trx).whereIn("id", carIds)).map((car) => [car.id, toCar(car)]));
    const contactOf = new Map(due.map((row) => [row.id, row.contact_email]));
    for (const row of views) {
      const booking = toBookingView(row);
      const car = cars.get(booking.carId);
      if (!car) continue;
      const mail = bookingExpiredMail(
        {
          booking,
          car,
          // The address typed with the booking (the confirmation went there), else the customer's.
          customer: {
            fullName: booking.customerName,
            email: contactOf.get(booking.id) ?? booking.customerEmail,
          },
          publicUrl: deps.config.publicUrl,
        },
        deps.config.pendingHoldHours,
      );
      await enqueueMail(trx, mail, now, { ownerAddress: deps.config.businessEmail });
      await enqueuePush(trx, bookingPush("expired-hold", booking), now);
    }
    return due.length;
  });
}

type WarnedRow = { booking_id: string };

/**
 * Release-2 §D4, "expiring holds": tells the owner's devices, once per
 * booking, that a pending public booking's hold ends soon
 * (holdWarningLeadMs before it does) and when, so it can still be confirmed
 * in time; `expirePendingBookings` tells them when it did expire. Bookings
 * whose status the admin set are left alone, as there. Claimed in
 * `hold_warnings` in the transaction that queues the notification, rows
 * locked with SKIP LOCKED: processes side by side, or a restart, never warn
 * twice. A hold that ended before its warning went (a server that was down)
 * gets none: only the expiry's.
 * @returns how many bookings were warned about.
 */
export function warnExpiringHolds(deps: BookingExpiryDeps): Promise<number> {
  return inBatches(() => warnBatch(deps, deps.db.knex));
}

async function warnBatch(deps: BookingExpiryDeps, knex: Knex): Promise<number> {
  const now = deps.clock.now();
  const holdMs = deps.config.pendingHoldHours * HOUR_MS;
  // Created after `expiredBefore`: still held; created before `warnBefore`: the hold ends within the lead.
  const expiredBefore = new Date(now.getTime() - holdMs);
  const warnBefore = new Date(now.getTime() - holdMs + holdWarningLeadMs(deps.config.pendingHoldHours));
  return knex.transaction(async (trx) => {
    const claimed = await trx.raw<{ rows: WarnedRow[] }>(
      `with due as (
         select b.id from bookings b
          where b.status = 'pending' and b.source = 'public' and b.admin_status_at is null
            and b.created_at >= ? and b.created_at < ?
            and not exists (select 1 from hold_warnings w where w.booking_id = b.id)
          order by b.created_at, b.id
          limit ?
          for update of b skip locked)
       insert into hold_warnings (booking_id, warned_at)
       select id, ? from due
       on conflict (booking_id) do nothing
       returning booking_id`,
      [expiredBefore, warnBefore, BATCH, now],
    );
    const ids = claimed.rows.map((row) => row.booking_id);
    if (ids.length === 0) return 0;
    const views = await selectBookingViews(trx).whereIn("b.id", ids).orderBy("b.id");
    for (const row of views) {
      const booking = toBookingView(row);
      const endsAt = new Date(new Date(booking.createdAt).getTime() + holdMs);
      await enqueuePush(trx, bookingPush("expiring-hold", booking, { holdEndsAt: endsAt }), now);
    }
    return ids.length;
  });
}

/**
 * Forgets the warnings of bookings no longer pending (confirmed, expired, cancelled): none of them is
 * warned about again (a booking the admin sets back to pending is the admin's, and never warned).
 * Housekeeping, so the table holds only the holds running now.
 */
export async function pruneHoldWarnings(knex: Knex): Promise<void> {
  await knex.raw(
    "delete from hold_warnings w using bookings b where b.id = w.booking_id and b.status <> 'pending'",
  );
}
