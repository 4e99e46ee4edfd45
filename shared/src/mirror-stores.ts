/**
 * Where the browser keeps each synced table of the admin mirror (issue #19):
 * its Dexie table, indexes and version, without the schemas of its rows, so
 * that opening the database (the public pages cache the fleet in it too)
 * does not load the admin schemas. `mirror.ts` adds each table's schema.
 */

export type MirrorStore = {
  /** The Dexie table in the browser. */
  table: string;
  /** Its Dexie index spec, primary key first. */
  indexes: string;
  /** The Dexie version of `pwa/src/data/db.ts` that declared the table (or last changed its indexes). */
  since: number;
  /** Whether deletions travel as tombstones (rows with `deleted_at`); others are never deleted. */
  tombstones: boolean;
};

export const mirrorStores = {
  cars: { table: "adminCars", indexes: "id, name", since: 1, tombstones: true },
  customers: {
    table: "customers",
    indexes: "id, email, createdAt",
    since: 1,
    tombstones: true,
  },
  bookings: {
    table: "bookings",
    indexes: "id, customerId, carId, createdAt, status",
    since: 1,
    tombstones: false,
  },
  payments: {
    table: "payments",
    indexes: "id, bookingId",
    since: 1,
    tombstones: false,
  },
  blockedNames: {
    table: "blockedNames",
    indexes: "id, fullName",
    since: 1,
    tombstones: true,
  },
  // Release 2 §C1: days a car is out of service.
  blocks: {
    table: "blocks",
    indexes: "id, carId, startDate",
    since: 4,
    tombstones: true,
  },
  // Release 2 §C3: the check-out and check-in records of bookings.
  handovers: {
    table: "handovers",
    indexes: "id, bookingId",
    since: 8,
    tombstones: false,
  },
  // Release 2 §E1: the owner's seasonal rate periods.
  ratePeriods: {
    table: "ratePeriods",
    indexes: "id, startDate",
    since: 6,
    tombstones: true,
  },
  // Release 2 §E1: the length discounts, the whole list as one record (id LENGTH_DISCOUNTS_RECORD_ID).
  lengthDiscounts: {
    table: "lengthDiscounts",
    indexes: "id",
    since: 9,
    tombstones: false,
  },
} as const satisfies Record<string, MirrorStore>;

export type SyncEntity = keyof typeof mirrorStores;

/** The synced entities, in the order a pull applies them. */
export const SYNC_ENTITIES = Object.keys(mirrorStores).filter(
  (key): key is SyncEntity => key in mirrorStores,
);
