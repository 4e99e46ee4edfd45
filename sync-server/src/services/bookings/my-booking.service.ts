/**
 * My booking (release-2 §D2, §D3): the customer's own view of a booking,
 * found by reference and e-mail or phone (or a booking token), its
 * cancellation and its calendar file.
 */
import type { Knex } from "knex";
import { rentalTerms } from "@car-rental/shared/constants";
import { manilaToday } from "@car-rental/shared/dates";
import { parseMoney, toMoneyString } from "@car-rental/shared/money";
import { normalizeBookingReference } from "@car-rental/shared/booking-reference";
import type {
  BookingLookup,
  CancellationClosedReason,
  MyBooking,
} from "@car-rental/shared/schemas/my-booking";
import type { AppDeps } from "../../deps";
import { BookingNotFound, CancellationClosed, TooManyRequests } from "../../errors";
import { bookingCancelledMail, bookingCancelledNoticeMail } from "../../mail/cancellation-templates";
import { enqueueMail } from "../../mail/mail-outbox";
import { bookingPush } from "../../push/booking-push";
import { enqueuePush } from "../../push/push-outbox";
import { hitRateLimit, releaseRateLimitHit, type RateLimit } from "../rate-limit.service";
import { carsTable, toCar } from "../cars/car-record";
import { bookingCalendarFile, manilaInstant } from "./booking-calendar";
import { issueBookingToken, tokenMatches, tokenStillValid, withinTokenLifetime } from "./booking-access";
import { selectBookingViews, toBookingView } from "./booking-view";
import { phoneKey } from "./public-booking.service";

export type MyBookingDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** Failed lookups per client address: 10 in 15 minutes, then 429 (release-2 §D2). */
export const BOOKING_LOOKUP_FAILURE_LIMIT: RateLimit = { limit: 10, windowSeconds: 15 * 60 };

const HOUR_MS = 60 * 60 * 1000;

type AccessRow = {
  id: string;
  status: string;
  pickup_date: string;
  return_date: string;
  pickup_time: string;
  contact_email: string | null;
  contact_phone: string | null;
  contact_name: string | null;
  customer_email: string;
  customer_phone: string | null;
  customer_name: string;
};

function accessQuery(db: Knex) {
  return db("bookings as b")
    .join("customers as c", "c.id", "b.customer_id")
    .select<AccessRow[]>(
      "b.id",
      "b.status",
      "b.pickup_date",
      "b.return_date",
      "b.pickup_time",
      "b.contact_email",
      "b.contact_phone",
      "b.contact_name",
      "c.email as customer_email",
      "c.phone as customer_phone",
      "c.full_name as customer_name",
    );
}

/** A phone as the lookup compares it: `phoneKey`, and a local number typed without its leading 0 (917…) with it. */
function lookupPhoneKey(phone: string): string {
  const key = phoneKey(phone);
  return /^9\d{9}$/.test(key) ? `0${key}` : key;
}

/** Whether the e-mail (case-insensitive) or phone (digits, 09… = +639…) typed is the booking's. */
function contactMatches(row: AccessRow, contact: string): boolean {
  if (contact.includes("@")) {
    const typed = contact.trim().toLowerCase();
    return typed === (row.contact_email ?? row.customer_email).trim().toLowerCase();
  }
  const typed = lookupPhoneKey(contact);
  const stored = row.contact_phone ?? row.customer_phone;
  return typed.length >= 7 && stored !== null && typed === lookupPhoneKey(stored);
}

/** The instant of the booking's pickup (its Manila date at its pickup time). */
function pickupInstant(row: { pickup_date: string; pickup_time: string }): number {
  const hour = Number(/^(\d{1,2})/.exec(row.pickup_time)?.[1] ?? "9");
  return manilaInstant(row.pickup_date, hour);
}

/** Why the customer cannot cancel now, or null when they can. */
function cancellationClosedReason(row: AccessRow, now: Date): CancellationClosedReason | null {
  if (row.status !== "pending" && row.status !== "confirmed") return "status";
  if (pickupInstant(row) - now.getTime() < rentalTerms.freeCancellationHours * HOUR_MS) return "too-late";
  return null;
}

const closedMessages: Record<CancellationClosedReason, (status: string) => string> = {
  status: (status) => `This booking is ${status}: it can no longer be cancelled.`,
  "too-late": () =>
    `Pickup is less than ${rentalTerms.freeCancellationHours} hours away: this booking can no longer be cancelled online. Please call us.`,
};

/** The booking as My booking shows it, with `bookingToken` for the page. */
async function myBookingOf(db: Knex, row: AccessRow, bookingToken: string, now: Date): Promise<MyBooking> {
  const viewRow = await selectBookingViews(db).where("b.id", row.id).first();
  if (!viewRow) throw new BookingNotFound();
  const car = await carsTable(db).where({ id: viewRow.car_id }).first();
  if (!car) throw new BookingNotFound();
  const {
    customerId: _customerId,
    documents,
    driverLicense: _driverLicense,
    ...view
  } = toBookingView(viewRow);
  const balance = parseMoney(view.total) - parseMoney(view.amountPaid);
  const state = {
    photoId1: Boolean(documents?.photoId1Url),
    photoId2: Boolean(documents?.photoId2Url),
    proofOfBilling: Boolean(documents?.proofOfBillingUrl),
  };
  // What was typed with the booking, never a stored customer's details (release 2 A3).
  const fullName = row.contact_name ?? row.customer_name;
  const email = row.contact_email ?? row.customer_email;
  return {
    customer: { fullName, email },
    booking: {
      ...view,
      customerName: fullName,
      customerEmail: email,
      balance: toMoneyString(balance > 0n ? balance : 0n),
      documents: { ...state, complete: state.photoId1 && state.photoId2 && state.proofOfBilling },
      cancellable: cancellationClosedReason(row, now) === null,
    },
    car: toCar(car),
    bookingToken,
    status: view.status,
  };
}

/**
 * `POST /api/bookings/lookup`. Every attempt reserves one of the address's
 * failed lookups first (on the shared pool, never the request's
 * transaction, so a refusal cannot roll it back); a match gives it back. A
 * wrong reference, contact or token is the same 404 BOOKING_NOT_FOUND; past
 * the limit every attempt is 429. A lookup by contact hands out a new token;
 * one by token answers with that token.
 */
export async function lookupBooking(
  deps: MyBookingDeps,
  db: Knex,
  clientAddress: string,
  input: BookingLookup,
): Promise<MyBooking> {
  const now = deps.clock.now();
  const key = `booking-lookup:${clientAddress}`;
  const rule = BOOKING_LOOKUP_FAILURE_LIMIT;
  const hit = await hitRateLimit(deps.db.knex, key, rule, now, deps.config.rateLimitScale);
  if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);

  const reference = normalizeBookingReference(input.reference);
  const row = reference ? await accessQuery(db).where("b.reference", reference).first() : undefined;
  let matched = false;
  if (row && input.contact !== undefined) matched = contactMatches(row, input.contact);
  else if (row && input.bookingToken !== undefined) {
    const own = await tokenMatches(db, row.id, input.bookingToken);
    matched = own && tokenStillValid(row, manilaToday(now));
    // A token of this booking that stopped working (cancelled, or long returned) is no guess: not a failure.
    if (own && !matched) await releaseRateLimitHit(deps.db.knex, key, rule, now);
  }
  if (!row || !matched) throw new BookingNotFound();

  await releaseRateLimitHit(deps.db.knex, key, rule, now);
  const token = input.bookingToken ?? (await issueBookingToken(db, row.id, now));
  return myBookingOf(db, row, token, now);
}

/**
 * The booking of `bookingId` when `token` is one of its tokens and still valid; else 404
 * BOOKING_NOT_FOUND. With `evenCancelled`, a cancelled booking's token still finds it (for the
 * cancellation's own refusal: see cancelBooking).
 */
async function bookingByToken(
  db: Knex,
  bookingId: string,
  token: string,
  now: Date,
  { evenCancelled = false } = {},
): Promise<AccessRow> {
  const row = await accessQuery(db).where("b.id", bookingId).first();
  const today = manilaToday(now);
  const valid =
    row !== undefined &&
    (evenCancelled && row.status === "cancelled"
      ? withinTokenLifetime(row.return_date, today)
      : tokenStillValid(row, today));
  if (!row || !valid || !(await tokenMatches(db, row.id, token))) throw new BookingNotFound();
  return row;
}

/**
 * `POST /api/bookings/:id/cancel` with a booking token: while the booking is
 * pending or confirmed and its pickup is at least 24 hours away, it becomes
 * `cancelled` (the overlap constraint counts only pending and confirmed, so
 * its dates are free at once), the customer and the shop are mailed and the
 * owner notified, all in one transaction. Anything else, an already
 * cancelled booking too (whose token otherwise stopped working), is 409
 * CANCELLATION_CLOSED with `details.reason`, and nothing is mailed again.
 */
export async function cancelBooking(
  deps: MyBookingDeps,
  db: Knex,
  bookingId: string,
  token: string,
): Promise<MyBooking> {
  const now = deps.clock.now();
  return db.transaction(async (trx) => {
    await trx("bookings").select("id").where({ id: bookingId }).forUpdate();
    const row = await bookingByToken(trx, bookingId, token, now, { evenCancelled: true });
    const reason = cancellationClosedReason(row, now);
    if (reason)
      throw new CancellationClosed(closedMessages[reason](row.status), { reason, status: row.status });

    await trx("bookings").where({ id: bookingId }).update({ status: "cancelled" });
    const cancelled = { ...row, status: "cancelled" };
    const answer = await myBookingOf(trx, cancelled, token, now);
    const mailInput = {
      booking: answer.booking,
      car: answer.car,
      customer: answer.customer,
      publicUrl: deps.config.publicUrl,
    };
    const limits = { ownerAddress: deps.config.businessEmail };
    await enqueueMail(trx, bookingCancelledMail(mailInput), now, limits);
    await enqueueMail(trx, bookingCancelledNoticeMail(mailInput, deps.config.businessEmail), now, limits);
    await enqueuePush(trx, bookingPush("cancellation", answer.booking), now);
    return answer;
  });
}

/** `GET /api/bookings/:id/calendar.ics?token=…`: the booking as one calendar event. */
export async function bookingCalendar(deps: MyBookingDeps, db: Knex, bookingId: string, token: string) {
  const now = deps.clock.now();
  await bookingByToken(db, bookingId, token, now);
  const viewRow = await selectBookingViews(db).where("b.id", bookingId).first();
  if (!viewRow) throw new BookingNotFound();
  const view = toBookingView(viewRow);
  return {
    reference: view.reference,
    file: bookingCalendarFile({
      id: view.id,
      reference: view.reference,
      carName: view.carName,
      pickupDate: view.pickupDate,
      returnDate: view.returnDate,
      pickupTime: view.pickupTime,
      status: view.status,
    }),
  };
}
