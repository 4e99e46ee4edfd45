import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IN_MEMORY, migrate, openDatabase, resetDatabase, sqlState } from "./index";
import type { Database } from "./index";
import { migrations } from "./migrations";
import { testDatabaseUrl } from "./test-config";
import { openTestDatabase, testEngines } from "./test-database";

const BOOKING = {
  pickup_date: "2026-01-01",
  return_date: "2026-01-03",
  pickup_time: "09:00",
  total_days: 2,
  daily_rate: "2000.00",
  subtotal: "4000.00",
  insurance: "500.00",
  total: "4500.00",
};

/** Each engine, and PGlite on a thread of its own as the server runs it (pglite-thread.ts). */
const variants = [
  ...testEngines().map((engine) => ({ engine, ownThread: false, name: engine })),
  { engine: "pglite" as const, ownThread: true, name: "pglite on its own thread" },
];

describe.each(variants)("database on $name", ({ engine, ownThread }) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(engine, { ownThread });
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetDatabase(db.knex);
  });

  it("says which engine it is", () => {
    expect(db.engine).toBe(engine);
  });

  it("returns dates as YYYY-MM-DD, money and bigints as strings, timestamptz as Date", async () => {
    const result = await db.knex.raw<{ rows: Record<string, unknown>[] }>(
      `select '2026-01-01'::date as day, array['2026-12-31'::date] as days, 2500.5::numeric(12,2) as money,
              true as yes, '2026-01-01T00:30:00+08:00'::timestamptz as instant, 7::bigint as big, 3 as small,
              '2026-01-01 09:00'::timestamp as wall_clock, '09:00'::time as slot, '{"a":[1]}'::jsonb as doc,
              current_setting('TimeZone') as zone`,
    );
    expect(result.rows).toEqual([
      {
        day: "2026-01-01",
        days: ["2026-12-31"],
        money: "2500.50",
        yes: true,
        instant: new Date("2025-12-31T16:30:00.000Z"),
        big: "7",
        small: 3,
        wall_clock: "2026-01-01 09:00:00",
        slot: "09:00:00",
        doc: { a: [1] },
        zone: "Asia/Manila",
      },
    ]);
  });

  it("reads table rows with the same JS types", async () => {
    const [car] = await db
      .knex("cars")
      .insert({ name: "Toyota Vios", category: "Compact Sedan", daily_rate: "1999.99", seats: 5, year: 2024 })
      .returning("*");
    const [customer] = await db
      .knex("customers")
      .insert({
        full_name: "Maria Santos",
        email: "maria@example.ph",
        phone: "0917",
        license_expiry: "2027-02-28",
      })
      .returning("*");
    const [booking] = await db
      .knex("bookings")
      .insert({ ...BOOKING, car_id: car.id, customer_id: customer.id })
      .returning("*");
    expect(car).toMatchObject({
      daily_rate: "1999.99",
      seats: 5,
      available: true,
      version: "1",
      deleted_at: null,
      created_at: expect.any(Date),
    });
    expect(typeof car.sync_xid).toBe("string");
    expect(customer.license_expiry).toBe("2027-02-28");
    expect(booking).toMatchObject({
      pickup_date: "2026-01-01",
      return_date: "2026-01-03",
      pickup_time: "09:00:00",
      total_days: 2,
      total: "4500.00",
      amount_paid: "0.00",
      with_driver: false,
      status: "pending",
      occupied: '["2026-01-01 09:00:00","2026-01-03 11:00:00")',
      updated_at: expect.any(Date),
    });
  });

  it("commits and rolls back transactions", async () => {
    await db.knex.transaction(async (trx) => {
      await trx("app_settings").insert({ key: "kept", value: "1" });
    });
    await expect(
      db.knex.transaction(async (trx) => {
        await trx("app_settings").insert({ key: "dropped", value: "1" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const failed = await db.knex
      .transaction(async (trx) => {
        await trx("app_settings").insert({ key: "dropped too", value: "1" });
        await trx("app_settings").insert({ key: "kept", value: "2" });
      })
      .catch((error: unknown) => error);
    expect(sqlState(failed)).toBe("23505");
    expect(await db.knex("app_settings").pluck("key")).toEqual(["kept"]);
  });

  it("puts the SQLSTATE on every database error", async () => {
    const syntax = await db.knex.raw("selec 1").catch((error: unknown) => error);
    expect(sqlState(syntax)).toBe("42601");
    const missing = await db
      .knex("no_such_table")
      .select()
      .catch((error: unknown) => error);
    expect(sqlState(missing)).toBe("42P01");
    expect(sqlState(new Error("plain"))).toBeUndefined();
  });

  it("names a failed query's SQL without its values (a value may be a token: release 2 A6)", async () => {
    const secret = "token-3f9c2a7e-never-logged";
    const failed = await db
      .knex("no_such_table")
      .insert({ link: `/my-booking?ref=ACR-ABCDEF&token=${secret}` })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(String((failed as Error).message)).toContain("no_such_table");
    expect(String((failed as Error).message)).not.toContain(secret);
    expect(JSON.stringify(failed)).not.toContain(secret);
  });
  it("migrates idempotently, naming migrations by file name", async () => {
    await migrate(db.knex);
    await migrate(db.knex);
    const names = await db.knex("knex_migrations").orderBy("id").pluck("name");
    expect(names).toEqual(migrations.map((migration) => migration.name));
    expect(names[0]).toBe("2026-11-21-23-00-00-create-schema");
  });

  it("resets every table but the migration bookkeeping, restarting identities", async () => {
    await db.knex("app_settings").insert({ key: "a", value: "b" });
    await db.knex("mail_outbox").insert({ kind: "test", to_address: "a@b.ph", subject: "s", text_body: "t" });
    await resetDatabase(db.knex);
    expect(await db.knex("app_settings").count({ count: "*" })).toEqual([{ count: "0" }]);
    const [mail] = await db
      .knex("mail_outbox")
      .insert({ kind: "test", to_address: "a@b.ph", subject: "s", text_body: "t" })
      .returning("id");
    expect(mail).toEqual({ id: "1" });
    expect(await db.knex("knex_migrations").count({ count: "*" })).toEqual([
      { count: String(migrations.length) },
    ]);
  });

  it("lets several processes migrate one fresh database at once", async () => {
    const fresh = await openTestDatabase(engine, { migrate: false });
    // On PostgreSQL each "process" is a knex of its own; PGlite has one connection, so one knex, called thrice.
    const processes =
      engine === "postgres" ? await Promise.all([0, 1, 2, 3].map(() => openSameDatabase(fresh))) : [];
    try {
      const knexes =
        processes.length > 0
          ? processes.map((process) => process.knex)
          : [fresh.knex, fresh.knex, fresh.knex];
      await Promise.all(knexes.map((knex) => migrate(knex)));
      expect(await fresh.knex("knex_migrations").count({ count: "*" })).toEqual([
        { count: String(migrations.length) },
      ]);
      expect(await fresh.knex("knex_migrations_lock").select("is_locked")).toEqual([{ is_locked: 0 }]);
      expect(await fresh.knex("cars").count({ count: "*" })).toEqual([{ count: "0" }]);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
      await fresh.close();
    }
  });

  it("frees knex's lock table left locked with two rows by an earlier race, and migrates", async () => {
    await db.knex("knex_migrations_lock").update({ is_locked: 1 });
    await db.knex("knex_migrations_lock").insert({ is_locked: 1 });
    await migrate(db.knex);
    expect(await db.knex("knex_migrations_lock").select("is_locked")).toEqual([{ is_locked: 0 }]);
    expect(await db.knex("knex_migrations").count({ count: "*" })).toEqual([
      { count: String(migrations.length) },
    ]);
  });
});

/** Another connection pool on the PostgreSQL database `db` uses, as a second process would open. */
async function openSameDatabase(db: Database): Promise<Database> {
  const result = await db.knex.raw<{ rows: { name: string }[] }>("select current_database() as name");
  const url = new URL(testDatabaseUrl ?? "");
  url.pathname = `/${result.rows[0]?.name ?? ""}`;
  return openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY, pool: { min: 0, max: 3 } });
}

describe("PGlite on disk", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "car-rental-db-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps its data and its exclusion constraint after reopening", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.engine).toBe("pglite");
    await migrate(first.knex);
    const [car] = await first
      .knex("cars")
      .insert({ name: "Toyota Hiace", category: "Van", daily_rate: "5000.00", seats: 15, year: 2023 })
      .returning("id");
    const [customer] = await first
      .knex("customers")
      .insert({ full_name: "Pedro Reyes", email: "pedro@example.ph", phone: "0918" })
      .returning("id");
    await first.knex("bookings").insert({ ...BOOKING, car_id: car.id, customer_id: customer.id });
    await first.close();
    expect((await stat(path.join(dataDir, "pglite"))).isDirectory()).toBe(true);

    const second = await openDatabase({ dataDir });
    try {
      await migrate(second.knex);
      expect(await second.knex("bookings").pluck("pickup_date")).toEqual(["2026-01-01"]);
      const overlap = await second
        .knex("bookings")
        .insert({
          ...BOOKING,
          pickup_date: "2026-01-02",
          return_date: "2026-01-04",
          car_id: car.id,
          customer_id: customer.id,
        })
        .catch((error: unknown) => error);
      expect(sqlState(overlap)).toBe("23P01");
      // btree_gist is loaded again: the next free slot is accepted.
      await second.knex("bookings").insert({
        ...BOOKING,
        pickup_date: "2026-01-03",
        return_date: "2026-01-04",
        pickup_time: "11:00",
        car_id: car.id,
        customer_id: customer.id,
      });
    } finally {
      await second.close();
    }
  });
});

describe("openDatabase", () => {
  it("fails fast when the PostgreSQL server cannot be reached", async () => {
    await expect(
      openDatabase({ databaseUrl: "postgres://nobody@127.0.0.1:1/none", dataDir: "unused" }),
    ).rejects.toThrow();
  });
});
