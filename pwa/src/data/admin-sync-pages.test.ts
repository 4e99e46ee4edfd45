// @vitest-environment node
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { SYNC_ENTITIES, mirrorTables } from "@car-rental/shared/mirror";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import { startTestServer, type TestServer } from "../../../sync-server/src/test-server";
import { ApiClient, NetworkError, type FetchLike } from "./api-client";
import { readAdminSyncState, syncAdmin } from "./admin-sync";
import { CarRentalDb } from "./db";
import { addLegacyEntry } from "./outbox-test-support";
import { discardEntry } from "./outbox-review";

/**
 * The paged first sync of the admin mirror (issue #23) against the real
 * server: pages stored as they arrive, a cut resumed from the stored token,
 * the delta from the reset's cursor after the last page.
 */

let server: TestServer;
let cookie: string;
const OLD_CUSTOMER_EMAIL = "old-booking@example.ph";

beforeAll(async () => {
  server = await startTestServer("pglite");
  cookie = await server.adminCookie();
  const knex = server.db.knex;
  const customers = await knex("customers")
    .insert(
      Array.from({ length: 17 }, (_, i) => ({
        full_name: `Paging Customer ${i}`,
        email: i === 0 ? OLD_CUSTOMER_EMAIL : `paging${i}@example.ph`,
        phone: "09171234567",
      })),
    )
    .returning<{ id: string }[]>("id");
  const [car] = await knex("cars").select<{ id: string }[]>("id").limit(1);
  // One booking that returned more than 12 months before the tests' day (2026-11-21), one in the window.
  await knex("bookings").insert(
    [
      ["2025-10-01", "2025-10-03"],
      ["2026-10-01", "2026-10-03"],
    ].map(([pickup, ret], i) => ({
      customer_id: customers[i]?.id,
      car_id: car?.id,
      pickup_date: pickup,
      return_date: ret,
      total_days: 2,
      daily_rate: "2500.00",
      subtotal: "5000.00",
      insurance: "500.00",
      total: "5500.00",
      status: "completed",
    })),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/**
 * A body that arrives `ms` after the answer's status and headers, or fails
 * with the signal's reason when it aborts first (as a fetch's body does).
 */
function slowBody(
  text: string,
  ms: number,
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      const timer = setTimeout(() => {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      }, ms);
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        controller.error(signal.reason);
      });
    },
  });
}

/** Never answers; fails with the signal's reason when it aborts (a dead link). */
function noAnswer(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener("abort", () => reject(signal.reason as Error));
  });
}

/**
 * A fetch to the real server with the admin cookie, that logs each sync query
 * and can be cut off, made slow (a sync answer's body then arrives `msPerRow`
 * per row it carries after its headers: a link whose time grows with the
 * page), or dead (no answer at all).
 */
function makeNetwork() {
  const network = {
    /** Sync requests to let through before the network drops (null: never). */
    cutAfter: null as number | null,
    msPerRow: 0,
    dead: false,
    queries: [] as URLSearchParams[],
    /** The rows of each sync answer that arrived, in order. */
    arrivedRows: [] as number[],
    fetch: (async (input, init) => {
      const url = new URL(input);
      const isSync = url.pathname === routes.adminSync.path;
      if (isSync) {
        if (network.cutAfter !== null && network.queries.length >= network.cutAfter) {
          throw new TypeError("fetch failed");
        }
        network.queries.push(url.searchParams);
        if (network.dead) return noAnswer(init.signal);
      }
      const headers = new Headers(init.headers);
      headers.set("Cookie", cookie);
      const response = await fetch(input, { ...init, headers });
      if (!isSync || !response.ok) return response;
      const text = await response.text();
      const body = JSON.parse(text) as Record<string, unknown>;
      const rows = SYNC_ENTITIES.reduce((sum, entity) => sum + ((body[entity] as unknown[]) ?? []).length, 0);
      const arriving = slowBody(text, rows * network.msPerRow, init.signal);
      return new Response(
        arriving.pipeThrough(
          new TransformStream({
            flush: () => void network.arrivedRows.push(rows),
          }),
        ),
        { status: response.status, headers: response.headers },
      );
    }) satisfies FetchLike,
  };
  return network;
}

let dbCounter = 0;
let db: CarRentalDb;
let network: ReturnType<typeof makeNetwork>;
let api: ApiClient;

beforeEach(() => {
  dbCounter += 1;
  db = new CarRentalDb(`admin-sync-pages-${dbCounter}`);
  network = makeNetwork();
  api = new ApiClient({ baseUrl: server.url, fetch: network.fetch });
});

afterEach(() => {
  db.close();
});

/** The server's mirror as one answer (the unpaged reset), table by table, sorted by id. */
async function serverMirror() {
  const res = await server.request("GET", routes.adminSync.path, { cookie });
  const whole = syncResponseSchema.parse(await res.json());
  return Object.fromEntries(
    SYNC_ENTITIES.map((entity) => [entity, (whole[entity] as { id: string }[]).map((row) => row.id).sort()]),
  );
}

async function localMirror() {
  return Object.fromEntries(
    await Promise.all(
      SYNC_ENTITIES.map(async (entity) => [
        entity,
        ((await db.table(mirrorTables[entity].table).toCollection().primaryKeys()) as string[]).sort(),
      ]),
    ),
  );
}

describe("paged admin sync", () => {
  it("stores a first sync page by page, then the delta from its cursor", async () => {
    const result = await syncAdmin({ db, api, pageRows: 5 });
    expect(result?.reset).toBe(true);
    expect(await localMirror()).toEqual(await serverMirror());
    expect((await localMirror()).bookings).toHaveLength(1);
    const state = await readAdminSyncState(db);
    expect(state.page).toBeNull();
    expect(state.cursor).toMatch(/^\d+$/);
    expect(state.lastSyncAt).not.toBeNull();
    // The overview's figures over the booking older than the window, counted by the server.
    expect(state.olderTotals).toMatchObject({ bookings: 1, earnings: "5500.00", pendingBookings: 0 });
    // First page, the pages after it by token, and the delta from the reset's cursor.
    expect(network.queries[0]?.get("paged")).toBe("1");
    expect(network.queries.length).toBeGreaterThan(4);
    expect(network.queries.slice(1, -1).every((query) => query.has("page"))).toBe(true);
    const last = network.queries.at(-1);
    expect(last?.get("since")).toBe(state.cursor);
    expect(last?.has("page")).toBe(false);
  });

  it("goes on from the stored page after the network dropped mid-way", async () => {
    network.cutAfter = 3;
    await expect(syncAdmin({ db, api, pageRows: 5 })).rejects.toThrow();
    const cut = await readAdminSyncState(db);
    expect(cut.page).toMatch(/^p1\./);
    expect(cut.cursor).toBeNull();
    const stored = (await localMirror()).cars.length + (await localMirror()).customers.length;
    expect(stored).toBe(15);

    network.cutAfter = null;
    network.queries.length = 0;
    await syncAdmin({ db, api, pageRows: 5 });
    // The first request is the stored page, not a new reset.
    expect(network.queries[0]?.get("page")).toBe(cut.page);
    expect(network.queries.some((query) => query.get("paged") === "1" && !query.has("since"))).toBe(false);
    expect(await localMirror()).toEqual(await serverMirror());
    expect((await readAdminSyncState(db)).page).toBeNull();
  });

  it("asks again for a page that timed out in half the rows, and finishes the reset", async () => {
    // 100 ms a row against a 700 ms timeout: a page of 16 or 8 rows cannot arrive in time, one of 4 can.
    network.msPerRow = 100;
    const result = await syncAdmin({ db, api, pageRows: 16, requestTimeoutMs: 700 });
    expect(result?.reset).toBe(true);
    expect(await localMirror()).toEqual(await serverMirror());
    const limits = network.queries.map((query) => query.get("limit"));
    // 16 and 8 timed out on the first page, 4 carried it (same request, smaller); 4 from then on.
    expect(limits.slice(0, 3)).toEqual(["16", "8", "4"]);
    expect(network.queries[1]?.get("paged")).toBe("1");
    expect(network.queries[2]?.get("paged")).toBe("1");
    const pages = network.queries.slice(3, -1);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((query) => query.has("page") && query.get("limit") === "4")).toBe(true);
    expect(network.arrivedRows.slice(0, -1).every((rows) => rows <= 4)).toBe(true);
    const state = await readAdminSyncState(db);
    expect(state.page).toBeNull();
    expect(state.cursor).toMatch(/^\d+$/);
  }, 30_000);

  it("gives up after four halvings in a row: the pull fails and the mirror stays as it was", async () => {
    network.msPerRow = 60;
    await syncAdmin({ db, api, pageRows: 5 });
    const before = await readAdminSyncState(db);
    await server.db.knex("customers").insert({
      full_name: "Unsynced Customer",
      email: "unsynced@example.ph",
      phone: "09171234567",
    });
    // Every page now times out, even of one row.
    network.queries.length = 0;
    await expect(syncAdmin({ db, api, pageRows: 32, requestTimeoutMs: 50, full: true })).rejects.toThrow(
      NetworkError,
    );
    expect(network.queries.map((query) => query.get("limit"))).toEqual(["32", "16", "8", "4", "2"]);
    // Nothing of the new reset was stored: the mirror and its cursor are the first sync's.
    const after = await readAdminSyncState(db);
    expect(after.cursor).toBe(before.cursor);
    expect(after.page).toBeNull();
    expect(await db.customers.where("email").equals("unsynced@example.ph").count()).toBe(0);
  });

  it("fails at once, without asking for less, when no answer comes at all", async () => {
    network.dead = true;
    await expect(syncAdmin({ db, api, pageRows: 16, requestTimeoutMs: 200 })).rejects.toThrow(NetworkError);
    expect(network.queries).toHaveLength(1);
    // The link is back: the next pull asks for pages of the size it started with.
    network.dead = false;
    network.queries.length = 0;
    await syncAdmin({ db, api, pageRows: 16 });
    expect(network.queries[0]?.get("limit")).toBe("16");
    expect(await localMirror()).toEqual(await serverMirror());
  });

  it("does not ask a timed-out delta again: it fails, and the next pull asks for it", async () => {
    await syncAdmin({ db, api, pageRows: 5 });
    const before = await readAdminSyncState(db);
    network.queries.length = 0;
    network.msPerRow = 1000;
    await server.db
      .knex("customers")
      .insert({ full_name: "Delta Customer", email: "delta@example.ph", phone: "09171234567" });
    await expect(syncAdmin({ db, api, pageRows: 5, requestTimeoutMs: 200 })).rejects.toThrow(NetworkError);
    expect(network.queries).toHaveLength(1);
    expect(network.queries[0]?.get("since")).toBe(before.cursor);
    expect((await readAdminSyncState(db)).cursor).toBe(before.cursor);

    network.msPerRow = 0;
    await syncAdmin({ db, api, pageRows: 5 });
    expect(network.queries[1]?.get("since")).toBe(before.cursor);
    expect(await db.customers.where("email").equals("delta@example.ph").count()).toBe(1);
  });

  it("removes rows the server no longer has, and keeps a row with a waiting change as it is", async () => {
    const gone = "00000000-0000-4000-8000-000000000001";
    const [customer] = await server.db
      .knex("customers")
      .select<{ id: string; full_name: string }[]>("id", "full_name")
      .orderBy("id")
      .limit(1);
    const customerId = customer?.id ?? "";
    const local = {
      id: customerId,
      fullName: "Changed On The Tablet",
      email: "tablet@example.ph",
      phone: "09170000000",
      license: null,
      licenseExpiry: null,
      address: null,
      facebookProfile: null,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
      deletedAt: null,
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
      version: 1,
      _pending: true,
    };
    await db.customers.bulkPut([local, { ...local, id: gone, _pending: false }]);
    // An old cursor: the server cannot answer it as a delta (it is from the future), so the pull is a reset.
    await db.syncState.put({
      key: "admin",
      cursor: "18446744073709551615",
      lastSyncAt: "2026-11-20T00:00:00.000Z",
      auth: "ok",
    });
    await addLegacyEntry(db, {
      method: "PUT",
      path: `/api/admin/customers/${customerId}`,
      body: { fullName: "Changed On The Tablet" },
      entity: "customers",
      entityId: customerId,
      label: "Customer Changed On The Tablet",
    });

    await syncAdmin({ db, api, pageRows: 4 });
    expect(await db.customers.get(gone)).toBeUndefined();
    expect((await db.customers.get(customerId))?.fullName).toBe("Changed On The Tablet");
    const [first] = network.queries;
    expect(first?.get("since")).toBe("18446744073709551615");

    // Discarding the change starts a reset over, which brings the server's row back.
    const [entry] = await db.outbox.toArray();
    await discardEntry(db, entry?.id ?? "");
    await syncAdmin({ db, api, pageRows: 4 });
    expect((await db.customers.get(customerId))?.fullName).toBe(customer?.full_name);
  });

  it("a discarded change mid-way through a reset starts the reset over", async () => {
    network.cutAfter = 2;
    await expect(syncAdmin({ db, api, pageRows: 5 })).rejects.toThrow();
    expect((await readAdminSyncState(db)).page).toMatch(/^p1\./);
    await addLegacyEntry(db, {
      method: "PUT",
      path: `/api/admin/customers/00000000-0000-4000-8000-000000000002`,
      body: { fullName: "Anyone" },
      entity: "customers",
      entityId: "00000000-0000-4000-8000-000000000002",
      label: "Customer Anyone",
    });
    const [entry] = await db.outbox.toArray();
    await discardEntry(db, entry?.id ?? "");
    expect((await readAdminSyncState(db)).page).toBeNull();
    network.cutAfter = null;
    network.queries.length = 0;
    await syncAdmin({ db, api, pageRows: 5 });
    expect(network.queries[0]?.get("paged")).toBe("1");
    expect(network.queries[0]?.has("page")).toBe(false);
  });

  it("starts the reset over when the server no longer reads the stored page token", async () => {
    await db.syncState.put({
      key: "admin",
      cursor: null,
      lastSyncAt: null,
      auth: "ok",
      page: "p1.1.2025-11-21.1.not-a-token-this-server-wrote",
    });
    await syncAdmin({ db, api, pageRows: 5 });
    expect(network.queries[0]?.has("page")).toBe(true);
    expect(network.queries[1]?.get("paged")).toBe("1");
    expect(network.queries[1]?.has("page")).toBe(false);
    expect((await readAdminSyncState(db)).page).toBeNull();
    expect(await localMirror()).toEqual(await serverMirror());
  });

  it("answers a sync state stored before paging (no page field) with a delta", async () => {
    const { cursor } = syncResponseSchema.parse(
      await (await server.request("GET", routes.adminSync.path, { cookie })).json(),
    );
    // As version 8 stored it: no `page`.
    await db.syncState.put({ key: "admin", cursor, lastSyncAt: "2026-11-20T00:00:00.000Z", auth: "ok" });
    const result = await syncAdmin({ db, api, pageRows: 5 });
    expect(result?.reset).toBe(false);
    expect(network.queries).toHaveLength(1);
    expect(network.queries[0]?.get("since")).toBe(cursor);
  });
});
