import type { Knex } from "knex";
import { clockToPickupTime } from "@car-rental/shared/availability";
import { ACTIVE_BOOKING_STATUSES, type BookingStatus } from "@car-rental/shared/constants";
import { diffDays } from "@car-rental/shared/dates";
import { compareMoney, normalizeMoney, subtractMoney } from "@car-rental/shared/money";
import {
  BOOKING_LIST_LIMITS,
  type AdminBookingInput,
  type BookingListQuery,
  type BookingTotals,
  type BookingView,
} from "@car-rental/shared/schemas/booking";
import { depositHeld, type Payment, type PaymentInput } from "@car-rental/shared/schemas/payment";
import { preparedRaw } from "@car-rental/db/prepared";
import { CarUnavailable, InvalidTransition, NotFound, PaymentRefused } from "../../errors";
import { carsTable, type CarRow } from "../cars/car-record";
import { customersTable, type CustomerRow } from "../customers/customer-record";
import { CUSTOMER_NOT_FOUND } from "../customers/customers.service";
import { selectPayments, toPayment, type PaymentRow } from "../customers/payment-record";
import {
  findBookingView,
  selectBookingViews,
  selectViewsOf,
  toBookingView,
  type BookingViewRow,
} from "./booking-view";
import { replayedCreate, rethrowIdClash } from "../client-id";
import { inTransaction } from "../in-transaction";
import { findOrCreateCustomer, insertBooking, withOverlapGuard } from "./booking-store";

/** What `GET /api/admin/bookings` filters by (`bookingListQuerySchema`). */
export type BookingListFilter = BookingListQuery;

const isActive = (status: string) => ACTIVE_BOOKING_STATUSES.some((active) => active === status);

/** `%` and `_` typed by the admin are literal characters in the search, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The booking views, newest first, filtered as asked. */
export async function listBookings(db: Knex, filter: BookingListFilter = {}): Promise<BookingView[]> {
  const query = selectBookingViews(db)
    .orderBy([
      { column: "b.created_at", order: "desc" },
      { column: "b.id", order: "desc" },
    ])
    .limit(Math.min(filter.limit ?? BOOKING_LIST_LIMITS.default, BOOKING_LIST_LIMITS.max))
    .offset(filter.offset ?? 0);
  if (filter.status) query.where("b.status", filter.status);
  if (filter.from) query.where("b.return_date", ">=", filter.from);
  if (filter.to) query.where("b.pickup_date", "<=", filter.to);
  if (filter.before) query.where("b.return_date", "<", filter.before);
  if (filter.customerId) query.where("b.customer_id", filter.customerId);
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    query.where((w) =>
      w
        .whereILike("c.full_name", pattern)
        .orWhereILike("c.email", pattern)
        .orWhereILike("k.name", pattern)
        .orWhereILike("b.reference", pattern),
    );
  }
  const rows = await query;
  return rows.map(toBookingView);
}

/**
 * The overview's figures over the bookings returning before `before` (the
 * ones older than the admin mirror's window, issue #23).
 */
export async function bookingTotalsBefore(db: Knex, before: string): Promise<BookingTotals> {
  const row = await db("bookings").where("return_date", "<", before).first<{
    bookings: string | number;
    pending: string | number;
    earnings: string;
    pending_revenue: string;
  }>(db.raw("count(*) as bookings"), db.raw("count(*) filter (where status = 'pending') as pending"), db.raw("coalesce(sum(total) filter (where status = 'completed'), 0) as earnings"), db.raw("coalesce(sum(total) filter (where status in ('pending', 'confirmed', 'active')), 0) as pending_revenue"));
  return {
    before,
    bookings: Number(row?.bookings ?? 0),
    pendingBookings: Number(row?.pending ?? 0),
    earnings: normalizeMoney(row?.earnings ?? "0"),
    pendingRevenue: normalizeMoney(row?.pending_revenue ?? "0"),
  };
}

async function viewOf(db: Knex, id: string): Promise<BookingView> {
  const view = await findBookingView(db, id);
  if (!view) throw new NotFound("Booking not found");
  return view;
}

/** The car of an admin booking: by id when given, else by exact name; archived cars do not count. */
async function findCarFor(db: Knex, input: AdminBookingInput): Promise<CarRow> {
  const query = carsTable(db).whereNull("deleted_at");
  if (input.carId) query.where({ id: input.carId });
  else query.where({ name: input.carName }).orderBy("created_at");
  const car = await query.first();
  if (!car) throw new NotFound("Car not found");
  return car;
}

/**
 * The customer of an admin booking: the one named by `customerId` (404 when
 * deleted or unknown), else the one with the e-mail, created when there is
 * none (the spec's payload has no phone: stored as '').
 */
async function customerFor(trx: Knex.Transaction, input: AdminBookingInput): Promise<CustomerRow> {
  if (input.customerId === undefined) {
    return findOrCreateCustomer(trx, { fullName: input.customerName, email: input.customerEmail, phone: "" });
  }
  const customer = await customersTable(trx).where({ id: input.customerId }).whereNull("deleted_at").first();
  if (!customer) throw new NotFound(CUSTOMER_NOT_FOUND);
  return customer;
}

/**
 * `POST /api/admin/bookings`: the admin's own booking (spec §3), for the
 * customer customerFor gives. The admin's total stands as the whole price: subtotal = total, no
 * driver, distance or insurance lines; the daily rate recorded is the car's
 * current one. Past dates are allowed (recording a rental already done), but
 * a pending or confirmed booking must fit the calendar (409 DATES_UNAVAILABLE)
 * and needs a car that is available. No mail is sent.
 */
export async function createAdminBooking(db: Knex, input: AdminBookingInput): Promise<BookingView> {
  return db.transaction(async (trx) => {
    if (input.id !== undefined) {
      const stored = await findBookingView(trx, input.id);
      if (stored) return replayedBooking(stored, input);
    }
    // Release-2 §C3: a booking becomes active only by its check-out.
    if (input.status === "active") throw new InvalidTransition({ to: "active" });
    const car = await findCarFor(trx, input);
    if (isActive(input.status) && !car.available) throw new CarUnavailable();
    const customer = await customerFor(trx, input);
    const total = normalizeMoney(input.total);
    const id = await insertBooking(trx, {
      customerId: customer.id,
      carId: car.id,
      range: { start: input.pickupDate, end: input.returnDate, pickupTime: input.pickupTime },
      withDriver: false,
      driverService: "none",
      distanceService: "none",
      wantsDelivery: false,
      deliveryAddress: null,
      totalDays: diffDays(input.pickupDate, input.returnDate),
      dailyRate: normalizeMoney(car.daily_rate),
      subtotal: total,
      driverFee: "0.00",
      distanceFee: "0.00",
      insurance: "0.00",
      total,
      deposit: normalizeMoney(car.deposit),
      status: input.status,
      source: "admin",
      bookingTokenHash: null,
      contactEmail: customer.email.toLowerCase(),
      ...(input.id === undefined ? {} : { id: input.id }),
    }).catch((error: unknown) => rethrowIdClash(error, "bookings"));
    return viewOf(trx, id);
  });
}

/** A booking already stored under the id the browser chose: the same request is answered it, another is refused. */
function replayedBooking(stored: BookingView, input: AdminBookingInput): BookingView {
  const asked = {
    ...(input.customerId === undefined
      ? { customerEmail: input.customerEmail.toLowerCase() }
      : { customerId: input.customerId }),
    carId: input.carId ?? stored.carId,
    pickupDate: input.pickupDate,
    returnDate: input.returnDate,
    total: input.total,
    status: input.status,
  };
  replayedCreate({ ...stored, customerEmail: stored.customerEmail.toLowerCase() }, asked);
  return stored;
}

type BookingLockRow = {
  id: string;
  car_id: string;
  status: string;
  pickup_date: string;
  return_date: string;
  pickup_time: string;
  total: string;
  amount_paid: string;
};

/** The booking's row, locked until the transaction ends (a prepared statement: every admin change of a booking starts with it). */
async function lockBooking(trx: Knex.Transaction, id: string): Promise<BookingLockRow> {
  const { rows } = await preparedRaw<BookingLockRow>(
    trx,
    `select id, car_id, status, pickup_date, return_date, pickup_time, total, amount_paid
       from bookings where id = ? for update`,
    [id],
  );
  const [row] = rows;
  if (!row) throw new NotFound("Booking not found");
  return row;
}

/** setBookingStatus's update answering the view (selectViewsOf), compiled once, bound to [status, id]. */
let statusUpdateSql: string | undefined;

/**
 * `PATCH /api/admin/bookings/:id/status`: any status at any time, `expired`
 * included both ways, except the handover's (release-2 §C3): `active` is
 * reached only by the check-out and left only by the check-in, so setting
 * `active` here, or changing an active booking here, is 409
 * INVALID_TRANSITION (setting the status it already has is a no-op). Making a booking pending or confirmed again is checked
 * by the database once more (409 DATES_UNAVAILABLE when its dates were
 * taken). A status the admin set is the admin's decision: the booking no
 * longer expires on its own (`admin_status_at`).
 */
export async function setBookingStatus(db: Knex, id: string, status: BookingStatus): Promise<BookingView> {
  return inTransaction(db, async (trx) => {
    const booking = await lockBooking(trx, id);
    if (booking.status !== status && (status === "active" || booking.status === "active")) {
      throw new InvalidTransition({ from: booking.status, to: status });
    }
    if (booking.status === status) return viewOf(trx, id);
    if (isActive(status) && !isActive(booking.status)) {
      // Taking its dates again: the database may refuse the overlap. The locked row holds the dates
      // (read as the view reads them): no view needed before the write.
      const candidate = {
        start: booking.pickup_date,
        end: booking.return_date,
        pickupTime: clockToPickupTime(booking.pickup_time),
      };
      await withOverlapGuard(trx, booking.car_id, candidate, (savepoint) =>
        savepoint("bookings").where({ id }).update({ status, admin_status_at: savepoint.fn.now() }),
      );
      return viewOf(trx, id);
    }
    // Between two statuses that hold the car (pending and confirmed), or to one that frees it: its
    // dates stay held or are given up, so no overlap can arise (no savepoint for one), and the
    // update answers the view.
    statusUpdateSql ??= selectViewsOf(trx, "updated")
      .with(
        "updated",
        trx.raw(
          "update bookings set status = ?, admin_status_at = current_timestamp where id = ? returning *",
          ["?", "?"],
        ),
      )
      .toSQL().sql;
    const { rows } = await preparedRaw<BookingViewRow>(trx, statusUpdateSql, [status, id]);
    const [row] = rows;
    if (!row) throw new NotFound("Booking not found");
    return toBookingView(row);
  });
}

/** The payment call's answer: the booking view (amountPaid updated), also as `booking`, and the ledger row. */
export type PaymentAnswer = BookingView & { booking: BookingView; payment: Payment };

/**
 * `PATCH /api/admin/bookings/:id/payment`: records one payment in the ledger,
 * with the booking row locked so two payments never both fit one balance.
 * A `rental` payment (the default) is added to `amount_paid`; more than the
 * balance still owed is refused (422 PAYMENT_EXCEEDS_BALANCE,
 * details.balance). A `deposit` or `deposit-refund` (release-2 §E2) leaves
 * `amount_paid` and the balance alone; a refund of more than the deposit
 * held is refused the same way (details.balance = the deposit held). All
 * arithmetic in centavos.
 */
export async function addPayment(db: Knex, id: string, input: PaymentInput): Promise<PaymentAnswer> {
  return inTransaction(db, async (trx) => {
    const booking = await lockBooking(trx, id);
    const refusal = await paymentRefusal(trx, booking, input);
    if (refusal) {
      // Recorded before under this id (its answer was lost), when the balance still had room for it.
      const stored = await storedPayment(trx, id, input);
      if (stored) return paymentAnswer(await viewOf(trx, id), stored);
      throw refusal;
    }
    const payment =
      (await insertPayment(trx, id, input)) ??
      // The id is taken: the same payment, recorded before, is answered again (never added twice).
      (await storedPayment(trx, id, input));
    if (!payment) throw new Error("the payment's id is taken, yet no payment holds it");
    return paymentAnswer(await viewOf(trx, id), payment);
  });
}

/** Why the payment cannot be recorded against `booking` (its amount, the balance or the deposit held), if it cannot. */
async function paymentRefusal(
  trx: Knex.Transaction,
  booking: BookingLockRow,
  input: PaymentInput,
): Promise<PaymentRefused | null> {
  if (compareMoney(input.amount, 0) <= 0) return new PaymentRefused("PAYMENT_INVALID");
  const limit =
    input.kind === "rental"
      ? subtractMoney(booking.total, booking.amount_paid)
      : input.kind === "deposit-refund"
        ? depositHeld((await selectPayments(trx).where("p.booking_id", booking.id)).map(toPayment))
        : null;
  if (limit === null || compareMoney(input.amount, limit) <= 0) return null;
  return new PaymentRefused("PAYMENT_EXCEEDS_BALANCE", {
    balance: compareMoney(limit, 0) < 0 ? "0.00" : limit,
  });
}

/**
 * The payment already stored under the id the client chose, when it is this
 * one (same booking, amount, kind and note); null when there is none or no id.
 * @throws IdTaken when the id holds another payment.
 */
async function storedPayment(
  trx: Knex.Transaction,
  id: string,
  input: PaymentInput,
): Promise<PaymentRow | null> {
  if (input.id === undefined) return null;
  const columns = { booking_id: id, amount: input.amount, kind: input.kind, note: input.note };
  return replayedCreate(await trx<PaymentRow>("payments").where({ id: input.id }).first(), columns);
}

/**
 * Records the payment and, for a rental payment (the only kind that counts
 * towards the booking's total, release-2 §E2), adds it to `amount_paid`: one
 * statement. Its time is when the owner recorded it (offline, it arrives
 * later), never after now; else now: the clock, not the transaction's start,
 * so the payments of one batch keep the order they were made. Null, with
 * nothing changed, when the id the client chose is taken.
 */
async function insertPayment(
  trx: Knex.Transaction,
  id: string,
  input: PaymentInput,
): Promise<PaymentRow | null> {
  const { rows } = await preparedRaw<PaymentRow>(
    trx,
    `with inserted as (
       insert into payments (id, booking_id, amount, kind, note, created_at)
       values (coalesce(?::uuid, gen_random_uuid()), ?, ?, ?, ?,
               least(coalesce(?::timestamptz, clock_timestamp()), clock_timestamp()))
       on conflict (id) do nothing
       returning id, booking_id, amount, kind, note, created_at
     ),
     paid as (
       update bookings set amount_paid = bookings.amount_paid + inserted.amount
         from inserted
        where bookings.id = inserted.booking_id and inserted.kind = 'rental'
     )
     select * from inserted`,
    [input.id ?? null, id, input.amount, input.kind, input.note ?? null, input.recordedAt ?? null],
  );
  return rows[0] ?? null;
}

function paymentAnswer(view: BookingView, payment: PaymentRow): PaymentAnswer {
  return { ...view, booking: view, payment: toPayment(payment) };
}
