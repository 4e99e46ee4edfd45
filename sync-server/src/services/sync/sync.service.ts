import type { Knex } from "knex";
import type { SyncResponse, Tombstone } from "@car-rental/shared/schemas/sync";
import { ValidationFailed } from "../../errors";
import { blockedNamesTable, toBlockedName } from "../blocked-names/blocked-names.service";
import { selectBookingViews, toBookingView } from "../bookings/booking-view";
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

async function fullSnapshot(trx: Knex, horizon: string): Promise<SyncResponse> {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const cars = await carsTable(trx).whereNull("deleted_at").orderBy("id");
  const customers = await selectCustomers(trx).whereNull("c.deleted_at").orderBy("c.id");
  const blockedNames = await blockedNamesTable(trx).whereNull("deleted_at").orderBy("id");
  const bookings = await selectBookingViews(trx).orderBy("b.id");
  const payments = await selectPayments(trx).orderBy("p.id");
  return {
    cursor: horizon,
    reset: true,
    cars: cars.map(toAdminCar),
    customers: customers.map(toCustomerRecord),
    blockedNames: blockedNames.map(toBlockedName),
    bookings: bookings.map(toBookingView),
    payments: payments.map(toPayment),
    deleted: [],
  };
}

const WINDOW_SQL = (column: string) => `${column} >= ?::xid8 and ${column} < ?::xid8`;

async function delta(trx: Knex, window: Window): Promise<SyncResponse> {
  const bounds = [window.from, window.to];
  const changedIds = (table: string, column = "id") =>
    trx(table).select(column).whereRaw(WINDOW_SQL("sync_xid"), bounds);

  const cars = await carsTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id");
  // A customer shows its latest booking's documents: resent when one of its bookings changed.
  const customers = await selectCustomers(trx)
    .where((changed) =>
      changed
        .whereRaw(WINDOW_SQL("c.sync_xid"), bounds)
        .orWhereIn("c.id", changedIds("bookings", "customer_id")),
    )
    .orderBy("c.id");
  const blockedNames = await blockedNamesTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id");
  const bookings = await selectBookingViews(trx)
    .where((changed) =>
      changed
        .whereRaw(WINDOW_SQL("b.sync_xid"), bounds)
        .orWhereIn("b.customer_id", changedIds("customers"))
        .orWhereIn("b.car_id", changedIds("cars"))
        .orWhereIn("b.id", changedIds("payments", "booking_id")),
    )
    .orderBy("b.id");
  const payments = await selectPayments(trx).whereRaw(WINDOW_SQL("p.sync_xid"), bounds).orderBy("p.id");

  const deleted: Tombstone[] = [
    ...cars.filter((row) => row.deleted_at).map((row): Tombstone => ({ entity: "cars", id: row.id })),
    ...customers
      .filter((row) => row.deleted_at)
      .map((row): Tombstone => ({ entity: "customers", id: row.id })),
    ...blockedNames
      .filter((row) => row.deleted_at)
      .map((row): Tombstone => ({ entity: "blockedNames", id: row.id })),
  ];
  return {
    cursor: window.to,
    reset: false,
    cars: cars.filter((row) => !row.deleted_at).map(toAdminCar),
    customers: customers.filter((row) => !row.deleted_at).map(toCustomerRecord),
    blockedNames: blockedNames.filter((row) => !row.deleted_at).map(toBlockedName),
    bookings: bookings.map(toBookingView),
    payments: payments.map(toPayment),
    deleted,
  };
}
