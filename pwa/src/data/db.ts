/**
 * The browser's copy of what the server sent (ARCHITECTURE.md "Offline and
 * sync"): the public fleet and booked ranges, the admin mirror, the outbox of
 * changes waiting for the server, the sync cursor and form drafts.
 *
 * No DOM or React imports: the service worker opens the same database.
 */
import Dexie, { type EntityTable, type Table, type Transaction } from "dexie";
import { rentalTerms } from "@car-rental/shared/constants";
import type { bookedRangeSchema, BookingTotals, BookingView } from "@car-rental/shared/schemas/booking";
import type { Block } from "@car-rental/shared/schemas/block";
import type { BlockedName } from "@car-rental/shared/schemas/blocked-name";
import type { AdminCar, Car } from "@car-rental/shared/schemas/car";
import type { CustomerRecord } from "@car-rental/shared/schemas/customer";
import type { Handover } from "@car-rental/shared/schemas/handover";
import type { Payment } from "@car-rental/shared/schemas/payment";
import type { LengthDiscountList, RatePeriodRecord, RatesResponse } from "@car-rental/shared/schemas/rates";
import {
  mirrorStores as mirrorRegistry,
  SYNC_ENTITIES,
  type SyncEntity,
} from "@car-rental/shared/mirror-stores";
import type { z } from "zod";
import type { MutationArgs } from "./mutations/mutation";
import type { MyBookingRow } from "./my-bookings";
import { DATABASE_NAME } from "./database-name";
import { outboxRowKeys } from "./outbox-row-keys";
import { mutationOfLegacyEntry, UNKNOWN_CHANGE_MESSAGE, type LegacyOutboxEntry } from "./outbox-upgrade";

/**
 * Marks of a row changed in the browser and not yet accepted by the server:
 * `_pending` while its outbox entry waits, `_deleted` when that change is a
 * delete (the row is hidden from lists until the server confirms).
 */
export type PendingMarks = { _pending?: boolean; _deleted?: boolean };

export type LocalAdminCar = AdminCar & PendingMarks;
/**
 * A booking of the mirror. `reference` comes from the server: a booking made
 * offline has none until its answer arrives, nor does a row mirrored before
 * references existed until the next sync.
 */
export type LocalBooking = Omit<BookingView, "reference"> & { reference?: string } & PendingMarks;
export type LocalCustomer = CustomerRecord & PendingMarks;
export type LocalBlockedName = BlockedName & PendingMarks;
export type LocalPayment = Payment & PendingMarks;
export type LocalBlock = Block & PendingMarks;
/**
 * A check-out or check-in record (release 2 §C3). While its change waits in
 * the outbox, `photos` and `signature` name files of `handoverFiles` by id;
 * from the server they are object paths (`/objects/documents/…`).
 */
export type LocalHandover = Handover & PendingMarks;

/**
 * A photo or signature of a handover, kept in the browser until it is
 * uploaded (release 2 §C3): the check-out or check-in change uploads it just
 * before it is sent and records `objectPath` here at once, so a change sent
 * again (the tablet was closed mid-way) never uploads it twice. Kept after
 * the upload as the device's copy the booking details show offline.
 */
export type HandoverFile = {
  /** A UUID chosen in the browser: the change's arguments name the file by it. */
  id: string;
  bookingId: string;
  kind: "photo" | "signature";
  /** JPEG (photos, downscaled to a long side of at most 1600 px) or PNG (the signature). */
  blob: Blob;
  contentType: "image/jpeg" | "image/png";
  /** Where the server keeps it, once uploaded; null before. */
  objectPath: string | null;
  createdAt: string;
};
/**
 * A car picture chosen while the server could not be reached (release 2: the
 * owner's tablet on a poor connection): the car's change names it by id and
 * uploads it just before it is sent, recording `objectPath` at once so a send
 * repeated never uploads it twice. Once the server has the car, only the
 * object path stays (`blob` null), for a form opened before that still names it.
 */
export type CarImageFile = {
  id: string;
  blob: Blob | null;
  contentType: string;
  objectPath: string | null;
  createdAt: string;
};
export type LocalRatePeriod = RatePeriodRecord & PendingMarks;
/** The owner's length discounts (release 2 §E1): one record, the whole list. */
export type LocalLengthDiscountList = LengthDiscountList & PendingMarks;

/** A booked range of one car, keyed by car, start date and pickup time. */
export type LocalBookedRange = z.output<typeof bookedRangeSchema> & { carId: string };

/** What an outbox entry changes: a mirrored entity, or a contact message. */
export type OutboxEntity = SyncEntity | "contact";

export type OutboxState = "pending" | "sending" | "failed" | "needs_auth";

/** A change waiting for the server. Its `id` is the Idempotency-Key it is sent with. */
export type OutboxEntry = {
  /** A UUID, sent as the `Idempotency-Key` header. */
  id: string;
  /** Increasing: the order the changes were made and are sent in. */
  seq: number;
  /** The name of the change (`mutations/registry.ts`): what it sends and how its answer is stored. */
  mutation: string;
  /** The change's arguments, as its mutation's input schema describes them. */
  args: MutationArgs;
  /** ISO instant of the change. */
  createdAt: string;
  /**
   * Sends that got no usable answer (network error, 5xx, busy key). Above 0
   * the request may already have reached the server (§A5: such an entry is
   * never edited in place).
   */
  attempts: number;
  /**
   * Failed sends since the server last answered anything (the backoff's
   * exponent): reset when any request gets an answer, so a server that is
   * back is not waited for. Absent in entries stored before release 2.
   */
  failStreak?: number;
  state: OutboxState;
  /** The server's message (or the network error) of the last attempt. */
  lastError: string | null;
  lastStatus: number | null;
  /** Epoch ms before which the entry is not sent again (backoff). */
  nextAttemptAt: number;
  /** Epoch ms when a runner claimed the entry ('sending'); a stale claim is released. */
  claimedAt: number | null;
  entity: OutboxEntity;
  /** The row the change is about (a temporary id for a creation). */
  entityId: string;
  /** Other rows the optimistic change touched (e.g. a booking's amountPaid for a payment). */
  related: { entity: SyncEntity; id: string }[];
  /** A description for people, e.g. 'Payment ₱1,000.00 for booking ABC123'. */
  label: string;
};

/**
 * An outbox entry as stored: with `rowKeys`, the `entity:id` of every row the
 * change is about (`outboxRowKeys()` of its entity, id and related rows), for
 * the multi-entry index that finds the entries about a row without reading
 * the whole outbox.
 */
export type StoredOutboxEntry = OutboxEntry & { rowKeys: string[] };

export type SyncStateRow = {
  key: "admin";
  /** Opaque cursor of `GET /api/admin/sync`; null before the first sync. */
  cursor: string | null;
  /** ISO instant of the last successful sync. */
  lastSyncAt: string | null;
  /** 'needs_auth' after the server answered 401: the admin must sign in again. */
  auth: "ok" | "needs_auth";
  /**
   * While a paged reset is under way (issue #23): the token of its next page,
   * so a sync that stopped goes on from there. Absent (rows stored before
   * paging, version 8 and older) or null when no reset is under way: a field
   * nothing indexes, so no Dexie version.
   */
  page?: string | null;
  /**
   * The overview's figures over the bookings older than the mirror's window
   * (issue #23), as the server last counted them; absent until then (the
   * same: not indexed, so no Dexie version).
   */
  olderTotals?: BookingTotals;
};

export type PublicSyncRow = { key: string; lastSyncAt: string };

/** The owner's rates as `GET /api/rates` last answered them (release-2 §E1): one row, key 'rates'. */
export type PublicRatesRow = RatesResponse & { key: "rates" };

/** A form kept across reloads (e.g. the booking form): key = the form's name. */
export type DraftRow = { key: string; values: unknown; updatedAt: string };

/** The row-type-independent part of a mirror table. */
export type MirrorTableView = {
  get(id: string): Promise<(PendingMarks & { id: string }) | undefined>;
  delete(id: string): Promise<void>;
  bulkDelete(ids: string[]): Promise<void>;
  bulkPut(rows: readonly { id: string }[]): Promise<unknown>;
  clear(): Promise<void>;
  toCollection(): { primaryKeys(): Promise<string[]> };
  /** By primary key (`:id`): the ids of a paged reset's range. */
  where(index: ":id"): {
    between(
      lower: unknown,
      upper: unknown,
      includeLower: boolean,
      includeUpper: boolean,
    ): { primaryKeys(): Promise<string[]> };
  };
};

/**
 * The Dexie stores of the synced tables as database version `version` had
 * them, from the one list of them (`shared/src/mirror-stores.ts`): the tables whose
 * `since` is at most `version`.
 */
function mirrorStoresAt(version: number): Record<string, string> {
  return Object.fromEntries(
    SYNC_ENTITIES.filter((entity) => mirrorRegistry[entity].since <= version).map((entity) => [
      mirrorRegistry[entity].table,
      mirrorRegistry[entity].indexes,
    ]),
  );
}
/**
 * Every version that brought a mirror table (3 and above), oldest first. Each
 * stays declared with the tables it had: Dexie upgrades from the version a
 * browser holds by comparing declared versions, and a version left out would
 * make its tables look new (and be created again, their rows lost).
 */
const MIRROR_VERSIONS = [
  ...new Set([
    3,
    ...SYNC_ENTITIES.map((entity) => mirrorRegistry[entity].since).filter((since) => since > 3),
  ]),
].sort((a, b) => a - b);

/** The Dexie version that added the cached public rates (release-2 §E1; also the rate periods' mirror). */
const RATES_VERSION = 6;

/** The Dexie version that added My booking's table. */
const MY_BOOKINGS_VERSION = 5;
/**
 * The Dexie version of the handover (release 2 §C3): the `handovers` mirror
 * table (its `since` in shared/src/mirror.ts) and the files waiting for upload.
 */
const HANDOVER_VERSION = 8;
/** The Dexie version of the length discounts' mirror table (release 2 §E1; its `since` in shared/src/mirror.ts). */
export const LENGTH_DISCOUNTS_VERSION = 9;
/** The Dexie version of the car pictures kept until their car's change is sent. */
export const CAR_IMAGE_FILES_VERSION = 10;
if (MIRROR_VERSIONS.includes(MY_BOOKINGS_VERSION)) {
  // Browsers already at that version would never create the new table.
  throw new Error(`A new mirror table's 'since' must be above ${MY_BOOKINGS_VERSION} (My booking's version)`);
}

/** The Dexie version that gave cars and bookings their deposit and payments their kind (release-2 §E2). */
export const DEPOSIT_VERSION = 7;

/**
 * Rows stored before deposits, as the server's migration left them: every car
 * (the admin's and the public cache) asks the default ₱3,000, a booking made
 * before asked none, and every payment was a rental payment.
 */
async function upgradeToDeposits(tx: Transaction): Promise<void> {
  const withDeposit = (car: { deposit?: string }) => {
    car.deposit ??= rentalTerms.defaultDeposit;
  };
  await tx.table<{ deposit?: string }, string>("adminCars").toCollection().modify(withDeposit);
  await tx.table<{ deposit?: string }, string>("cars").toCollection().modify(withDeposit);
  await tx
    .table<{ deposit?: string }, string>("bookings")
    .toCollection()
    .modify((booking) => {
      booking.deposit ??= "0.00";
    });
  await tx
    .table<{ kind?: string }, string>("payments")
    .toCollection()
    .modify((payment) => {
      payment.kind ??= "rental";
    });
}

/**
 * The server had the length discounts before this version, and a delta
 * answers only what changed since the cursor: a device keeping its cursor
 * would never receive them. Its next pull is a full one.
 */
async function upgradeToLengthDiscounts(tx: Transaction): Promise<void> {
  await tx
    .table<SyncStateRow, string>("syncState")
    .where("key")
    .equals("admin")
    .modify((state) => {
      state.cursor = null;
    });
}

export class CarRentalDb extends Dexie {
  cars!: EntityTable<Car, "id">;
  bookedRanges!: Table<LocalBookedRange, [string, string, string]>;
  /** When each public list was last fetched: 'cars', 'bookedRanges:<carId>'. */
  publicSync!: EntityTable<PublicSyncRow, "key">;
  adminCars!: EntityTable<LocalAdminCar, "id">;
  bookings!: EntityTable<LocalBooking, "id">;
  customers!: EntityTable<LocalCustomer, "id">;
  blockedNames!: EntityTable<LocalBlockedName, "id">;
  payments!: EntityTable<LocalPayment, "id">;
  /** Days a car is out of service (release 2 §C1). */
  blocks!: EntityTable<LocalBlock, "id">;
  /** The owner's seasonal rate periods (release 2 §E1). */
  ratePeriods!: EntityTable<LocalRatePeriod, "id">;
  /** The owner's length discounts (release 2 §E1): one record, id LENGTH_DISCOUNTS_RECORD_ID. */
  lengthDiscounts!: EntityTable<LocalLengthDiscountList, "id">;
  outbox!: EntityTable<StoredOutboxEntry, "id">;
  syncState!: EntityTable<SyncStateRow, "key">;
  drafts!: EntityTable<DraftRow, "key">;
  /** Bookings the customer opened on My booking (release-2 §D2): see my-bookings.ts. */
  myBookings!: EntityTable<MyBookingRow, "id">;
  /** Check-out and check-in records (release 2 §C3). */
  handovers!: EntityTable<LocalHandover, "id">;
  /** Handover photos and signatures, kept until (and after) their upload. */
  handoverFiles!: EntityTable<HandoverFile, "id">;
  /** The owner's seasonal rates and length discounts, for the booking page offline (release-2 §E1). */
  publicRates!: EntityTable<PublicRatesRow, "key">;
  /** Car pictures chosen offline, waiting for their car's change to be sent. */
  carImageFiles!: EntityTable<CarImageFile, "id">;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    // Each version, as written below oldest first, is declared by one step; the steps run newest
    // first. Each `stores()` makes Dexie read every version declared so far again, with the tables
    // they add up to: newest first, most of those reads see a few tables instead of all of them
    // (half the time on a phone, where this runs while the page loads). The declared versions,
    // their tables and upgrades come out the same in either order (db.test.ts).
    const steps: (() => unknown)[] = [];
    const declare = (step: () => unknown) => steps.push(step);
    declare(() =>
      this.version(1).stores({
        cars: "id, name",
        bookedRanges: "[carId+start+pickupTime], carId",
        publicSync: "key",
        adminCars: "id, name",
        bookings: "id, customerId, carId, createdAt, status",
        customers: "id, email, createdAt",
        blockedNames: "id, fullName",
        payments: "id, bookingId",
        outbox: "id, &seq, state, [entity+entityId]",
        syncState: "key",
        drafts: "key",
      }),
    );
    // The outbox's rows by `entity:id`, so a delivery looks up only the entries about its rows.
    declare(() =>
      this.version(2)
        .stores({ outbox: "id, &seq, state, [entity+entityId], *rowKeys" })
        .upgrade(async (tx) => {
          await tx
            .table<StoredOutboxEntry, string>("outbox")
            .toCollection()
            .modify((entry) => {
              entry.rowKeys = outboxRowKeys(entry);
            });
        }),
    );
    // Named mutations (issue #19): each stored request becomes the change it was made by.
    declare(() =>
      this.version(3)
        .stores({})
        .upgrade(async (tx) => {
          await tx
            .table<StoredOutboxEntry & LegacyOutboxEntry, string>("outbox")
            .toCollection()
            .modify((entry) => {
              if (entry.method === undefined) return;
              const named = mutationOfLegacyEntry(entry);
              entry.mutation = named?.mutation ?? "unknown";
              entry.args = named?.args ?? { method: entry.method, path: entry.path, body: entry.body };
              if (!named) {
                entry.state = "failed";
                entry.lastError = UNKNOWN_CHANGE_MESSAGE;
              }
              delete entry.method;
              delete entry.path;
              delete entry.body;
            });
        }),
    );
    // The synced tables as `shared/src/mirror.ts` lists them (a new one comes with the next version),
    // each version that brought one with the tables it had.
    for (const version of MIRROR_VERSIONS)
      declare(() => this.version(version).stores(mirrorStoresAt(version)));
    // My booking's own table (release-2 §D2); the other stores are unchanged. Its version is fixed
    // and apart from the mirror's versions: a new mirror table takes a version above every one declared, never this one.
    declare(() => this.version(MY_BOOKINGS_VERSION).stores({ myBookings: "id, reference, openedAt" }));
    // Release-2 §E2: rows stored before deposits get what the server's migration gave them.
    declare(() => this.version(DEPOSIT_VERSION).stores({}).upgrade(upgradeToDeposits));
    // The handover's files (release 2 §C3), in the version that also brings the `handovers` mirror
    // table (declared above from the list). A new store only: nothing stored before changes shape.
    declare(() => this.version(HANDOVER_VERSION).stores({ handoverFiles: "id, bookingId" }));
    // The public rates' cache (release-2 §E1): a new table, nothing stored before changes.
    declare(() => this.version(RATES_VERSION).stores({ publicRates: "key" }));
    // The length discounts' mirror table (declared above from the list): the next pull is a full one.
    declare(() => this.version(LENGTH_DISCOUNTS_VERSION).upgrade(upgradeToLengthDiscounts));
    // Car pictures chosen offline: a new table, nothing stored before changes.
    declare(() => this.version(CAR_IMAGE_FILES_VERSION).stores({ carImageFiles: "id" }));
    for (const step of steps.reverse()) step();
  }

  /** An admin mirror table by sync entity name, for the pull, reads and deletes (features use the typed tables). */
  mirrorTable(entity: SyncEntity): MirrorTableView {
    return this.table<PendingMarks & { id: string }, string>(mirrorRegistry[entity].table);
  }

  /** Every admin mirror table (and the sync state), for one transaction. */
  mirrorTables(): Table[] {
    return [...SYNC_ENTITIES.map((entity) => this.table(mirrorRegistry[entity].table)), this.syncState];
  }
}

/** The app's database. Dexie opens it on first use. */
export const db = new CarRentalDb();
