/**
 * The synced tables of the admin mirror, declared once (issue #19): each
 * with the schema of its rows, the browser's Dexie table that holds them and
 * its indexes. The sync answer's schema (`schemas/sync.ts`), the Dexie
 * stores and the pull (`pwa/src/data`) and the server's sync query, which
 * must name a query per entry (`sync-server/src/services/sync`), all follow
 * from this list.
 *
 * Adding a synced table: its store in `mirror-stores.ts` (with `since` = a
 * Dexie version above every version `pwa/src/data/db.ts` declares today,
 * whose stores are then declared from that list), its schema here and its
 * query on the server.
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
import { mirrorStores, SYNC_ENTITIES, type MirrorStore, type SyncEntity } from "./mirror-stores";

export type MirrorTableDefinition = MirrorStore & {
  /** The rows as the sync answers them. */
  schema: z.ZodType<{ id: string }>;
};

/** Each synced table's store (`mirror-stores.ts`) with the schema of its rows. */
export const mirrorTables = {
  cars: { ...mirrorStores.cars, schema: adminCarSchema },
  customers: { ...mirrorStores.customers, schema: customerRecordSchema },
  bookings: { ...mirrorStores.bookings, schema: bookingViewSchema },
  payments: { ...mirrorStores.payments, schema: paymentSchema },
  blockedNames: { ...mirrorStores.blockedNames, schema: blockedNameSchema },
  blocks: { ...mirrorStores.blocks, schema: blockSchema },
  handovers: { ...mirrorStores.handovers, schema: handoverSchema },
  ratePeriods: { ...mirrorStores.ratePeriods, schema: ratePeriodRecordSchema },
  lengthDiscounts: { ...mirrorStores.lengthDiscounts, schema: lengthDiscountListSchema },
} as const satisfies Record<SyncEntity, MirrorTableDefinition>;

export type MirrorTables = typeof mirrorTables;
export { SYNC_ENTITIES, type SyncEntity };
/** A row of a synced table, as the sync answers it. */
export type MirrorRow<E extends SyncEntity> = z.output<MirrorTables[E]["schema"]>;

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
