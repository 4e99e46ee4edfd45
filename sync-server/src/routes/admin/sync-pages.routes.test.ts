import type { Knex } from "knex";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { SYNC_ENTITIES, type SyncEntity } from "@car-rental/shared/mirror";
import { syncResponseSchema, type SyncResponse } from "@car-rental/shared/schemas/sync";
import { startTestServer, type TestServer } from "../../test-server";

/**
 * The paged first sync (issue #23): a reset in pages of `limit` rows, each
 * naming the id ranges it covers, then the delta from the first page's cursor.
 * The tests stand on 2026-11-21 in Manila: the mirror holds bookings
 * returning on or after 2025-11-21.
 */

async function get(server: TestServer, cookie: string, query: string): Promise<SyncResponse> {
  const res = await server.request("GET", `/api/admin/sync?${query}`, { cookie });
  expect(res.status, query).toBe(200);
  return syncResponseSchema.parse(await res.json());
}

/** Every page of a paged reset, from the first (`paged=1`) to the one whose `next` is null. */
async function allPages(server: TestServer, cookie: string, limit: number): Promise<SyncResponse[]> {
  const pages = [await get(server, cookie, `paged=1&limit=${limit}`)];
  for (let next = pages[0]?.page?.next; next; next = pages[pages.length - 1]?.page?.next) {
    pages.push(await get(server, cookie, `page=${encodeURIComponent(next)}&limit=${limit}`));
    expect(pages.length).toBeLessThan(1000);
  }
  return pages;
}

async function writeMark(knex: Knex): Promise<bigint> {
  const result = await knex.raw<{ rows: { xid: string }[] }>("select pg_current_xact_id()::text as xid");
  return BigInt(result.rows[0]?.xid ?? "0");
}

/** The delta from `since` once its horizon passed every write made so far (PostgreSQL's horizon is cluster-wide). */
async function deltaPast(server: TestServer, cookie: string, since: string): Promise<SyncResponse> {
  const mark = await writeMark(server.db.knex);
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await get(server, cookie, `since=${since}&paged=1`);
    if (BigInt(answer.cursor) > mark) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the sync horizon never passed ${mark}`);
}

type Mirror = Map<SyncEntity, Map<string, { id: string }>>;

/** What a client does with a page: upsert its rows, drop the rows of its ranges it does not list. */
function applyPage(mirror: Mirror, page: SyncResponse) {
  for (const range of page.page?.ranges ?? []) {
    const table = mirror.get(range.entity) ?? new Map<string, { id: string }>();
    mirror.set(range.entity, table);
    for (const id of [...table.keys()]) {
      const inRange =
        (range.after === null || id > range.after) && (range.through === null || id <= range.through);
      if (inRange) table.delete(id);
    }
  }
  applyDelta(mirror, page);
}

function applyDelta(mirror: Mirror, answer: SyncResponse) {
  for (const entity of SYNC_ENTITIES) {
    const table = mirror.get(entity) ?? new Map<string, { id: string }>();
    mirror.set(entity, table);
    for (const row of answer[entity] as { id: string }[]) table.set(row.id, row);
  }
  for (const { entity, id } of answer.deleted) mirror.get(entity)?.delete(id);
}

function mirrorOf(answer: SyncResponse): Mirror {
  const mirror: Mirror = new Map();
  applyDelta(mirror, answer);
  return mirror;
}

/** Each table's rows, sorted by id, for comparing mirrors. */
function contents(mirror: Mirror) {
  return Object.fromEntries(
    SYNC_ENTITIES.map((entity) => [
      entity,
      [...(mirror.get(entity)?.values() ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1)),
    ]),
  );
}

describe.each(testEngines())("paged admin sync on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let carIds: string[];
  let oldBooking: string;
  let edgeBooking: string;
  let futureBooking: string;
  let oldPayment: string;

  async function booking(customerId: string, carId: string, pickup: string, ret: string): Promise<string> {
    const [row] = await server.db
      .knex("bookings")
      .insert({
        customer_id: customerId,
        car_id: carId,
        pickup_date: pickup,
        return_date: ret,
        total_days: 1,
        daily_rate: "2500.00",
        subtotal: "2500.00",
        insurance: "500.00",
        total: "3000.00",
        status: "completed",
      })
      .returning<{ id: string }[]>("id");
    if (!row) throw new Error("no booking");
    return row.id;
  }

  async function payment(bookingId: string): Promise<string> {
    const [row] = await server.db
      .knex("payments")
      .insert({ booking_id: bookingId, amount: "100.00" })
      .returning<{ id: string }[]>("id");
    if (!row) throw new Error("no payment");
    return row.id;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    const knex = server.db.knex;
    carIds = (await knex("cars").select("id").orderBy("id")).map((row: { id: string }) => row.id);
    const customers = await knex("customers")
      .insert(
        Array.from({ length: 23 }, (_, i) => ({
          full_name: `Paged Customer ${i}`,
          email: `paged${i}@example.ph`,
          phone: "09171234567",
        })),
      )
      .returning<{ id: string }[]>("id");
    const customerIds = customers.map((row) => row.id);
    const [first = "", second = "", third = ""] = customerIds;
    const [carA = "", carB = ""] = carIds;
    oldBooking = await booking(first, carA, "2025-11-19", "2025-11-20");
    edgeBooking = await booking(second, carA, "2025-11-20", "2025-11-21");
    futureBooking = await booking(third, carB, "2026-12-01", "2026-12-03");
    for (let i = 0; i < 12; i++) {
      const day = String(i + 1).padStart(2, "0");
      await booking(customerIds[i + 3] ?? "", carB, `2026-03-${day}`, `2026-04-${day}`);
    }
    oldPayment = await payment(oldBooking);
    await payment(edgeBooking);
    await payment(futureBooking);
    for (const fullName of ["Paged Block One", "Paged Block Two"]) {
      const res = await server.request("POST", "/api/admin/blocked-names", { cookie, body: { fullName } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server.clock.set(new Date("2026-11-21T01:30:00Z"));
  });

  it("sends a page gzip-compressed as JSON, the same text as uncompressed", async () => {
    const url = `${server.url}/api/admin/sync?paged=1&limit=50`;
    const fetchRaw = async (encoding: string) => {
      const res = await fetch(url, { headers: { Cookie: cookie, "Accept-Encoding": encoding } });
      // Node's fetch decompresses: the header says what was on the wire.
      return {
        encoding: res.headers.get("content-encoding"),
        type: res.headers.get("content-type"),
        text: await res.text(),
      };
    };
    const gzip = await fetchRaw("gzip");
    const plain = await fetchRaw("identity");
    expect(gzip.encoding).toBe("gzip");
    expect(plain.encoding).toBeNull();
    for (const answer of [gzip, plain]) expect(answer.type).toBe("application/json; charset=utf-8");
    // The cursor (and the next page's token, which carries it) may move between two requests.
    const {
      cursor: _gzipCursor,
      page: gzipRanges,
      ...gzipPage
    } = syncResponseSchema.parse(JSON.parse(gzip.text));
    const {
      cursor: _plainCursor,
      page: plainRanges,
      ...plainPage
    } = syncResponseSchema.parse(JSON.parse(plain.text));
    expect(gzipPage.bookings.length).toBeGreaterThan(0);
    expect(gzipPage).toEqual(plainPage);
    expect(gzipRanges?.ranges).toEqual(plainRanges?.ranges);
  });

  it("covers every row of the mirror once, in pages of at most `limit` rows with one cursor", async () => {
    const whole = await get(server, cookie, "");
    expect(whole.page).toBeUndefined();
    const pages = await allPages(server, cookie, 7);
    expect(pages.length).toBeGreaterThan(5);
    const seen = new Map<SyncEntity, string[]>();
    for (const page of pages) {
      expect(page.reset).toBe(true);
      expect(page.cursor).toBe(pages[0]?.cursor);
      const rows = SYNC_ENTITIES.flatMap((entity) => page[entity] as { id: string }[]);
      expect(rows.length).toBeLessThanOrEqual(7);
      for (const entity of SYNC_ENTITIES) {
        seen.set(entity, [
          ...(seen.get(entity) ?? []),
          ...(page[entity] as { id: string }[]).map((r) => r.id),
        ]);
      }
    }
    expect(pages.at(-1)?.page?.next).toBeNull();
    for (const entity of SYNC_ENTITIES) {
      const ids = seen.get(entity) ?? [];
      expect(new Set(ids).size, entity).toBe(ids.length);
      expect([...ids].sort(), entity).toEqual((whole[entity] as { id: string }[]).map((r) => r.id).sort());
    }
    // The ranges of each table follow each other from the first id to the last.
    for (const entity of SYNC_ENTITIES) {
      const ranges = pages.flatMap((page) => page.page?.ranges ?? []).filter((r) => r.entity === entity);
      expect(ranges[0]?.after, entity).toBeNull();
      expect(ranges.at(-1)?.through, entity).toBeNull();
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]?.after).toBe(ranges[i - 1]?.through);
    }
    expect(seen.get("customers")?.length).toBe(23);
  });

  it("mirrors bookings returning within the last 12 months and later, with their payments only", async () => {
    const mirror = mirrorOf(await get(server, cookie, ""));
    const paged = new Map<SyncEntity, Map<string, { id: string }>>();
    for (const page of await allPages(server, cookie, 5)) applyPage(paged, page);
    expect(contents(paged)).toEqual(contents(mirror));
    const bookings = [...(mirror.get("bookings")?.keys() ?? [])];
    expect(bookings).toContain(edgeBooking);
    expect(bookings).toContain(futureBooking);
    expect(bookings).not.toContain(oldBooking);
    expect(bookings).toHaveLength(14);
    const payments = [...(mirror.get("payments")?.values() ?? [])] as { id: string; bookingId: string }[];
    expect(payments.map((p) => p.bookingId).sort()).toEqual([edgeBooking, futureBooking].sort());
    // The old booking's customer is still mirrored (every customer is).
    expect(mirror.get("customers")?.size).toBe(23);

    // The next day the edge booking's return date is out of the window.
    server.clock.set(new Date("2026-11-22T01:30:00Z"));
    const later = await get(server, cookie, "");
    expect(later.bookings.map((b) => b.id)).not.toContain(edgeBooking);
  });

  it("sends an old booking in a delta when it changes", async () => {
    const first = await allPages(server, cookie, 50);
    await server.db.knex("bookings").where({ id: oldBooking }).update({ status: "cancelled" });
    await server.db.knex("payments").where({ id: oldPayment }).update({ amount: "150.00" });
    const delta = await deltaPast(server, cookie, first[0]?.cursor ?? "");
    expect(delta.page).toBeUndefined();
    expect(delta.bookings.map((b) => [b.id, b.status])).toEqual([[oldBooking, "cancelled"]]);
    expect(delta.payments.map((p) => p.id)).toEqual([oldPayment]);
  });

  it("ends right after the delta from its cursor when rows change, appear and go while the pages are read", async () => {
    const knex = server.db.knex;
    const mirror: Mirror = new Map();
    // Stale rows of an earlier mirror: a reset removes them.
    mirror.set(
      "customers",
      new Map([["00000000-0000-4000-8000-000000000000", { id: "00000000-0000-4000-8000-000000000000" }]]),
    );
    const staleBooking = "ffffffff-ffff-4fff-8fff-ffffffffffff";
    mirror.set("bookings", new Map([[staleBooking, { id: staleBooking }]]));

    const firstPage = await get(server, cookie, "paged=1&limit=6");
    applyPage(mirror, firstPage);
    const sentCars = firstPage.cars.map((car) => car.id);
    expect(sentCars.length).toBeGreaterThan(1);
    // Changed after their page: a car renamed, another removed.
    await knex("cars").where({ id: sentCars[0] }).update({ name: "Renamed While Paging" });
    await knex("cars").where({ id: sentCars[1] }).update({ deleted_at: new Date() });
    // Changed before their page: a customer renamed, a blocked name removed, a customer added.
    // (One without bookings: a renamed customer's bookings come with the delta, however old.)
    await knex("customers")
      .where({ email: "paged22@example.ph" })
      .update({ full_name: "Renamed Before Its Page" });
    await knex("blocked_names").where({ full_name: "Paged Block One" }).update({ deleted_at: new Date() });
    await knex("customers").insert({
      full_name: "Added While Paging",
      email: "added@example.ph",
      phone: "09170000000",
    });

    let page = firstPage;
    for (let n = 0; page.page?.next; n++) {
      page = await get(server, cookie, `page=${encodeURIComponent(page.page.next)}&limit=6`);
      applyPage(mirror, page);
      if (n === 2) {
        // Changed after its page was read: the renamed car again.
        await knex("cars").where({ id: sentCars[0] }).update({ name: "Renamed Twice" });
      }
    }
    applyDelta(mirror, await deltaPast(server, cookie, firstPage.cursor));

    // A delta also brings old bookings whose car or customer changed (their views show the names).
    const resent = [...(mirror.get("bookings")?.values() ?? [])] as { id: string; returnDate: string }[];
    for (const old of resent.filter((booking) => booking.returnDate < "2025-11-21")) {
      mirror.get("bookings")?.delete(old.id);
    }
    const now = await get(server, cookie, "");
    expect(contents(mirror)).toEqual(contents(mirrorOf(now)));
    expect(mirror.get("bookings")?.has(staleBooking)).toBe(false);
    expect(mirror.get("cars")?.has(sentCars[1] ?? "")).toBe(false);
    expect((mirror.get("cars")?.get(sentCars[0] ?? "") as { name?: string }).name).toBe("Renamed Twice");
    await knex("cars").where({ id: sentCars[1] }).update({ deleted_at: null });
  });

  it("answers the same page again for the same token (a sync that stopped resumes from it)", async () => {
    const first = await get(server, cookie, "paged=1&limit=4");
    const next = first.page?.next ?? "";
    const again = await get(server, cookie, `page=${encodeURIComponent(next)}&limit=4`);
    const resumed = await get(server, cookie, `page=${encodeURIComponent(next)}&limit=4`);
    expect(resumed).toEqual(again);
    expect(again.cursor).toBe(first.cursor);
  });

  it("answers a delta, not a page, when paged=1 comes with a good cursor", async () => {
    const { cursor } = await get(server, cookie, "");
    const delta = await get(server, cookie, `since=${cursor}&paged=1`);
    expect(delta.reset).toBe(false);
    expect(delta.page).toBeUndefined();
    const future = await get(server, cookie, "since=18446744073709551615&paged=1&limit=3");
    expect(future.reset).toBe(true);
    expect(future.page?.next).toEqual(expect.any(String));
  });

  it("refuses a token it did not write with 400", async () => {
    for (const page of [
      "x",
      "p1.12.2025-11-21.99.",
      "p1.12.2025-11-21.0.not-an-id",
      "p1.12.2025-11-21.2.ABCDEFAB-0000-4000-8000-000000000000",
      "p1.12.2025-11-21.0.a.b",
      "p2.12.2025-11-21.0.",
      "p1.12.2025-99-99.0.",
      "p1.12.2025-11-21.0.------------------------------------",
      "p1.99999999999999999999.2025-11-21.0.",
    ]) {
      const res = await server.request("GET", `/api/admin/sync?page=${encodeURIComponent(page)}`, { cookie });
      expect(res.status, page).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
    const tooMany = await server.request("GET", "/api/admin/sync?paged=1&limit=5001", { cookie });
    expect(tooMany.status).toBe(400);
  });
});
