import { preparedRaw } from "@car-rental/db/prepared";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { conflictingRanges, freeSlots, type RentalRange } from "@car-rental/shared/availability";
import { MAX_PENDING_BOOKINGS_PER_CONTACT } from "@car-rental/shared/constants";
import { manilaToday } from "@car-rental/shared/dates";
import { normalizeMoney } from "@car-rental/shared/money";
import { quoteMatches, quoteWithRates } from "@car-rental/shared/pricing";
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
  DocumentsRequired,
  NameBlocked,
  NotFound,
  PriceChanged,
  TooManyPending,
  TooManyRequests,
  ValidationFailed,
} from "../../errors";
import { bookingConfirmationMail, bookingNoticeMail } from "../../mail/templates";
import { insertMailsSql } from "../../mail/mail-outbox";
import { bookingPush } from "../../push/booking-push";
import { insertPushSql } from "../../push/push-outbox";
import { hitRateLimit, type RateLimit } from "../rate-limit.service";
import { inTransaction } from "../in-transaction";
import { attachDocumentsToBooking, documentsToAttach } from "../objects/upload.service";
import { customerBlockedSql, isCustomerBlocked } from "../blocked-names/blocklist-match";
import { toCar, type CarRow } from "../cars/car-record";
import { ACTIVE_RANGES_JSON_SQL, activeRanges, rangesFromJson } from "../cars/cars.service";
import { RATES_FOR_SQL, ratesForBindings, toRates } from "../rates/rates.service";
import type { Rates } from "@car-rental/shared/rates";
import { toBookingView } from "./booking-view";
import { myBookingLink, tokenMatches, tokenStillValid } from "./booking-access";
import { bookingCalendarAttachment } from "./booking-calendar";
import {
  INSERT_NEW_CUSTOMER_SQL,
  UNUSED_REFERENCE_SQL,
  findCustomerByEmail,
  insertBookingRow,
  newCustomerBindings,
  predictedBookingRow,
  type InsertedBookingRow,
  type NewBooking,
} from "./booking-store";
import type { CustomerRow } from "../customers/customer-record";

export type PublicBookingDeps = Pick<AppDeps, "db" | "storage" | "clock" | "config">;

/**
 * Public booking attempts per client address: 20 an hour (release 2 A4).
 * Philippine mobile networks put many customers behind one address
 * (carrier-grade NAT), but 20 real bookings an hour from one address is
 * already far more than the shop's fleet takes; a script flooding the
 * calendar with fake holds is stopped. RATE_LIMIT_SCALE multiplies it (benches).
 */
export const PUBLIC_BOOKING_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };

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

/**
 * A phone number as the pending-bookings limit compares it: digits only, and
 * a Philippine number written internationally (+63 9xx…, 12 digits) as its
 * local form (09xx…), so '+63 917 555 0101' and '0917-555-0101' are one
 * number. The migration 2026-11-25-11-00-00 backfills with the same rule.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return /^63\d{10}$/.test(digits) ? `0${digits.slice(2)}` : digits;
}

type DocumentPaths = {
  photoId1Url: string | null;
  photoId2Url: string | null;
  proofOfBillingUrl: string | null;
};

/** The booking's three document columns to set: only the documents given. */
function documentColumns(documents: DocumentPaths): Record<string, string> {
  const columns: Record<string, string> = {};
  if (documents.photoId1Url) columns.photo_id1_url = documents.photoId1Url;
  if (documents.photoId2Url) columns.photo_id2_url = documents.photoId2Url;
  if (documents.proofOfBillingUrl) columns.proof_of_billing_url = documents.proofOfBillingUrl;
  return columns;
}

/** The document uploads given, each once. */
function uploadPaths(documents: DocumentPaths): string[] {
  return [...new Set(Object.values(documentColumns(documents)))];
}

/**
 * Verifies each given document upload (a finished, allowed 'document' object)
 * and gives it to booking `bookingId`, in `trx`: an upload that belongs to
 * another booking, or to anything else, is 422 DOCUMENT_ALREADY_USED
 * (release 2 A3). Attached from this commit on: the orphan clean-up never
 * takes them. One statement locks, checks and attaches them.
 */
async function verifyDocuments(
  deps: PublicBookingDeps,
  trx: Knex.Transaction,
  bookingId: string,
  documents: DocumentPaths,
): Promise<void> {
  await attachDocumentsToBooking(trx, bookingId, uploadPaths(documents), deps.clock.now());
}

type BookingChecksRow = Omit<CarRow, "id"> & {
  /** Null when no car has the id asked for (its other columns are null too). */
  id: string | null;
  pending_by_email: string | number;
  pending_by_phone: string | number;
  blocked: boolean;
  periods: Rates["periods"];
  length_discounts: Rates["lengthDiscounts"];
  ranges: Parameters<typeof rangesFromJson>[0];
  /** The customer with the e-mail typed, created when there was none; null only after a race (see below). */
  customer_id: string | null;
  customer_full_name: string | null;
  customer_email: string | null;
  /** A reference for the booking, drawn now (UNUSED_REFERENCE_SQL); null on a taken draw. */
  new_reference: string | null;
};

/**
 * Everything a public booking is checked against, in one round trip (issue
 * #17: one statement instead of six):
 * - the pending public bookings of the e-mail and of the phone typed, counted
 *   after their locks (`pending_public_bookings`, migration 2026-11-28-01):
 *   parallel bookings of one contact count one after the other, and each lock
 *   is held until the booking commits;
 * - the car, share-locked (its rate and the availability read stay valid
 *   until commit); none when no car has the id;
 * - whether the customer matches the blocklist;
 * - the owner's rates for the dates;
 * - what occupies the car from `today` on;
 * - a reference for the booking (so its mails are written while it is inserted);
 * - the customer with the e-mail typed (case-insensitive), created with what
 *   was typed when there is none (findOrCreateCustomer's insert, naming
 *   `bookingId` as the booking that created it, whose documents it shows); an
 *   existing customer is never changed. A refused booking rolls the new one back.
 *   When a parallel first booking with the same e-mail created it after this
 *   statement began, the insert does nothing and this statement cannot see
 *   that row: the customer is null, and the caller reads it (a statement of
 *   its own sees it).
 *
 * One snapshot, taken when the statement begins, before its locks are
 * granted: the counts are taken after the locks (in the function) and the
 * car is its newest version (FOR SHARE), but the occupancy, the rates and the
 * blocklist are as of the start. Waits are short (another booking of the same
 * contact, an edit of the car); the caller judges a date refusal again on a
 * fresh read, and the booking's insert is the guarantee against overlaps.
 */
async function readBookingChecks(
  trx: Knex.Transaction,
  request: PublicBookingRequest,
  contact: { email: string; phone: string },
  today: string,
  bookingId: string,
): Promise<BookingChecksRow> {
  const { customer, booking } = request;
  const blocked = customerBlockedSql(customer);
  const result = await preparedRaw<BookingChecksRow>(
    trx,
    `with new_customer as (${INSERT_NEW_CUSTOMER_SQL} returning id, full_name, email)
     select c.*, p.by_email as pending_by_email, p.by_phone as pending_by_phone,
            ${blocked.sql} as blocked,
            ${RATES_FOR_SQL},
            ${ACTIVE_RANGES_JSON_SQL} as ranges,
            cu.id as customer_id, cu.full_name as customer_full_name, cu.email as customer_email,
            ${UNUSED_REFERENCE_SQL} as new_reference
       from pending_public_bookings(?, ?) p
       left join lateral (select * from cars where id = ?::uuid for share) c on true
       left join lateral (select id, full_name, email from new_customer
                          union all
                          select id, full_name, email from customers
                           where lower(email) = lower(?) and deleted_at is null
                          limit 1) cu on true`,
    [
      ...newCustomerBindings({ ...customer, createdByBookingId: bookingId }),
      ...blocked.bindings,
      ...ratesForBindings(booking.pickupDate, booking.returnDate),
      today,
      today,
      contact.email,
      contact.phone,
      booking.carId,
      customer.email,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error("the booking's checks answered no row");
  return row;
}

/** The booking's customer: the one the checks found or created, else (after a race) the one stored since. */
async function customerOf(
  trx: Knex.Transaction,
  checks: BookingChecksRow,
  email: string,
): Promise<Pick<CustomerRow, "id" | "full_name" | "email">> {
  const { customer_id: id, customer_full_name: fullName, customer_email: storedEmail } = checks;
  if (id !== null && fullName !== null && storedEmail !== null) {
    return { id, full_name: fullName, email: storedEmail };
  }
  const stored = await findCustomerByEmail(trx, email);
  if (!stored) throw new Error("customer vanished after a conflicting insert");
  return stored;
}

/**
 * The answer to a public booking, from its stored row and the customer and car in hand (no read
 * back): what the visitor typed, not what an earlier booking stored under this e-mail; no customer
 * id (release 2 A3).
 */
function bookingAnswer(
  row: InsertedBookingRow,
  context: {
    stored: Pick<CustomerRow, "id" | "full_name" | "email">;
    customer: PublicBookingRequest["customer"];
    car: CarRow;
    bookingToken: string;
  },
): PublicBookingResponse {
  const { stored, customer, car, bookingToken } = context;
  const view = toBookingView({
    ...row,
    customer_name: stored.full_name,
    customer_email: stored.email,
    car_name: car.name,
    car_category: car.category,
  });
  const { customerId: _storedCustomerId, ...publicView } = view;
  return {
    customer: { fullName: customer.fullName, email: customer.email },
    booking: { ...publicView, customerName: customer.fullName, customerEmail: customer.email },
    car: toCar(car),
    bookingToken,
  };
}

type MailsStatement = { sql: string; bindings: Knex.RawBinding[] };

/**
 * The statement storing a new booking's two mails and the owner's notification: the customer's
 * mail links to My booking and carries the booking's calendar file (release-2 §D2, §D3).
 */
function bookingMailsStatement(
  deps: PublicBookingDeps,
  answer: PublicBookingResponse,
  customer: PublicBookingRequest["customer"],
): MailsStatement {
  const now = deps.clock.now();
  const mailInput = {
    booking: answer.booking,
    car: answer.car,
    customer: { fullName: customer.fullName, email: customer.email, phone: customer.phone },
    publicUrl: deps.config.publicUrl,
  };
  const confirmation = bookingConfirmationMail({
    ...mailInput,
    myBookingLink: myBookingLink(deps.config.publicUrl, answer.booking.reference, answer.bookingToken),
  });
  const mails = insertMailsSql(
    [
      { ...confirmation, attachments: [bookingCalendarAttachment(answer.booking)] },
      bookingNoticeMail(mailInput, deps.config.businessEmail),
    ],
    now,
    { ownerAddress: deps.config.businessEmail },
  );
  const push = insertPushSql(bookingPush("new-booking", answer.booking), now);
  return { sql: `with push as (${push.sql}) ${mails.sql}`, bindings: [...push.bindings, ...mails.bindings] };
}

/** What of an answer its mails are written from: all of it but the row's version and update time. */
function mailsKey(answer: PublicBookingResponse): string {
  const { version: _version, updatedAt: _updatedAt, ...booking } = answer.booking;
  return JSON.stringify({ ...answer, booking });
}

/**
 * `POST /api/bookings`, in one transaction: refuses a booking matching the
 * blocklist (403) before anything else, requires the three documents
 * (400 DOCUMENTS_REQUIRED), checks the dates against Manila today (at most
 * 30 days: the schema's field message), the pending bookings of the e-mail
 * and phone typed (429 TOO_MANY_PENDING), the car (exists: else 404; not
 * archived and available: else 409 CAR_UNAVAILABLE), the
 * price recomputed from the car's current rate and the owner's rates
 * (409 PRICE_CHANGED with the fresh quote and its lines) and the pickup slot; finds or creates the customer by e-mail
 * WITHOUT changing an existing one, inserts the booking with its documents
 * (uploads that belong to no other booking, else 422 DOCUMENT_ALREADY_USED;
 * the exclusion constraint is the guarantee: 409 DATES_UNAVAILABLE) and
 * queues the two mails. Answers what the visitor typed back: never the id or
 * a stored detail of a customer record (release 2 A3).
 */
export async function createPublicBooking(
  deps: PublicBookingDeps,
  db: Knex,
  request: PublicBookingRequest,
): Promise<PublicBookingResponse> {
  const { customer, booking } = request;
  const documents = request.documents;
  // Three documents: one upload given for two of them is one missing.
  const documentsMissing =
    !documents?.photoId1Url ||
    !documents.photoId2Url ||
    !documents.proofOfBillingUrl ||
    uploadPaths(documents).length < 3;
  const today = manilaToday(deps.clock.now());
  const issue = rentalDatesIssue(booking.pickupDate, booking.returnDate, today);
  if (documentsMissing || issue) {
    // A blocked visitor hears the blocklist's 403 whatever else the request lacks (decisions.md: a
    // blocked name is refused by the server), not a hint at what to fix first; one query, only here.
    if (await isCustomerBlocked(db, customer)) throw new NameBlocked();
    if (documentsMissing) throw new DocumentsRequired();
    if (issue)
      throw new ValidationFailed(issue.message, { fields: { [`booking.${issue.path}`]: [issue.message] } });
  }
  const contactEmail = customer.email.trim().toLowerCase();
  const contactPhone = phoneKey(customer.phone);

  // The request's transaction when it has one (an Idempotency-Key), else one of its own.
  return inTransaction(db, async (trx) => {
    // Known before the checks: a customer they create is created by this booking (its documents).
    const bookingId = randomUUID();
    const contact = { email: contactEmail, phone: contactPhone };
    const checks = await readBookingChecks(trx, request, contact, today, bookingId);
    // First, and any kind that matches answers the same 403: the visitor is never told which.
    if (checks.blocked) throw new NameBlocked();
    const limit = MAX_PENDING_BOOKINGS_PER_CONTACT;
    if (Number(checks.pending_by_email) >= limit || Number(checks.pending_by_phone) >= limit) {
      throw new TooManyPending();
    }
    const { id: carId } = checks;
    if (carId === null) throw new NotFound("Car not found");
    const car: CarRow = { ...checks, id: carId };
    if (car.deleted_at !== null || !car.available) throw new CarUnavailable();

    // Priced day by day under the owner's rates (release-2 §E1), as the booking page priced it.
    const fresh = quoteWithRates({
      dailyRate: car.daily_rate,
      pickupDate: booking.pickupDate,
      returnDate: booking.returnDate,
      driverService: booking.driverService,
      distanceService: booking.distanceService,
      rates: toRates(checks),
    });
    if (!quoteMatches(booking, fresh)) throw new PriceChanged({ quote: fresh });

    const candidate: RentalRange = {
      start: booking.pickupDate,
      end: booking.returnDate,
      pickupTime: booking.pickupTime,
    };
    // The checks' snapshot was taken before their locks were granted: a refusal is judged again on what
    // occupies the car now (a booking cancelled meanwhile frees its dates). A booking committed meanwhile
    // and missed here is refused by the insert below, with the ranges read after it.
    const checked = rangesFromJson(checks.ranges);
    if (!freeSlots(candidate.start, candidate.end, checked).includes(candidate.pickupTime)) {
      const ranges = await activeRanges(trx, car.id, today);
      if (!freeSlots(candidate.start, candidate.end, ranges).includes(candidate.pickupTime)) {
        const conflicts = conflictingRanges(candidate, ranges);
        throw new DatesUnavailable({ ranges: conflicts, conflicts });
      }
    }

    // An existing customer's stored details and documents stay as they are: the documents go on the booking.
    const stored = await customerOf(trx, checks, customer.email);

    // The dates before the documents: an overlap is 409 DATES_UNAVAILABLE even when the same uploads went
    // with the booking that took the dates: the uploads are attached only once the insert succeeded.
    const bookingToken = randomBytes(32).toString("base64url");
    const createdAt = deps.clock.now();
    const newBooking: NewBooking & { id: string; createdAt: Date } = {
      id: bookingId,
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
      deposit: normalizeMoney(car.deposit),
      priceLines: fresh.lines,
      discount: fresh.discount,
      status: "pending",
      source: "public",
      bookingTokenHash: sha256(bookingToken),
      documents,
      contactEmail,
      contactPhone,
      contactName: customer.fullName,
      driverLicense: customer.license?.trim() || null,
      createdAt,
      reference: checks.new_reference ?? undefined,
    };
    const answerFor = (row: InsertedBookingRow) =>
      bookingAnswer(row, { stored, customer, car, bookingToken });
    // The booking's insert also does verifyDocuments's work, in the same statement (one round trip).
    const insertion = insertBookingRow(trx, newBooking, documentsToAttach(uploadPaths(documents), createdAt));
    // While the database inserts, the mails are written for the row it will answer (when its reference
    // was drawn beforehand), and used if the answer agrees (mailsKey): the connection, the embedded
    // database's only one, does not wait on them after the insert.
    let early: { key: string; statement: MailsStatement } | undefined;
    const reference = newBooking.reference;
    if (reference !== undefined) {
      // Its refusal is judged below, where it is awaited.
      insertion.catch(() => undefined);
      await new Promise<void>((resolve) => setImmediate(resolve));
      const predicted = answerFor(predictedBookingRow({ ...newBooking, reference }));
      early = { key: mailsKey(predicted), statement: bookingMailsStatement(deps, predicted, customer) };
    }
    const answer = answerFor(await insertion);
    const mails =
      early?.key === mailsKey(answer) ? early.statement : bookingMailsStatement(deps, answer, customer);
    // Nothing here needs its answer: on the embedded database it goes with the COMMIT (see preparedRaw).
    await preparedRaw(trx, mails.sql, mails.bindings, { withNext: true });
    return answer;
  });
}

/** `PUT /api/customers/:id/documents` of release 1: replaced by `PUT /api/bookings/:id/documents`. */
export const CUSTOMER_DOCUMENTS_GONE_MESSAGE =
  "Documents now belong to a booking: use PUT /api/bookings/{id}/documents with the booking's id.";

export type AttachedDocuments = {
  ok: true;
  id: string;
  photoId1Url: string | null;
  photoId2Url: string | null;
  proofOfBillingUrl: string | null;
};

const NO_MATCHING_BOOKING = "No booking matches the booking token";

type TokenBookingRow = {
  id: string;
  status: string;
  return_date: string;
  booking_token_hash: string | null;
};

/**
 * `PUT /api/bookings/:id/documents`: only with a token of that booking (the
 * confirmation's `bookingToken` or one a My booking lookup handed out),
 * while the token lasts: until BOOKING_TOKEN_DAYS_AFTER_RETURN days after
 * the return date (Manila calendar), and never once the booking is cancelled
 * or expired. Anything else is the same 404, so the call never reveals
 * whether a booking exists. Documents left out stay as they are; the
 * customer record is never touched. An upload that belongs to another
 * booking is 422 DOCUMENT_ALREADY_USED.
 */
export async function attachDocuments(
  deps: PublicBookingDeps,
  db: Knex,
  bookingId: string,
  input: DocumentsInput,
): Promise<AttachedDocuments> {
  const today = manilaToday(deps.clock.now());
  return db.transaction(async (trx) => {
    const booking = await trx<TokenBookingRow>("bookings")
      .select<TokenBookingRow[]>("id", "status", "return_date", "booking_token_hash")
      .where({ id: bookingId })
      .forUpdate()
      .first();
    // The confirmation's token, or one My booking's lookup handed out (booking-access.ts).
    const usable =
      booking !== undefined &&
      (await tokenMatches(trx, bookingId, input.bookingToken)) &&
      tokenStillValid(booking, today) &&
      booking.status !== "expired";
    if (!usable) throw new NotFound(NO_MATCHING_BOOKING);
    await verifyDocuments(deps, trx, bookingId, input);
    const columns = documentColumns(input);
    if (Object.keys(columns).length > 0) await trx("bookings").where({ id: bookingId }).update(columns);
    const row: {
      photo_id1_url: string | null;
      photo_id2_url: string | null;
      proof_of_billing_url: string | null;
    } = await trx("bookings")
      .select("photo_id1_url", "photo_id2_url", "proof_of_billing_url")
      .where({ id: bookingId })
      .first();
    return {
      ok: true,
      id: bookingId,
      photoId1Url: row.photo_id1_url,
      photoId2Url: row.photo_id2_url,
      proofOfBillingUrl: row.proof_of_billing_url,
    };
  });
}
