import type { Knex } from "knex";
import { SYNC_ENTITIES, type MirrorRow, type SyncEntity } from "@car-rental/shared/mirror";
import type { SyncResponse, Tombstone } from "@car-rental/shared/schemas/sync";
import { ValidationFailed } from "../../errors";
import { blockedNamesTable, toBlockedName } from "../blocked-names/blocked-names.service";
import { blocksTable, toBlock } from "../blocks/blocks.service";
import {
  lengthDiscountListTable,
  ratePeriodsTable,
  toLengthDiscountList,
  toRatePeriod,
} from "../rates/rates.service";
import { selectBookingViews, toBookingView } from "../bookings/booking-view";
import { handoversTable, toHandover } from "../bookings/handover.service";
import { carsTable, toAdminCar } from "../cars/car-record";
import { selectCustomers, toCustomerRecord } from "../customers/customer-record";
import { selectPayments, toPayment } from "../customers/payment-record";

export const INVALID_CURSOR_MESSAGE = "Invalid sync cursor";

/** Largest xid8 (an unsigned 64-bit number). */
const MAX_XID8 = 2n ** 64n - 1n;

/**
 * Reads a `since` cursor: absent, empty or "0" mean "no cursor" (a full
 * snapshot); anything else must be the decimal transaction id a sync answered.
 * @throws ValidationFailed (400) for anything that is not such a number.
 */
export function parseCursor(since: string | undefined): bigint | null {
  if (since === undefined || since === "") return null;
  if (!/^\d{1,20}$/.test(since) || BigInt(since) > MAX_XID8) {
    throw new ValidationFailed(INVALID_CURSOR_MESSAGE, { fields: { since: [INVALID_CURSOR_MESSAGE] } });
  }
  const cursor = BigInt(since);
  return cursor === 0n ? null : cursor;
}

type Window = { from: string; to: string };

/**
 * The admin mirror's sync (ARCHITECTURE.md "Offline and sync").
 *
 * Every synced row carries `sync_xid`, the id of the transaction that last
 * wrote it. The cursor is the *snapshot horizon* of the sync's own
 * repeatable-read transaction, `pg_snapshot_xmin(pg_current_snapshot())`:
 * every transaction below it has finished, so the rows with
 * `since <= sync_xid < horizon` are complete and final as this snapshot sees
 * them. A transaction still running has an id at or above the horizon, so
 * whatever it writes is answered by a later sync, even when it commits long
 * after younger transactions (a "highest id seen" or timestamp cursor would
 * skip it). Consecutive windows [c0, c1), [c1, c2), … cover every id once.
 * The horizon is cluster-wide: a long write transaction anywhere on the
 * PostgreSQL server holds it back, which delays deltas (never loses rows).
 *
 * Without a cursor (or with one from the future, or from before a restore:
 * see `syncEpoch`) the answer is a full snapshot (`reset: true`): every live row;
 * the client replaces its mirror. A delta carries only rows changed in the
 * window, deleted ones as tombstones in `deleted`; bookings are also resent
 * when their customer, car or payments changed, because a booking view shows
 * the customer's and the car's names and the amount paid.
 */
export async function readSync(db: Knex, since: bigint | null): Promise<SyncResponse> {
  return db.transaction(
    async (trx) => {
      const result = await trx.raw<{ rows: { horizon: string }[] }>(
        "select pg_snapshot_xmin(pg_current_snapshot())::text as horizon",
      );
      const horizon = result.rows[0]?.horizon;
      if (!horizon) throw new Error("no snapshot horizon");
      const epoch = await syncEpoch(trx);
      const cursor = (epoch + BigInt(horizon)).toString();
      // Below the epoch: a cursor from before a restore (another database's transaction ids).
      if (since === null || since < epoch || since - epoch > BigInt(horizon))
        return fullSnapshot(trx, cursor);
      return { ...(await delta(trx, { from: (since - epoch).toString(), to: horizon })), cursor };
    },
    { isolationLevel: "repeatable read", readOnly: true },
  );
}

/** Set by a restore (backup/archive.ts), which moves it past every cursor the archived database issued. */
const SYNC_EPOCH_KEY = "sync_epoch";

/**
 * Cursors are `epoch + horizon`. The epoch is 0 until a restore, whose rows
 * carry the restoring database's transaction ids: a device holding a cursor
 * from before cannot be answered a delta and gets a full snapshot instead.
 */
async function syncEpoch(trx: Knex): Promise<bigint> {
  const row = await trx("app_settings").where({ key: SYNC_EPOCH_KEY }).first<{ value: string } | undefined>();
  return row && /^\d{1,20}$/.test(row.value) ? BigInt(row.value) : 0n;
}

const WINDOW_SQL = (column: string) => `${column} >= ?::xid8 and ${column} < ?::xid8`;

/** The ids a table's rows were written with in the window (to resend the views that show them). */
type ChangedIds = (table: string, column?: string) => Knex.QueryBuilder;

/**
 * The server's query of each synced table (`shared/src/mirror.ts`): every
 * live row, or the rows written in a window, deleted ones with `deletedAt`
 * set (sent as tombstones where the table keeps them).
 */
type SyncQuery<E extends SyncEntity> = {
  all(trx: Knex): Promise<MirrorRow<E>[]>;
  changed(
    trx: Knex,
    bounds: string[],
    changedIds: ChangedIds,
  ): Promise<{ rows: MirrorRow<E>[]; deletedIds: string[] }>;
};

type SoftDeletable = { id: string; deleted_at?: Date | string | null };

/** Splits rows read with their `deleted_at` into live rows and the ids of deleted ones. */
function liveAndDeleted<R extends SoftDeletable, T>(rows: R[], toRow: (row: R) => T) {
  return {
    rows: rows.filter((row) => !row.deleted_at).map(toRow),
    deletedIds: rows.filter((row) => row.deleted_at).map((row) => row.id),
  };
}

export const syncQueries: { [E in SyncEntity]: SyncQuery<E> } = {
  cars: {
    all: async (trx) => (await carsTable(trx).whereNull("deleted_at").orderBy("id")).map(toAdminCar),
    changed: async (trx, bounds) =>
      liveAndDeleted(await carsTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"), toAdminCar),
  },
  // A customer shows its latest booking's documents: resent when one of its bookings changed.
  customers: {
    all: async (trx) =>
      (await selectCustomers(trx).whereNull("c.deleted_at").orderBy("c.id")).map(toCustomerRecord),
    changed: async (trx, bounds, changedIds) =>
      liveAndDeleted(
        await selectCustomers(trx)
          .where((changed) =>
            changed
              .whereRaw(WINDOW_SQL("c.sync_xid"), bounds)
              .orWhereIn("c.id", changedIds("bookings", "customer_id")),
          )
          .orderBy("c.id"),
        toCustomerRecord,
      ),
  },
  // A booking view shows the customer's and the car's names and the amount paid: resent when they change.
  bookings: {
    all: async (trx) => (await selectBookingViews(trx).orderBy("b.id")).map(toBookingView),
    changed: async (trx, bounds, changedIds) => ({
      rows: (
        await selectBookingViews(trx)
          .where((changed) =>
            changed
              .whereRaw(WINDOW_SQL("b.sync_xid"), bounds)
              .orWhereIn("b.customer_id", changedIds("customers"))
              .orWhereIn("b.car_id", changedIds("cars"))
              .orWhereIn("b.id", changedIds("payments", "booking_id")),
          )
          .orderBy("b.id")
      ).map(toBookingView),
      deletedIds: [],
    }),
  },
  payments: {
    all: async (trx) => (await selectPayments(trx).orderBy("p.id")).map(toPayment),
    changed: async (trx, bounds) => ({
      rows: (await selectPayments(trx).whereRaw(WINDOW_SQL("p.sync_xid"), bounds).orderBy("p.id")).map(
        toPayment,
      ),
      deletedIds: [],
    }),
  },
  blockedNames: {
    all: async (trx) =>
      (await blockedNamesTable(trx).whereNull("deleted_at").orderBy("id")).map(toBlockedName),
    changed: async (trx, bounds) =>
      liveAndDeleted(
        await blockedNamesTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"),
        toBlockedName,
      ),
  },
  // Release-2 §C1: removed blocks travel as tombstones.
  blocks: {
    all: async (trx) => (await blocksTable(trx).whereNull("deleted_at").orderBy("id")).map(toBlock),
    changed: async (trx, bounds) =>
      liveAndDeleted(await blocksTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"), toBlock),
  },
  // Release-2 §C3: the check-out and check-in records (never deleted).
  handovers: {
    all: async (trx) => (await handoversTable(trx).orderBy("id")).map(toHandover),
    changed: async (trx, bounds) => ({
      rows: (await handoversTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id")).map(
        toHandover,
      ),
      deletedIds: [],
    }),
  },
  // Release-2 §E1: removed rate periods travel as tombstones.
  ratePeriods: {
    all: async (trx) => (await ratePeriodsTable(trx).whereNull("deleted_at").orderBy("id")).map(toRatePeriod),
    changed: async (trx, bounds) =>
      liveAndDeleted(
        await ratePeriodsTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"),
        toRatePeriod,
      ),
  },
  // Release-2 §E1: the length discounts travel as one record, whole, whenever the list changed.
  lengthDiscounts: {
    all: async (trx) => [await toLengthDiscountList(trx, await lengthDiscountListTable(trx).first())],
    changed: async (trx, bounds) => {
      const row = await lengthDiscountListTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).first();
      return { rows: row ? [await toLengthDiscountList(trx, row)] : [], deletedIds: [] };
    },
  },
};

type MirrorLists = { [E in SyncEntity]: MirrorRow<E>[] };

/** Runs each table's query in turn (a transaction is one connection, which runs one query at a time). */
async function readLists(
  read: <E extends SyncEntity>(entity: E) => Promise<{ rows: MirrorRow<E>[]; deletedIds: string[] }>,
): Promise<{ lists: MirrorLists; deleted: Tombstone[] }> {
  const lists: Partial<Record<SyncEntity, unknown[]>> = {};
  const deleted: Tombstone[] = [];
  for (const entity of SYNC_ENTITIES) {
    const { rows, deletedIds } = await read(entity);
    lists[entity] = rows;
    for (const id of deletedIds) deleted.push({ entity, id });
  }
  // Filled above with each entity's own rows (what `read` answers for it).
  return { lists: lists as MirrorLists, deleted };
}

async function fullSnapshot(trx: Knex, horizon: string): Promise<SyncResponse> {
  const { lists } = await readLists(async (entity) => ({
    rows: await syncQueries[entity].all(trx),
    deletedIds: [],
  }));
  return { cursor: horizon, reset: true, ...lists, deleted: [] };
}

async function delta(trx: Knex, window: Window): Promise<SyncResponse> {
  const bounds = [window.from, window.to];
  const changedIds: ChangedIds = (table, column = "id") =>
    trx(table).select(column).whereRaw(WINDOW_SQL("sync_xid"), bounds);
  const { lists, deleted } = await readLists((entity) =>
    syncQueries[entity].changed(trx, bounds, changedIds),
  );
  return { cursor: window.to, reset: false, ...lists, deleted };
}
