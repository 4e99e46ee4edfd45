import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import { conflictingRanges, freeSlots, type BookedRange } from "@car-rental/shared/availability";
import { manilaToday } from "@car-rental/shared/dates";
import { quote, quoteMatches } from "@car-rental/shared/pricing";
import { nameKey } from "@car-rental/shared/schemas/blocked-name";
import {
  rentalDatesIssue,
  type PublicBookingRequest,
  type PublicBookingResponse,
} from "@car-rental/shared/schemas/booking";
import type { DocumentsInput } from "@car-rental/shared/schemas/customer";
import type { AppDeps } from "../../deps";
import {
  CarUnavailable,
  DatesUnavailable,
  NameBlocked,
  NotFound,
  PriceChanged,
  TooManyRequests,
  ValidationFailed,
} from "../../errors";
import { bookingConfirmationMail, bookingNoticeMail } from "../../mail/templates";
import { enqueueMail } from "../../mail/mail-outbox";
import { hitRateLimit, type RateLimit } from "../rate-limit.service";
import { verifyUploadedObject } from "../objects/upload.service";
import { carsTable, toCar } from "../cars/car-record";
import { activeRanges } from "../cars/cars.service";
import { customersTable } from "../customers/customer-record";
import { findBookingView } from "./booking-view";
import { findOrCreateCustomer, insertBooking } from "./booking-store";

export type PublicBookingDeps = Pick<AppDeps, "db" | "storage" | "clock" | "config">;

/**
 * Public booking attempts per client address. Generous on purpose: Philippine
 * mobile networks put many customers behind one address (carrier-grade NAT),
 * while a script flooding the calendar with fake holds is still stopped.
 */
export const PUBLIC_BOOKING_RATE_LIMIT: RateLimit = { limit: 200, windowSeconds: 10 * 60 };

/** Counts one public booking attempt from `clientAddress`; past the limit, 429. */
export async function limitPublicBookings(
  db: Knex,
  clientAddress: string,
  now: Date,
  scale = 1,
): Promise<void> {
  const hit = await hitRateLimit(db, `booking:${clientAddress}`, PUBLIC_BOOKING_RATE_LIMIT, now, scale);
  if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Whether a name is on the blocklist (trimmed, case-insensitive, inner spaces collapsed). */
export async function isNameBlocked(db: Knex, name: string): Promise<boolean> {
  const key = nameKey(name);
  if (key === "") return false;
  const row: { id: string } | undefined = await db("blocked_names")
    .select("id")
    .where({ name_key: key })
    .whereNull("deleted_at")
    .first();
  return row !== undefined;
}

/** The three document columns to set: only the documents given. */
function documentColumns(documents: {
  photoId1Url: string | null;
  photoId2Url: string | null;
  proofOfBillingUrl: string | null;
}): Record<string, string> {
  const columns: Record<string, string> = {};
  if (documents.photoId1Url) columns.photo_id1_url = documents.photoId1Url;
  if (documents.photoId2Url) columns.photo_id2_url = documents.photoId2Url;
  if (documents.proofOfBillingUrl) columns.proof_of_billing_url = documents.proofOfBillingUrl;
  return columns;
}

/** Verifies each given document upload and stores it on the customer, in `trx`. */
async function attachToCustomer(
  deps: PublicBookingDeps,
  trx: Knex.Transaction,
  customerId: string,
  documents: Parameters<typeof documentColumns>[0],
): Promise<void> {
  const columns = documentColumns(documents);
  for (const path of Object.values(columns)) await verifyUploadedObject(deps, path, "document", trx);
  if (Object.keys(columns).length > 0) await customersTable(trx).where({ id: customerId }).update(columns);
}

/**
 * `POST /api/bookings`, in one transaction: checks the dates against Manila
 * today, the car (exists: else 404; not archived and available: else 409
 * CAR_UNAVAILABLE), the blocklist (403), the price recomputed from the car's
 * current rate (409 PRICE_CHANGED with the fresh quote) and the pickup slot;
 * finds or creates the customer by e-mail without overwriting it, attaches
 * the given documents, inserts the booking (the exclusion constraint is the
 * guarantee: 409 DATES_UNAVAILABLE) and queues the two mails. Answers what
 * the visitor typed back, never the stored customer's details.
 */
export async function createPublicBooking(
  deps: PublicBookingDeps,
  db: Knex,
  request: PublicBookingRequest,
): Promise<PublicBookingResponse> {
  const { customer, booking } = request;
  const today = manilaToday(deps.clock.now());
  const issue = rentalDatesIssue(booking.pickupDate, booking.returnDate, today);
  if (issue)
    throw new ValidationFailed(issue.message, { fields: { [`booking.${issue.path}`]: [issue.message] } });

  return db.transaction(async (trx) => {
    // A share lock: the rate and the availability read stay valid until commit.
    const car = await carsTable(trx).where({ id: booking.carId }).forShare().first();
    if (!car) throw new NotFound("Car not found");
    if (car.deleted_at !== null || !car.available) throw new CarUnavailable();

    if (await isNameBlocked(trx, customer.fullName)) throw new NameBlocked();

    const fresh = quote({
      dailyRate: car.daily_rate,
      pickupDate: booking.pickupDate,
      returnDate: booking.returnDate,
      driverService: booking.driverService,
      distanceService: booking.distanceService,
    });
    if (!quoteMatches(booking, fresh)) throw new PriceChanged({ quote: fresh });

    const candidate: BookedRange = {
      start: booking.pickupDate,
      end: booking.returnDate,
      pickupTime: booking.pickupTime,
    };
    const ranges = await activeRanges(trx, car.id, today);
    if (!freeSlots(candidate.start, candidate.end, ranges).includes(candidate.pickupTime)) {
      const conflicts = conflictingRanges(candidate, ranges);
      throw new DatesUnavailable({ ranges: conflicts, conflicts });
    }

    const stored = await findOrCreateCustomer(trx, customer);
    if (request.documents) await attachToCustomer(deps, trx, stored.id, request.documents);

    const bookingToken = randomBytes(32).toString("base64url");
    const bookingId = await insertBooking(trx, {
      customerId: stored.id,
      carId: car.id,
      range: candidate,
      withDriver: fresh.withDriver,
      driverService: fresh.driverService,
      distanceService: fresh.distanceService,
      wantsDelivery: booking.wantsDelivery,
      deliveryAddress: booking.deliveryAddress,
      totalDays: fresh.days,
      dailyRate: fresh.dailyRate,
      subtotal: fresh.subtotal,
      driverFee: fresh.driverFee,
      distanceFee: fresh.distanceFee,
      insurance: fresh.insurance,
      total: fresh.total,
      status: "pending",
      source: "public",
      bookingTokenHash: sha256(bookingToken),
    });
    const view = await findBookingView(trx, bookingId);
    if (!view) throw new Error("the new booking is not readable");
    // What the visitor typed, not what an earlier booking stored under this e-mail.
    const answer: PublicBookingResponse = {
      customer: { id: stored.id, fullName: customer.fullName, email: customer.email },
      booking: { ...view, customerName: customer.fullName, customerEmail: customer.email },
      car: toCar(car),
      bookingToken,
    };

    const now = deps.clock.now();
    const mailInput = {
      booking: answer.booking,
      car: answer.car,
      customer: { fullName: customer.fullName, email: customer.email, phone: customer.phone },
      publicUrl: deps.config.publicUrl,
    };
    await enqueueMail(trx, bookingConfirmationMail(mailInput), now);
    await enqueueMail(trx, bookingNoticeMail(mailInput, deps.config.businessEmail), now);
    return answer;
  });
}

export type AttachedDocuments = {
  ok: true;
  id: string;
  photoId1Url: string | null;
  photoId2Url: string | null;
  proofOfBillingUrl: string | null;
};

/**
 * `PUT /api/customers/:id/documents`: only with the `bookingToken` of one of
 * that customer's bookings. Anything else is the same 404, so the call never
 * reveals whether a customer exists. Documents left out stay as they are.
 */
export async function attachDocuments(
  deps: PublicBookingDeps,
  db: Knex,
  customerId: string,
  input: DocumentsInput,
): Promise<AttachedDocuments> {
  return db.transaction(async (trx) => {
    const booking: { id: string } | undefined = await trx("bookings")
      .select("id")
      .where({ customer_id: customerId, booking_token_hash: sha256(input.bookingToken) })
      .first();
    const customer = booking
      ? await customersTable(trx).where({ id: customerId }).whereNull("deleted_at").forUpdate().first()
      : undefined;
    if (!customer) throw new NotFound("No booking of this customer matches the booking token");
    await attachToCustomer(deps, trx, customerId, input);
    const row = await customersTable(trx).where({ id: customerId }).first();
    if (!row) throw new NotFound("No booking of this customer matches the booking token");
    return {
      ok: true,
      id: row.id,
      photoId1Url: row.photo_id1_url,
      photoId2Url: row.photo_id2_url,
      proofOfBillingUrl: row.proof_of_billing_url,
    };
  });
}
