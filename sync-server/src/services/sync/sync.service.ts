import type { Knex } from "knex";
import { SYNC_ENTITIES, type MirrorRow, type SyncEntity } from "@car-rental/shared/mirror";
import type { SyncPageRange, SyncResponse, Tombstone } from "@car-rental/shared/schemas/sync";
import { isValidDate } from "@car-rental/shared/dates";
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
export const INVALID_PAGE_MESSAGE = "Invalid sync page";

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
 * What a reset mirrors (issue #23): bookings returning on or after
 * `windowStart` (`mirrorWindowStart` of today in Manila), their payments and
 * handovers, and every live row of the other tables.
 */
export type MirrorScope = { windowStart: string };

/** How a reset is answered: in one answer, or in pages of `limit` rows. */
export type ResetMode = { paged: false } | { paged: true; limit: number };

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
 * see `syncEpoch`) the answer is a reset (`reset: true`): every row of the
 * mirror's scope (`MirrorScope`), in one answer or, when the client asks for
 * pages, as the first page (`readSyncPage`). A delta carries only rows changed
 * in the window, deleted ones as tombstones in `deleted`, whatever their
 * booking's dates; bookings are also resent when their customer, car or
 * payments changed, because a booking view shows the customer's and the car's
 * names and the amount paid.
 */
export async function readSync(
  db: Knex,
  since: bigint | null,
  scope: MirrorScope,
  reset: ResetMode = { paged: false },
): Promise<SyncResponse> {
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
      if (since === null || since < epoch || since - epoch > BigInt(horizon)) {
        if (!reset.paged) return fullSnapshot(trx, cursor, scope);
        return readPage(trx, { cursor, windowStart: scope.windowStart, entity: 0, after: null }, reset.limit);
      }
      return { ...(await delta(trx, { from: (since - epoch).toString(), to: horizon })), cursor };
    },
    { isolationLevel: "repeatable read", readOnly: true },
  );
}

/**
 * Where a paged reset stands: the cursor its first page took (every page
 * answers it), the window it mirrors (fixed by the first page, so a reset
 * that spans midnight keeps one rule), the table it is in (index in
 * SYNC_ENTITIES) and the last id of that table already sent.
 */
type PageToken = { cursor: string; windowStart: string; entity: number; after: string | null };

// The last id sent is any table's id (a UUID for the tables keyset by `keyset`, which checks it).
const PAGE_TOKEN = /^p1\.(\d{1,20})\.(\d{4}-\d{2}-\d{2})\.(\d{1,2})\.([0-9A-Za-z-]{1,64})?$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalidPage(): ValidationFailed {
  return new ValidationFailed(INVALID_PAGE_MESSAGE, { fields: { page: [INVALID_PAGE_MESSAGE] } });
}

function encodePageToken(token: PageToken): string {
  return `p1.${token.cursor}.${token.windowStart}.${token.entity}.${token.after ?? ""}`;
}

/**
 * Reads a `page` token as `encodePageToken` wrote it.
 * @throws ValidationFailed (400) for anything else.
 */
export function parsePageToken(page: string): PageToken {
  const match = PAGE_TOKEN.exec(page);
  const [, cursor = "", windowStart = "", entity = "", after] = match ?? [];
  const valid =
    match !== null &&
    Number(entity) < SYNC_ENTITIES.length &&
    BigInt(cursor) <= MAX_XID8 &&
    isValidDate(windowStart);
  if (!valid) throw invalidPage();
  return { cursor, windowStart, entity: Number(entity), after: after ?? null };
}

/**
 * The next page of a paged reset (issue #23), read as the rows are now, in
 * its own short transaction: the reset's consistency comes from its cursor,
 * not from one long snapshot. A row read here either is as it was when the
 * first page took the cursor (its `sync_xid` below it) or was written since,
 * and then the delta from that cursor sends it again (or its tombstone).
 */
export async function readSyncPage(db: Knex, token: PageToken, limit: number): Promise<SyncResponse> {
  return db.transaction((trx) => readPage(trx, token, limit), { readOnly: true });
}

/**
 * Up to `limit` rows from where `token` stands, keyset by (table, id): the
 * rest of the current table, then the tables after it while rows are left.
 */
async function readPage(trx: Knex, token: PageToken, limit: number): Promise<SyncResponse> {
  const found: Partial<Record<SyncEntity, { id: string }[]>> = {};
  const ranges: SyncPageRange[] = [];
  let budget = limit;
  let { entity: index, after } = token;
  for (; index < SYNC_ENTITIES.length && budget > 0; index++, after = null) {
    const entity = SYNC_ENTITIES[index];
    if (!entity) break;
    const rows: { id: string }[] = await syncQueries[entity].page(
      trx,
      { windowStart: token.windowStart },
      { after, limit: budget },
    );
    found[entity] = rows;
    if (rows.length === budget) {
      // Full: the table may have more; the next page goes on after the last id.
      const through = rows[rows.length - 1]?.id ?? null;
      ranges.push({ entity, after, through });
      after = through;
      break;
    }
    ranges.push({ entity, after, through: null });
    budget -= rows.length;
  }
  const next = index < SYNC_ENTITIES.length ? encodePageToken({ ...token, entity: index, after }) : null;
  // Each entity's list holds what its own query answered.
  const lists = { ...emptyLists(), ...found } as MirrorLists;
  return { cursor: token.cursor, reset: true, ...lists, deleted: [], page: { ranges, next } };
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
  /** Live rows of the mirror's scope in id order: after `after`, at most `limit` (all when absent). */
  page(trx: Knex, scope: MirrorScope, keyset: Keyset): Promise<MirrorRow<E>[]>;
  changed(
    trx: Knex,
    bounds: string[],
    changedIds: ChangedIds,
  ): Promise<{ rows: MirrorRow<E>[]; deletedIds: string[] }>;
};

/** Where a page starts (after this id; from the first when null) and how many rows it takes. */
type Keyset = { after: string | null; limit?: number };

/**
 * Orders by `column`, a UUID key (its order in PostgreSQL is the order of its
 * lower-case text, as the browser compares the ranges' ids), and applies the
 * keyset. A table keyed otherwise writes its own `page`; a single-record
 * table answers its record for `after: null` and nothing after it.
 * @throws ValidationFailed (400) when `after` is not a UUID (a token not written here).
 */
function keyset<Q extends Knex.QueryBuilder>(query: Q, column: string, { after, limit }: Keyset): Q {
  if (after !== null && !UUID.test(after)) throw invalidPage();
  if (after !== null) void query.where(column, ">", after);
  void query.orderBy(column);
  if (limit !== undefined) void query.limit(limit);
  return query;
}

/** The ids of the bookings a reset mirrors (for their payments and handovers). */
const bookingsInScope = (trx: Knex, scope: MirrorScope) =>
  trx("bookings").select("id").where("return_date", ">=", scope.windowStart);

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
    page: async (trx, _scope, at) =>
      (await keyset(carsTable(trx).whereNull("deleted_at"), "id", at)).map(toAdminCar),
    changed: async (trx, bounds) =>
      liveAndDeleted(await carsTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"), toAdminCar),
  },
  // A customer shows its latest booking's documents: resent when one of its bookings changed.
  customers: {
    page: async (trx, _scope, at) =>
      (await keyset(selectCustomers(trx).whereNull("c.deleted_at"), "c.id", at)).map(toCustomerRecord),
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
    page: async (trx, scope, at) =>
      (await keyset(selectBookingViews(trx).where("b.return_date", ">=", scope.windowStart), "b.id", at)).map(
        toBookingView,
      ),
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
    page: async (trx, scope, at) =>
      (
        await keyset(selectPayments(trx).whereIn("p.booking_id", bookingsInScope(trx, scope)), "p.id", at)
      ).map(toPayment),
    changed: async (trx, bounds) => ({
      rows: (await selectPayments(trx).whereRaw(WINDOW_SQL("p.sync_xid"), bounds).orderBy("p.id")).map(
        toPayment,
      ),
      deletedIds: [],
    }),
  },
  blockedNames: {
    page: async (trx, _scope, at) =>
      (await keyset(blockedNamesTable(trx).whereNull("deleted_at"), "id", at)).map(toBlockedName),
    changed: async (trx, bounds) =>
      liveAndDeleted(
        await blockedNamesTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"),
        toBlockedName,
      ),
  },
  // Release-2 §C1: removed blocks travel as tombstones.
  blocks: {
    page: async (trx, _scope, at) =>
      (await keyset(blocksTable(trx).whereNull("deleted_at"), "id", at)).map(toBlock),
    changed: async (trx, bounds) =>
      liveAndDeleted(await blocksTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"), toBlock),
  },
  // Release-2 §C3: the check-out and check-in records (never deleted).
  handovers: {
    page: async (trx, scope, at) =>
      (await keyset(handoversTable(trx).whereIn("booking_id", bookingsInScope(trx, scope)), "id", at)).map(
        toHandover,
      ),
    changed: async (trx, bounds) => ({
      rows: (await handoversTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id")).map(
        toHandover,
      ),
      deletedIds: [],
    }),
  },
  // Release-2 §E1: removed rate periods travel as tombstones.
  ratePeriods: {
    page: async (trx, _scope, at) =>
      (await keyset(ratePeriodsTable(trx).whereNull("deleted_at"), "id", at)).map(toRatePeriod),
    changed: async (trx, bounds) =>
      liveAndDeleted(
        await ratePeriodsTable(trx).whereRaw(WINDOW_SQL("sync_xid"), bounds).orderBy("id"),
        toRatePeriod,
      ),
  },
  // Release-2 §E1: the length discounts travel as one record, whole, whenever the list changed.
  lengthDiscounts: {
    page: async (trx, _scope, { after }) =>
      after === null ? [await toLengthDiscountList(trx, await lengthDiscountListTable(trx).first())] : [],
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

const emptyLists = (): MirrorLists => ({
  cars: [],
  customers: [],
  bookings: [],
  payments: [],
  blockedNames: [],
  blocks: [],
  handovers: [],
  ratePeriods: [],
  lengthDiscounts: [],
});

/** A reset in one answer (clients that do not ask for pages): the whole scope. */
async function fullSnapshot(trx: Knex, horizon: string, scope: MirrorScope): Promise<SyncResponse> {
  const { lists } = await readLists(async (entity) => ({
    rows: await syncQueries[entity].page(trx, scope, { after: null }),
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
