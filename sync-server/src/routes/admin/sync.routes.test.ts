import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { syncResponseSchema, type SyncResponse } from "@car-rental/shared/schemas/sync";
import { startTestServer, type TestServer } from "../../test-server";

async function sync(server: TestServer, cookie: string, since?: string): Promise<SyncResponse> {
  const query = since === undefined ? "" : `?since=${encodeURIComponent(since)}`;
  const res = await server.request("GET", `/api/admin/sync${query}`, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return syncResponseSchema.parse(await res.json());
}

/**
 * A transaction id newer than every write made so far. On PostgreSQL the sync
 * horizon is cluster-wide, so a transaction of another test file may hold it
 * back for a moment: deltas are then delayed, never lost.
 */
async function writeMark(knex: Knex): Promise<bigint> {
  const result = await knex.raw<{ rows: { xid: string }[] }>("select pg_current_xact_id()::text as xid");
  return BigInt(result.rows[0]?.xid ?? "0");
}

/** Syncs from `since` (a full snapshot when undefined) until the answer covers every write made so far. */
async function syncPast(server: TestServer, cookie: string, since?: string): Promise<SyncResponse> {
  const mark = await writeMark(server.db.knex);
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await sync(server, cookie, since);
    if (BigInt(answer.cursor) > mark) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the sync horizon never passed ${mark}`);
}

async function insertCustomer(knex: Knex, fullName: string, email: string): Promise<string> {
  const [row] = await knex("customers")
    .insert({ full_name: fullName, email, phone: "09171234567" })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no customer");
  return row.id;
}

async function insertBooking(
  knex: Knex,
  customerId: string,
  carId: string,
  pickupDate: string,
  returnDate: string,
) {
  const [row] = await knex("bookings")
    .insert({
      customer_id: customerId,
      car_id: carId,
      pickup_date: pickupDate,
      return_date: returnDate,
      total_days: 1,
      daily_rate: "2500.00",
      subtotal: "2500.00",
      insurance: "500.00",
      total: "3000.00",
      status: "pending",
    })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no booking");
  return row.id;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe.each(testEngines())("admin sync on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let carIds: string[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    carIds = (await server.db.knex("cars").select("id").orderBy("created_at")).map(
      (row: { id: string }) => row.id,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a full snapshot without a cursor, and with since=0", async () => {
    const full = await sync(server, cookie);
    expect(full.reset).toBe(true);
    expect(full.cursor).toMatch(/^\d+$/);
    expect(ids(full.cars)).toEqual([...carIds].sort());
    expect(full.cars.every((car) => car.deletedAt === null && car.version >= 1)).toBe(true);
    expect(full).toMatchObject({ customers: [], bookings: [], payments: [], blockedNames: [], deleted: [] });

    const zero = await sync(server, cookie, "0");
    expect(zero.reset).toBe(true);
    expect(ids(zero.cars)).toEqual(ids(full.cars));
  });

  it("answers an empty delta when nothing changed, with a cursor that never goes back", async () => {
    const { cursor } = await sync(server, cookie);
    const delta = await sync(server, cookie, cursor);
    expect(delta).toMatchObject({
      reset: false,
      cars: [],
      customers: [],
      bookings: [],
      payments: [],
      blockedNames: [],
      deleted: [],
    });
    expect(BigInt(delta.cursor)).toBeGreaterThanOrEqual(BigInt(cursor));
    const next = await sync(server, cookie, delta.cursor);
    expect(BigInt(next.cursor)).toBeGreaterThanOrEqual(BigInt(delta.cursor));
  });

  it("answers only the rows changed since the cursor, and tombstones for deletions", async () => {
    const knex = server.db.knex;
    const [carA = "", carB = "", carC = ""] = carIds;
    const before = await server.request("POST", "/api/admin/blocked-names", {
      cookie,
      body: { fullName: "Old Block" },
    });
    const oldBlock = ((await before.json()) as { id: string }).id;
    const untouchedCustomer = await insertCustomer(knex, "Untouched Customer", "untouched@example.ph");
    const { cursor } = await syncPast(server, cookie);

    const created = await server.request("POST", "/api/admin/customers", {
      cookie,
      body: { fullName: "New Customer", email: "new@example.ph", phone: "09171234567" },
    });
    const customerId = ((await created.json()) as { id: string }).id;
    const newBlock = await server.request("POST", "/api/admin/blocked-names", {
      cookie,
      body: { fullName: "New Block" },
    });
    const newBlockId = ((await newBlock.json()) as { id: string }).id;
    expect((await server.request("DELETE", `/api/admin/blocked-names/${oldBlock}`, { cookie })).status).toBe(
      200,
    );
    await knex("cars").where({ id: carA }).update({ daily_rate: "9999.00" });
    await knex("cars").where({ id: carB }).update({ deleted_at: new Date() });
    const bookingId = await insertBooking(knex, customerId, carC, "2026-12-01", "2026-12-03");
    const [payment] = await knex("payments")
      .insert({ booking_id: bookingId, amount: "1000.00" })
      .returning<{ id: string }[]>("id");

    const delta = await syncPast(server, cookie, cursor);
    expect(delta.reset).toBe(false);
    expect(delta.cars.map((car) => [car.id, car.dailyRate])).toEqual([[carA, "9999.00"]]);
    expect(ids(delta.customers)).toEqual([customerId]);
    expect(delta.customers.map((c) => c.id)).not.toContain(untouchedCustomer);
    expect(ids(delta.blockedNames)).toEqual([newBlockId]);
    expect(delta.bookings.map((b) => [b.id, b.customerName, b.carId])).toEqual([
      [bookingId, "New Customer", carC],
    ]);
    expect(delta.payments.map((p) => [p.id, p.bookingId, p.amount])).toEqual([
      [payment?.id, bookingId, "1000.00"],
    ]);
    expect(delta.deleted).toEqual(
      expect.arrayContaining([
        { entity: "cars", id: carB },
        { entity: "blockedNames", id: oldBlock },
      ]),
    );
    expect(delta.deleted).toHaveLength(2);
    expect(BigInt(delta.cursor)).toBeGreaterThan(BigInt(cursor));

    // The next delta is empty again; a full snapshot no longer holds the deleted rows.
    const after = await syncPast(server, cookie, delta.cursor);
    expect([
      after.cars,
      after.customers,
      after.bookings,
      after.payments,
      after.blockedNames,
      after.deleted,
    ]).toEqual([[], [], [], [], [], []]);
    const full = await sync(server, cookie);
    expect(full.cars.map((car) => car.id)).not.toContain(carB);
    expect(full.blockedNames.map((entry) => entry.id)).not.toContain(oldBlock);
    expect(full.bookings.map((booking) => booking.id)).toContain(bookingId);
  });

  it("resends a customer's bookings when the customer is renamed (the views carry the name)", async () => {
    const knex = server.db.knex;
    const customerId = await insertCustomer(knex, "Renamed Later", "renamed@example.ph");
    const bookingId = await insertBooking(knex, customerId, carIds[3] ?? "", "2026-12-20", "2026-12-22");
    const { cursor } = await syncPast(server, cookie);
    await knex("customers").where({ id: customerId }).update({ full_name: "Renamed Now" });
    const delta = await syncPast(server, cookie, cursor);
    expect(ids(delta.customers)).toEqual([customerId]);
    expect(delta.bookings.map((b) => [b.id, b.customerName])).toEqual([[bookingId, "Renamed Now"]]);
  });

  it("refuses a cursor that is not a number with 400", async () => {
    for (const since of ["abc", "-1", "1.5", "12 34", "1e9", "99999999999999999999999"]) {
      const res = await server.request("GET", `/api/admin/sync?since=${encodeURIComponent(since)}`, {
        cookie,
      });
      expect(res.status, since).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
    const empty = await server.request("GET", "/api/admin/sync?since=", { cookie });
    expect(empty.status).toBe(400);
  });

  it("answers a full snapshot for a cursor from the future (the database was replaced)", async () => {
    const res = await sync(server, cookie, "18446744073709551615");
    expect(res.reset).toBe(true);
    expect(res.cars.length).toBeGreaterThan(0);
  });

  it("keeps a delta of 100 changes small next to a full reload", async () => {
    const knex = server.db.knex;
    const rows = Array.from({ length: 500 }, (_, i) => ({
      full_name: `Bulk Customer ${i}`,
      email: `bulk${i}@example.ph`,
      phone: "09171234567",
      address: "Quezon Avenue, Poblacion, Alaminos City, Pangasinan",
    }));
    await knex("customers").insert(rows);
    const { cursor } = await syncPast(server, cookie);
    const fullBody = await (await server.request("GET", "/api/admin/sync", { cookie })).text();

    const changed = await knex("customers")
      .select("id")
      .where("email", "like", "bulk%")
      .orderBy("email")
      .limit(100);
    await knex("customers")
      .whereIn(
        "id",
        changed.map((row: { id: string }) => row.id),
      )
      .update({ phone: "09999999999" });
    const delta = await syncPast(server, cookie, cursor);
    const deltaBody = JSON.stringify(delta);
    expect(delta.customers).toHaveLength(100);
    expect(delta.cars).toHaveLength(0);
    expect(deltaBody.length).toBeLessThan(fullBody.length / 4);
  });
});

// The late-commit proof needs two connections at once: PostgreSQL only (PGlite has one).
for (const engine of testEngines().filter((candidate) => candidate === "postgres")) {
  describe(`admin sync cursor on ${engine}`, () => {
    let server: TestServer;
    let cookie: string;
    beforeAll(async () => {
      server = await startTestServer(engine);
      cookie = await server.adminCookie();
    });
    afterAll(async () => {
      await server?.close();
    });

    it("never skips a row committed after a younger transaction was synced", async () => {
      const knex = server.db.knex;
      const [lateCar, earlyCar] = (await knex("cars").select("id").orderBy("created_at").limit(2)).map(
        (row: { id: string }) => row.id,
      );
      const { cursor: start } = await syncPast(server, cookie);

      // An older transaction writes first and stays open…
      const late = await knex.transaction();
      try {
        await late("cars").where({ id: lateCar }).update({ name: "Committed Late" });
        const lateXid = await writeMark(late);
        // …while a younger one writes and commits.
        await knex("cars").where({ id: earlyCar }).update({ name: "Committed Early" });

        const first = await sync(server, cookie, start);
        // The uncommitted change is not visible, and the cursor does not move past it.
        expect(first.cars.map((car) => car.name)).not.toContain("Committed Late");
        expect(BigInt(first.cursor)).toBeLessThanOrEqual(lateXid);
        await late.commit();

        const second = await syncPast(server, cookie, first.cursor);
        const seen = [...first.cars, ...second.cars];
        expect(second.cars.find((car) => car.id === lateCar)?.name).toBe("Committed Late");
        expect(seen.find((car) => car.id === earlyCar)?.name).toBe("Committed Early");
        expect(BigInt(second.cursor)).toBeGreaterThan(lateXid);
      } finally {
        if (!late.isCompleted()) await late.rollback();
      }
    });
  });
}
