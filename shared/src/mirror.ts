/**
 * The synced tables of the admin mirror, declared once (issue #19): each
 * with the schema of its rows, the browser's Dexie table that holds them and
 * its indexes. The sync answer's schema (`schemas/sync.ts`), the Dexie
 * stores and the pull (`pwa/src/data`) and the server's sync query, which
 * must name a query per entry (`sync-server/src/services/sync`), all follow
 * from this list.
 *
 * Adding a synced table: one entry here (with `since` = a Dexie version
 * above every version `pwa/src/data/db.ts` declares today, whose stores are
 * then declared from this list) and its query on the server.
 */
import type * as z from "zod";
import { blockSchema } from "./schemas/block";
import { bookingViewSchema } from "./schemas/booking";
import { blockedNameSchema } from "./schemas/blocked-name";
import { adminCarSchema } from "./schemas/car";
import { customerRecordSchema } from "./schemas/customer";
import { handoverSchema } from "./schemas/handover";
import { paymentSchema } from "./schemas/payment";
import { lengthDiscountListSchema, ratePeriodRecordSchema } from "./schemas/rates";

export type MirrorTableDefinition = {
  /** The rows as the sync answers them. */
  schema: z.ZodType<{ id: string }>;
  /** The Dexie table in the browser. */
  table: string;
  /** Its Dexie index spec, primary key first. */
  indexes: string;
  /** The Dexie version of `pwa/src/data/db.ts` that declared the table (or last changed its indexes). */
  since: number;
  /** Whether deletions travel as tombstones (rows with `deleted_at`); others are never deleted. */
  tombstones: boolean;
};

export const mirrorTables = {
  cars: { schema: adminCarSchema, table: "adminCars", indexes: "id, name", since: 1, tombstones: true },
  customers: {
    schema: customerRecordSchema,
    table: "customers",
    indexes: "id, email, createdAt",
    since: 1,
    tombstones: true,
  },
  bookings: {
    schema: bookingViewSchema,
    table: "bookings",
    indexes: "id, customerId, carId, createdAt, status",
    since: 1,
    tombstones: false,
  },
  payments: {
    schema: paymentSchema,
    table: "payments",
    indexes: "id, bookingId",
    since: 1,
    tombstones: false,
  },
  blockedNames: {
    schema: blockedNameSchema,
    table: "blockedNames",
    indexes: "id, fullName",
    since: 1,
    tombstones: true,
  },
  // Release 2 §C1: days a car is out of service.
  blocks: {
    schema: blockSchema,
    table: "blocks",
    indexes: "id, carId, startDate",
    since: 4,
    tombstones: true,
  },
  // Release 2 §C3: the check-out and check-in records of bookings.
  handovers: {
    schema: handoverSchema,
    table: "handovers",
    indexes: "id, bookingId",
    since: 8,
    tombstones: false,
  },
  // Release 2 §E1: the owner's seasonal rate periods.
  ratePeriods: {
    schema: ratePeriodRecordSchema,
    table: "ratePeriods",
    indexes: "id, startDate",
    since: 6,
    tombstones: true,
  },
  // Release 2 §E1: the length discounts, the whole list as one record (id LENGTH_DISCOUNTS_RECORD_ID).
  lengthDiscounts: {
    schema: lengthDiscountListSchema,
    table: "lengthDiscounts",
    indexes: "id",
    since: 9,
    tombstones: false,
  },
} as const satisfies Record<string, MirrorTableDefinition>;

export type MirrorTables = typeof mirrorTables;
export type SyncEntity = keyof MirrorTables;
/** A row of a synced table, as the sync answers it. */
export type MirrorRow<E extends SyncEntity> = z.output<MirrorTables[E]["schema"]>;

/** The synced entities, in the order a pull applies them. */
export const SYNC_ENTITIES = Object.keys(mirrorTables).filter(
  (key): key is SyncEntity => key in mirrorTables,
);

/**
 * The bookings the admin mirror starts with (issue #23): those returning
 * within the last 12 months or later, with their payments and handovers.
 * Older bookings are read from the server when the list asks for them; a
 * delta still brings any booking that changes, however old.
 */
export const MIRROR_BOOKING_MONTHS = 12;

/**
 * The earliest return date of a booking a first sync mirrors, from today's
 * date in Manila: the same day `MIRROR_BOOKING_MONTHS` months before (the
 * month's last day when it has no such day).
 */
export function mirrorWindowStart(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split("-").map(Number);
  const monthIndex = year * 12 + (month - 1) - MIRROR_BOOKING_MONTHS;
  const startYear = Math.floor(monthIndex / 12);
  const startMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(startYear, startMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(startYear).padStart(4, "0")}-${pad(startMonth)}-${pad(Math.min(day, lastDay))}`;
}
