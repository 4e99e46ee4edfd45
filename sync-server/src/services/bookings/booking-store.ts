import { preparedRaw } from "@car-rental/db/prepared";
import type { Knex } from "knex";
import type { DiscountLine, RentalLine } from "@car-rental/shared/rates";
import { SQLSTATE, sqlState } from "@car-rental/db";
import {
  conflictingRanges,
  pickupTimeToClock,
  type BookedRange,
  type RentalRange,
} from "@car-rental/shared/availability";
import type { BookingStatus, DistanceService, DriverService } from "@car-rental/shared/constants";
import type { BookingDocuments } from "@car-rental/shared/schemas/booking";
import { DatesUnavailable } from "../../errors";
import { activeRanges } from "../cars/cars.service";
import {
  ATTACH_DOCUMENTS_CTES,
  ATTACHED_DOCUMENTS_JSON_SQL,
  judgeAttachedDocuments,
  type AttachedDocumentRow,
  type DocumentsToAttach,
} from "../objects/upload.service";
import { customersTable, type CustomerRow } from "../customers/customer-record";
import type { BookingViewRow } from "./booking-view";

/** The columns a new booking is stored with. */
export type NewBooking = {
  /** The id the browser chose (admin bookings made offline); absent, the database makes one. */
  id?: string;
  customerId: string;
  carId: string;
  range: RentalRange;
  withDriver: boolean;
  driverService: DriverService;
  distanceService: DistanceService;
  wantsDelivery: boolean;
  deliveryAddress: string | null;
  totalDays: number;
  dailyRate: string;
  subtotal: string;
  driverFee: string;
  distanceFee: string;
  insurance: string;
  total: string;
  /** Release-2 §E2: the car's deposit at booking time, kept apart from `total`. */
  deposit: string;
  /** The lines the price was made of (release-2 §E1); absent: the one line totalDays × dailyRate. */
  priceLines?: RentalLine[];
  discount?: DiscountLine | null;
  status: BookingStatus;
  source: "public" | "admin";
  bookingTokenHash: string | null;
  /** The documents uploaded for this booking (release 2 A3); none for the admin's own bookings. */
  documents?: BookingDocuments | undefined;
  /** What the visitor typed to be reached: e-mail lower-cased, phone as `phoneKey` digits. */
  contactEmail?: string | null | undefined;
  contactPhone?: string | null | undefined;
  /** The name typed with a public booking (My booking shows it). */
  contactName?: string | null | undefined;
  /** The driver's licence number typed with a public booking, as typed (the agreement prints it). */
  driverLicense?: string | null | undefined;
  /** The app clock's now (the pending hold counts from it); the database's now when absent. */
  createdAt?: Date | undefined;
  /** A reference drawn beforehand (UNUSED_REFERENCE_SQL); absent, the insert's trigger draws one. */
  reference?: string | undefined;
};

/**
 * The 409 of a booking that would overlap another: the active ranges of the
 * car that collide with `candidate`, read after the database refused it (the
 * winner of a race is committed by then). `ranges` is the shared
 * `datesUnavailableDetailsSchema`; `conflicts` carries the same list.
 */
export async function datesUnavailable(
  db: Knex,
  carId: string,
  candidate: BookedRange,
): Promise<DatesUnavailable> {
  const conflicts = conflictingRanges(candidate, await activeRanges(db, carId, candidate.start));
  return new DatesUnavailable({ ranges: conflicts, conflicts });
}

/**
 * Runs `write` in a savepoint and turns the exclusion constraint's refusal
 * (SQLSTATE 23P01, `bookings_no_overlap`) into DATES_UNAVAILABLE with the
 * conflicting ranges. The database is the guarantee, not a prior read.
 */
export async function withOverlapGuard<T>(
  trx: Knex.Transaction,
  carId: string,
  candidate: BookedRange,
  write: (savepoint: Knex.Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await trx.transaction(write);
  } catch (err) {
    if (sqlState(err) === SQLSTATE.exclusionViolation) throw await datesUnavailable(trx, carId, candidate);
    throw err;
  }
}

/** Inserts a booking; an overlap with an active booking of the car is a 409 DATES_UNAVAILABLE. */
export async function insertBooking(trx: Knex.Transaction, booking: NewBooking): Promise<string> {
  return (await insertBookingRow(trx, booking)).id;
}

/** A stored booking's own columns: a booking view's row without its customer's and car's. */
export type InsertedBookingRow = Omit<
  BookingViewRow,
  "customer_name" | "customer_email" | "car_name" | "car_category"
>;

/** The columns `booking` is stored with, by column name (what insert_booking_unless_overlapping takes). */
export function bookingColumns(booking: NewBooking) {
  return {
    ...(booking.id === undefined ? {} : { id: booking.id }),
    customer_id: booking.customerId,
    car_id: booking.carId,
    pickup_date: booking.range.start,
    return_date: booking.range.end,
    pickup_time: pickupTimeToClock(booking.range.pickupTime),
    with_driver: booking.withDriver,
    driver_service: booking.driverService,
    distance_service: booking.distanceService,
    wants_delivery: booking.wantsDelivery,
    delivery_address: booking.deliveryAddress,
    total_days: booking.totalDays,
    daily_rate: booking.dailyRate,
    subtotal: booking.subtotal,
    driver_fee: booking.driverFee,
    distance_fee: booking.distanceFee,
    insurance: booking.insurance,
    total: booking.total,
    deposit: booking.deposit,
    price_lines: booking.priceLines ?? null,
    price_discount: booking.discount ?? null,
    status: booking.status,
    source: booking.source,
    booking_token_hash: booking.bookingTokenHash,
    photo_id1_url: booking.documents?.photoId1Url ?? null,
    photo_id2_url: booking.documents?.photoId2Url ?? null,
    proof_of_billing_url: booking.documents?.proofOfBillingUrl ?? null,
    contact_email: booking.contactEmail ?? null,
    contact_phone: booking.contactPhone ?? null,
    contact_name: booking.contactName ?? null,
    driver_license: booking.driverLicense ?? null,
    ...(booking.createdAt ? { created_at: booking.createdAt } : {}),
    ...(booking.reference === undefined ? {} : { reference: booking.reference }),
  };
}

/**
 * The row insertBookingRow answers for `booking`, known beforehand when its id, reference and
 * creation time are: the rest are the columns' defaults (amount paid 0, version 1, updated now).
 * What may differ is how the database spells a value (a time's seconds, a JSON column's key
 * order); a caller compares the views made from both (booking-store.test.ts checks they agree).
 */
export function predictedBookingRow(
  booking: NewBooking & { id: string; reference: string; createdAt: Date },
): InsertedBookingRow {
  const columns = bookingColumns(booking);
  return {
    ...columns,
    id: booking.id,
    reference: booking.reference,
    created_at: booking.createdAt,
    updated_at: booking.createdAt,
    amount_paid: "0.00",
    version: "1",
  };
}

/**
 * A FROM-less expression: a booking reference no booking has yet (the trigger's draw), or null on
 * the rare draw that is taken (the insert's trigger then draws again).
 */
export const UNUSED_REFERENCE_SQL = `(select r.code from (select new_booking_reference() as code) r
   where not exists (select 1 from bookings x where x.reference = r.code))`;

/**
 * insertBooking, answering the stored row (with what the database filled in:
 * the reference, the version, the times), so the caller that already holds
 * the customer and the car builds the booking's view without reading it back.
 * An overlap with what occupies the car (the database's no-overlap rule) is
 * 409 DATES_UNAVAILABLE with the conflicting ranges (migration
 * 2026-11-28-02-00-00: no savepoint round trips).
 */
export async function insertBookingRow(
  trx: Knex.Transaction,
  booking: NewBooking,
  documents?: DocumentsToAttach,
): Promise<InsertedBookingRow> {
  const row = bookingColumns(booking);
  // One round trip: the insert, or no row when the no-overlap rule refused it (the function's own
  // exception block rolled the insert back, so this transaction reads the conflicting ranges). With
  // documents, the same statement gives them to the booking it inserted (attachDocumentsToBooking's
  // statement; nothing is locked or attached when the insert was refused).
  if (!documents) {
    const inserted = await preparedRaw<InsertedBookingRow>(
      trx,
      "select * from insert_booking_unless_overlapping(?::json)",
      [JSON.stringify(row)],
    );
    const [stored] = inserted.rows;
    if (!stored) throw await datesUnavailable(trx, booking.carId, booking.range);
    return stored;
  }
  const inserted = await preparedRaw<InsertedBookingRow & { attached_documents: AttachedDocumentRow[] }>(
    trx,
    `with booking as (select * from insert_booking_unless_overlapping(?::json)), ${ATTACH_DOCUMENTS_CTES}
     select b.*, ${ATTACHED_DOCUMENTS_JSON_SQL} as attached_documents from booking b`,
    [JSON.stringify(row), ...documents.bindings],
  );
  const [answer] = inserted.rows;
  if (!answer) throw await datesUnavailable(trx, booking.carId, booking.range);
  const { attached_documents: attached, ...stored } = answer;
  judgeAttachedDocuments(documents, attached);
  return stored;
}

export type CustomerDetails = {
  fullName: string;
  email: string;
  phone: string;
  license?: string | null;
  facebookProfile?: string | null;
  /** The booking being made with this new customer (its documents become the customer's), if any. */
  createdByBookingId?: string | null;
};

/** The live customer with this e-mail (case-insensitive), or undefined. */
export async function findCustomerByEmail(db: Knex, email: string): Promise<CustomerRow | undefined> {
  return customersTable(db).whereRaw("lower(email) = lower(?)", [email]).whereNull("deleted_at").first();
}

/**
 * The customer with this e-mail (case-insensitive); a new one with `details`
 * when there is none. An existing customer's stored details are never
 * overwritten. The insert comes first (a new customer costs one statement):
 * the unique index on lower(email) makes it do nothing when the customer
 * exists (or a parallel first booking with that e-mail won), and it is read.
 */
export async function findOrCreateCustomer(
  trx: Knex.Transaction,
  details: CustomerDetails,
): Promise<CustomerRow> {
  const inserted = await trx.raw<{ rows: CustomerRow[] }>(
    `${INSERT_NEW_CUSTOMER_SQL} returning *`,
    newCustomerBindings(details),
  );
  const row = inserted.rows[0] ?? (await findCustomerByEmail(trx, details.email));
  if (!row) throw new Error("customer vanished after a conflicting insert");
  return row;
}

/**
 * findOrCreateCustomer's insert (without its RETURNING), for a statement
 * that does more: bind `newCustomerBindings(details)`. Does nothing when a
 * live customer has the e-mail (case-insensitive).
 */
export const INSERT_NEW_CUSTOMER_SQL = `insert into customers (full_name, email, phone, license, facebook_profile, created_by_booking_id)
  values (?, ?, ?, ?, ?, ?::uuid)
  on conflict (lower(email)) where deleted_at is null do nothing`;

export const newCustomerBindings = (details: CustomerDetails): (string | null)[] => [
  details.fullName,
  details.email,
  details.phone,
  details.license ?? null,
  details.facebookProfile ?? null,
  details.createdByBookingId ?? null,
];
