import type { Knex } from "knex";
import { preparedRaw } from "@car-rental/db/prepared";
import { clockToPickupTime } from "@car-rental/shared/availability";
import { BOOKING_STATUSES, type BookingStatus } from "@car-rental/shared/constants";
import { normalizeMoney } from "@car-rental/shared/money";
import { bookingPriceLines } from "@car-rental/shared/rates";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import { discountLineSchema, rentalLineSchema } from "@car-rental/shared/schemas/rates";
import { driverServiceSchema, distanceServiceSchema } from "@car-rental/shared/schemas/booking";

/** One row of `selectBookingViews`: a booking joined with its customer and car. */
export type BookingViewRow = {
  id: string;
  reference: string;
  created_at: Date;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  car_id: string;
  car_name: string;
  car_category: string;
  pickup_date: string;
  return_date: string;
  pickup_time: string;
  total_days: number;
  daily_rate: string;
  subtotal: string;
  with_driver: boolean;
  driver_fee: string;
  driver_service: string;
  distance_service: string;
  distance_fee: string;
  insurance: string;
  total: string;
  deposit: string;
  amount_paid: string;
  status: string;
  wants_delivery: boolean;
  delivery_address: string | null;
  photo_id1_url: string | null;
  photo_id2_url: string | null;
  proof_of_billing_url: string | null;
  driver_license: string | null;
  /** The stored price lines (release-2 §E1); null for a booking made before them. */
  price_lines: unknown;
  price_discount: unknown;
  /** int8 comes back as a string on both engines. */
  version: string | number;
  updated_at: Date;
};

const VIEW_COLUMNS = [
  "b.id",
  "b.reference",
  "b.created_at",
  "b.customer_id",
  "c.full_name as customer_name",
  "c.email as customer_email",
  "b.car_id",
  "k.name as car_name",
  "k.category as car_category",
  "b.pickup_date",
  "b.return_date",
  "b.pickup_time",
  "b.total_days",
  "b.daily_rate",
  "b.subtotal",
  "b.with_driver",
  "b.driver_fee",
  "b.driver_service",
  "b.distance_service",
  "b.distance_fee",
  "b.insurance",
  "b.total",
  "b.deposit",
  "b.amount_paid",
  "b.status",
  "b.wants_delivery",
  "b.delivery_address",
  "b.photo_id1_url",
  "b.photo_id2_url",
  "b.proof_of_billing_url",
  "b.driver_license",
  "b.price_lines",
  "b.price_discount",
  "b.version",
  "b.updated_at",
];

/**
 * The booking-view query: bookings (alias `b`) joined with their customer
 * (`c`) and car (`k`), selecting every column `toBookingView` needs. Callers
 * add their own `where` / `orderBy` / `limit` (e.g. `.where('b.customer_id', id)`).
 * Archived cars and deleted customers are still joined: history stays readable.
 */
export function selectBookingViews(db: Knex): Knex.QueryBuilder<BookingViewRow, BookingViewRow[]> {
  return selectViewsOf(db, "bookings");
}

/**
 * The booking-view query over `source`: the bookings table, or a WITH query
 * of the statement naming rows of it (an `update … returning *`, whose rows
 * are the bookings as the update left them).
 */
export function selectViewsOf(db: Knex, source: string): Knex.QueryBuilder<BookingViewRow, BookingViewRow[]> {
  return db<BookingViewRow>(`${source} as b`)
    .join("customers as c", "c.id", "b.customer_id")
    .join("cars as k", "k.id", "b.car_id")
    .select<BookingViewRow[]>(VIEW_COLUMNS);
}

function isBookingStatus(value: string): value is BookingStatus {
  return BOOKING_STATUSES.some((status) => status === value);
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A JSON column as the engine hands it back: parsed (node-postgres, PGlite) or still text. */
function jsonColumn(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

// Built once: a first sync maps thousands of rows (issue #23), and building a schema per row costs more than parsing.
const storedLinesSchema = rentalLineSchema.array();
const storedDiscountSchema = discountLineSchema.nullable();
const storedDriverService = driverServiceSchema.catch("none");
const storedDistanceService = distanceServiceSchema.catch("none");

/**
 * The lines the booking was priced with: the stored ones, or for a booking
 * made before they were stored, its one line of stored days × rate.
 */
function storedPrice(row: BookingViewRow): Pick<BookingView, "priceLines" | "discount"> {
  const lines = storedLinesSchema.safeParse(jsonColumn(row.price_lines));
  const discount = storedDiscountSchema.safeParse(jsonColumn(row.price_discount) ?? null);
  const price = bookingPriceLines({
    totalDays: row.total_days,
    dailyRate: normalizeMoney(row.daily_rate),
    subtotal: normalizeMoney(row.subtotal),
    priceLines: lines.success ? lines.data : undefined,
    discount: discount.success ? discount.data : null,
  });
  return { priceLines: price.lines, discount: price.discount };
}

/** Maps a `selectBookingViews` row to the shared `BookingView` (camelCase, money as "2500.00"). */
export function toBookingView(row: BookingViewRow): BookingView {
  return {
    id: row.id,
    reference: row.reference,
    createdAt: toIso(row.created_at),
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    carId: row.car_id,
    carName: row.car_name,
    carCategory: row.car_category,
    pickupDate: row.pickup_date,
    returnDate: row.return_date,
    pickupTime: clockToPickupTime(row.pickup_time),
    totalDays: row.total_days,
    dailyRate: normalizeMoney(row.daily_rate),
    subtotal: normalizeMoney(row.subtotal),
    withDriver: row.with_driver,
    driverFee: normalizeMoney(row.driver_fee),
    driverService: storedDriverService.parse(row.driver_service),
    distanceService: storedDistanceService.parse(row.distance_service),
    distanceFee: normalizeMoney(row.distance_fee),
    insurance: normalizeMoney(row.insurance),
    total: normalizeMoney(row.total),
    deposit: normalizeMoney(row.deposit),
    amountPaid: normalizeMoney(row.amount_paid),
    status: isBookingStatus(row.status) ? row.status : "pending",
    wantsDelivery: row.wants_delivery,
    deliveryAddress: row.delivery_address,
    ...storedPrice(row),
    documents: {
      photoId1Url: row.photo_id1_url,
      photoId2Url: row.photo_id2_url,
      proofOfBillingUrl: row.proof_of_billing_url,
    },
    driverLicense: row.driver_license,
    version: Number(row.version),
    updatedAt: toIso(row.updated_at),
  };
}

/** findBookingView's statement: compiled from selectBookingViews once (its text never changes), bound to [id]. */
let viewByIdSql: string | undefined;

/**
 * The view of one booking, or undefined when there is no such booking. Every
 * admin change answers with it (issue #23's drain: 500 of them): a prepared
 * statement, planned once per connection, not a join built and planned anew.
 */
export async function findBookingView(db: Knex, id: string): Promise<BookingView | undefined> {
  viewByIdSql ??= selectBookingViews(db).where("b.id", "?").toSQL().sql;
  const { rows } = await preparedRaw<BookingViewRow>(db, viewByIdSql, [id]);
  const [row] = rows;
  return row ? toBookingView(row) : undefined;
}
