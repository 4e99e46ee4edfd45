/**
 * The admin mirror's pull: `GET /api/admin/sync?since=<cursor>` applied into
 * Dexie in one transaction (rows upserted, tombstones removed, the cursor
 * stored). Rows with a change still in the outbox keep their local,
 * optimistic version: older server data does not overwrite them until their
 * entry is done.
 *
 * A reset (the first sync, or one the server asks for) comes in pages
 * (issue #23): each page is stored in its own transaction as it arrives, with
 * the token of the next one, so a sync cut short goes on where it stopped.
 * The cursor is stored after the last page, and the delta from it follows at
 * once, bringing what changed while the pages were read. A page whose answer
 * began to arrive but did not finish within the request timeout is asked for
 * again in half the rows (a slow link carries a smaller page in time); one
 * that got no answer at all fails the pull (the link is down); see `PageSize`.
 *
 * No DOM or React imports: the service worker syncs after it drained the outbox.
 */
import Dexie from "dexie";
import { manilaToday } from "@car-rental/shared/dates";
import { mirrorWindowStart } from "@car-rental/shared/mirror";
import {
  SYNC_ENTITIES,
  SYNC_PAGE_ROWS,
  type SyncEntity,
  type SyncResponse,
} from "@car-rental/shared/schemas/sync";
import { adminApi as api } from "./admin-api";
import { ApiError, NetworkError, type ApiClient } from "./api-client";
import { db as appDb, type CarRentalDb, type SyncStateRow } from "./db";
import { outboxRowKeys } from "./outbox";

export type AdminSyncOptions = {
  db?: CarRentalDb;
  api?: ApiClient;
  /** Ignore the cursor and fetch everything (after discarding a change, to revert it). */
  full?: boolean;
  /** Rows per page of a paged reset to start from (the server's default when absent). */
  pageRows?: number;
  /** How long one request may take (SYNC_PAGE_TIMEOUT_MS when absent; tests shorten it). */
  requestTimeoutMs?: number;
};

export type AdminSyncResult = { reset: boolean; changed: number; removed: number };

const ADMIN_KEY = "admin";

/** `entity:id` of every row a waiting outbox entry has changed locally. */
export async function rowsWithWaitingChanges(db: CarRentalDb): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const entry of await db.outbox.toArray()) {
    for (const key of outboxRowKeys(entry)) keys.add(key);
  }
  return keys;
}

export async function readAdminSyncState(db: CarRentalDb = appDb): Promise<SyncStateRow> {
  return (
    (await db.syncState.get(ADMIN_KEY)) ?? { key: ADMIN_KEY, cursor: null, lastSyncAt: null, auth: "ok" }
  );
}

/** Records that the server wants a sign-in (a 401 on sync or on an outbox entry). */
export async function markAdminNeedsAuth(db: CarRentalDb = appDb): Promise<void> {
  await db.transaction("rw", db.syncState, async () => {
    const state = await readAdminSyncState(db);
    await db.syncState.put({ ...state, auth: "needs_auth" });
  });
}

/**
 * Pulls the changes since the stored cursor (everything when there is none,
 * or with `full`) and applies them. Returns null when the server answered
 * 401: the session is gone, the sync state says 'needs_auth', and the
 * mirror stays as it was (readable offline).
 * @throws NetworkError or ApiError for other failures.
 */
export function syncAdmin(options: AdminSyncOptions = {}): Promise<AdminSyncResult | null> {
  // Each request has SYNC_PAGE_TIMEOUT_MS: a request that got no answer fails this pull instead of
  // holding every later one (and the outbox's refresh after a delivery) behind it; a page that was
  // arriving too slowly is asked for again, smaller (PageSize).
  // One pull at a time (the screen's timer, a reconnection, the outbox after a delivery): each starts
  // from the cursor the one before it stored, so an older answer never lands after a newer one.
  const run = pulls.then(
    () => pullAdmin(options),
    () => pullAdmin(options),
  );
  pulls = run.catch(() => undefined);
  return run;
}

let pulls: Promise<unknown> = Promise.resolve();

/** How long one sync request (a page of a reset, a delta) may take; a page resumes where it stopped. */
const SYNC_PAGE_TIMEOUT_MS = 120_000;

/** A timed-out page is asked for again in half the rows, at most this many times in a row. */
const MAX_HALVINGS = 4;

/**
 * The rows per page of a reset, adapted to the connection: halved when a page
 * began to arrive but not within the timeout (a slow link gets a page it can
 * carry in time instead of failing the sync every two minutes), doubled again,
 * up to where it started, when a page took under an eighth of the timeout.
 * Kept per database for as long as the page (or the service worker) runs. A
 * request that got no answer at all fails the pull at once, as before: a dead
 * link does not hold the pulls (and the outbox's refresh) behind it longer.
 */
class PageSize {
  private halvings = 0;
  rows: number;
  constructor(readonly start: number) {
    this.rows = start;
  }
  /** A new pull may halve again. */
  newPull(): void {
    this.halvings = 0;
  }
  /** After a page timed out: whether to ask for it again, smaller. */
  shrink(): boolean {
    if (this.halvings >= MAX_HALVINGS || this.rows <= 1) return false;
    this.halvings += 1;
    this.rows = Math.max(1, Math.floor(this.rows / 2));
    return true;
  }
  /** After a page arrived in `ms` of the `timeoutMs` it had. */
  arrived(ms: number, timeoutMs: number): void {
    this.halvings = 0;
    if (ms < timeoutMs / 8) this.rows = Math.min(this.start, this.rows * 2);
  }
}

const pageSizes = new WeakMap<CarRentalDb, PageSize>();

function pageSizeFor(db: CarRentalDb, start: number): PageSize {
  let size = pageSizes.get(db);
  if (!size || size.start !== start) {
    size = new PageSize(start);
    pageSizes.set(db, size);
  }
  return size;
}

async function pullAdmin(options: AdminSyncOptions): Promise<AdminSyncResult | null> {
  const db = options.db ?? appDb;
  const client = options.api ?? api;
  const timeoutMs = options.requestTimeoutMs ?? SYNC_PAGE_TIMEOUT_MS;
  const pageSize = pageSizeFor(db, options.pageRows ?? SYNC_PAGE_ROWS.default);
  pageSize.newPull();
  const total: AdminSyncResult = { reset: false, changed: 0, removed: 0 };
  let startOver = options.full === true;
  for (;;) {
    const state = await readAdminSyncState(db);
    const page = startOver ? null : (state.page ?? null);
    const since = startOver ? undefined : (state.cursor ?? undefined);
    const fresh = startOver;
    startOver = false;
    // The server's default page needs no parameter. (A request with `since` is a delta, with no
    // pages, unless the server no longer knows the cursor: it then answers a reset's first page.)
    const limit = pageSize.rows === SYNC_PAGE_ROWS.default ? {} : { limit: pageSize.rows };
    const signal = AbortSignal.timeout(timeoutMs);
    const asked = Date.now();
    let answer: SyncResponse | null;
    try {
      answer = await client.call("adminSync", {
        query:
          page === null
            ? { paged: "1", ...limit, ...(since === undefined ? {} : { since }) }
            : { page, ...limit },
        on401: "returnNull",
        signal,
      });
    } catch (error) {
      // A token this server no longer reads (it was updated mid-way): start the reset again.
      if (page !== null && error instanceof ApiError && error.status === 400) {
        startOver = true;
        continue;
      }
      // An answer too large for the link to carry in time: ask for less. A page of a reset is asked
      // for again now; a request with `since` (most likely a delta, which has no pages) is not, but
      // the next pull asks for smaller pages should it turn out to be a reset.
      const tooSlow = signal.aborted && error instanceof NetworkError && error.answerStarted;
      if (tooSlow && pageSize.shrink() && (page !== null || since === undefined)) {
        startOver = fresh;
        continue;
      }
      throw error;
    }
    if (answer?.page) pageSize.arrived(Date.now() - asked, timeoutMs);
    if (answer === null) {
      await markAdminNeedsAuth(db);
      return null;
    }
    const result = answer.page ? await applySyncPage(db, answer) : await applySyncResponse(db, answer);
    total.reset ||= result.reset;
    total.changed += result.changed;
    total.removed += result.removed;
    // A delta ends the pull; after a reset's last page, the delta from its cursor follows.
    if (!answer.page) {
      await refreshOlderTotals(db, client, total.reset, answer);
      return total;
    }
  }
}

/**
 * Counts the bookings older than the mirror's window again (the overview adds
 * them to its own): after a reset, once a day as the window moves, and when a
 * delta brought an old booking (it changed). Best effort: a failure keeps the
 * figures the device has.
 */
async function refreshOlderTotals(
  db: CarRentalDb,
  client: ApiClient,
  afterReset: boolean,
  delta: SyncResponse,
): Promise<void> {
  const before = mirrorWindowStart(manilaToday(new Date()));
  const known = (await readAdminSyncState(db)).olderTotals;
  const oldBookingChanged =
    known !== undefined && delta.bookings.some((booking) => booking.returnDate < known.before);
  if (!afterReset && known?.before === before && !oldBookingChanged) return;
  try {
    const olderTotals = await client.call("bookingTotals", {
      query: { before },
      signal: AbortSignal.timeout(SYNC_PAGE_TIMEOUT_MS),
    });
    await db.transaction("rw", db.syncState, async () => {
      await db.syncState.put({ ...(await readAdminSyncState(db)), olderTotals });
    });
  } catch {
    // Offline, or a server from before the totals: the overview shows what it has.
  }
}

/**
 * Stores one page of a paged reset in its own transaction: its rows, the
 * removal of the rows of its ranges the server no longer has, and where the
 * reset stands (the next page's token; the cursor after the last page).
 * Rows with a waiting outbox change stay as they are, as in `applySyncResponse`.
 */
export async function applySyncPage(db: CarRentalDb, answer: SyncResponse): Promise<AdminSyncResult> {
  const page = answer.page;
  if (!page) throw new Error("not a page of a paged reset");
  let changed = 0;
  let removed = 0;
  await db.transaction("rw", [...db.mirrorTables(), db.outbox], async () => {
    const protectedRows = await rowsWithWaitingChanges(db);
    const isProtected = (entity: SyncEntity, id: string) => protectedRows.has(`${entity}:${id}`);
    for (const range of page.ranges) {
      const table = db.mirrorTable(range.entity);
      const rows: readonly { id: string }[] = answer[range.entity];
      const keep = new Set(rows.map((row) => row.id));
      const inRange = await table
        .where(":id")
        .between(range.after ?? Dexie.minKey, range.through ?? Dexie.maxKey, range.after === null, true)
        .primaryKeys();
      const stale = inRange.filter((id) => !keep.has(id) && !isProtected(range.entity, id));
      await table.bulkDelete(stale);
      removed += stale.length;
    }
    for (const entity of SYNC_ENTITIES) {
      const incoming = answer[entity].filter((row: { id: string }) => !isProtected(entity, row.id));
      if (incoming.length === 0) continue;
      await db.mirrorTable(entity).bulkPut(incoming);
      changed += incoming.length;
    }
    const state = await readAdminSyncState(db);
    const last = page.next === null;
    await db.syncState.put({
      ...state,
      key: ADMIN_KEY,
      // The reset's cursor only once every page is in: until then the mirror is part old, part new.
      cursor: last ? answer.cursor : state.cursor,
      lastSyncAt: last ? new Date().toISOString() : state.lastSyncAt,
      auth: "ok",
      page: page.next,
    });
  });
  return { reset: true, changed, removed };
}

/** Applies one sync answer in a single transaction (exported for tests and the worker). */
export async function applySyncResponse(db: CarRentalDb, answer: SyncResponse): Promise<AdminSyncResult> {
  let changed = 0;
  let removed = 0;
  await db.transaction("rw", [...db.mirrorTables(), db.outbox], async () => {
    const protectedRows = await rowsWithWaitingChanges(db);
    const isProtected = (entity: SyncEntity, id: string) => protectedRows.has(`${entity}:${id}`);

    for (const entity of SYNC_ENTITIES) {
      const table = db.mirrorTable(entity);
      const rows: readonly { id: string }[] = answer[entity];
      if (answer.reset) {
        // A complete list: rows the server no longer has go, unless a waiting change holds them.
        const keep = new Set(rows.map((row) => row.id));
        const stale = (await table.toCollection().primaryKeys()).filter(
          (id) => !keep.has(id) && !isProtected(entity, id),
        );
        await table.bulkDelete(stale);
        removed += stale.length;
      }
      const incoming = rows.filter((row) => !isProtected(entity, row.id));
      await table.bulkPut(incoming);
      changed += incoming.length;
    }
    for (const tombstone of answer.deleted) {
      if (isProtected(tombstone.entity, tombstone.id)) continue;
      await db.mirrorTable(tombstone.entity).delete(tombstone.id);
      removed += 1;
    }
    await db.syncState.put({
      key: ADMIN_KEY,
      cursor: answer.cursor,
      lastSyncAt: new Date().toISOString(),
      auth: "ok",
      page: null,
    });
  });
  return { reset: answer.reset, changed, removed };
}

/**
 * Logout: forgets the admin mirror, the cursor, the admin changes still
 * in the outbox and their files (decisions.md: the caller warns first when the outbox is not
 * empty). Queued contact messages are a visitor's, not the admin's: they stay.
 */
export async function clearAdminData(db: CarRentalDb = appDb): Promise<void> {
  const files = [db.carImageFiles, db.handoverFiles];
  await db.transaction("rw", [...db.mirrorTables(), db.outbox, ...files], async () => {
    await db.outbox.filter((entry) => entry.entity !== "contact").delete();
    await Promise.all(SYNC_ENTITIES.map((entity) => db.mirrorTable(entity).clear()));
    await db.syncState.delete(ADMIN_KEY);
    // The files of the admin's changes (car pictures, handover photos and signatures: a customer's
    // face and signature) do not stay on a shared tablet either.
    await Promise.all(files.map((table) => table.clear()));
  });
}
