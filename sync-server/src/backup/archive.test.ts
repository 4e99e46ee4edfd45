import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { latestMigrationName, migrate, migrations, seedFleet } from "@car-rental/db";
import type { Database, Engine } from "@car-rental/db";
import { openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { createLocalStorage } from "../storage/local-storage";
import type { Storage } from "../storage/storage";
import { readSync } from "../services/sync/sync.service";

/** A mirror scope holding every booking, however old. */
const everything = { windowStart: "0001-01-01" };
import { ArchiveFromNewerSchema, DatabaseNotEmpty, restoreBackup, writeBackup } from "./archive";

// Each test opens several databases; PGlite takes many seconds to start on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const OBJECT_KEY = "documents/0b6c3c1e-6a53-4d6e-9a0c-3f7d0a1b2c3d";
const OBJECT_BYTES = Buffer.from("%PDF-1.4 a driver's licence scan");

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "car-rental-archive-test-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function newStorage(name: string): Promise<Storage> {
  return createLocalStorage(path.join(work, name));
}

/** A database with a bit of everything: the fleet, a customer, a booking, a payment, blocks, a handover, an object, outbox mail. */
async function fill(db: Knex, storage: Storage): Promise<void> {
  await seedFleet(db, { year: 2026 });
  const car = await db("cars").first<{ id: string }>("id");
  const [customer] = await db("customers")
    .insert({ full_name: "Juan dela Cruz", email: "juan@example.ph", phone: "+63 917 555 0101" })
    .returning<{ id: string }[]>("id");
  const [booking] = await db("bookings")
    .insert({
      car_id: car.id,
      customer_id: customer?.id,
      pickup_date: "2026-12-01",
      return_date: "2026-12-04",
      pickup_time: "09:00",
      total_days: 3,
      daily_rate: "2000.00",
      subtotal: "6000.00",
      insurance: "500.00",
      total: "6500.00",
    })
    .returning<{ id: string }[]>("id");
  // An update bumps version and sync_xid through the touch trigger: the restore must keep version 2.
  await db("bookings").where({ id: booking?.id }).update({ status: "confirmed" });
  await db("payments").insert({ booking_id: booking?.id, amount: "1000.00", note: "cash" });
  // Blocks (when the schema has them), one removed: the restore rebuilds the car's occupancy (not
  // archived) from them and the booking.
  if (await db.schema.hasTable("blocks"))
    await db("blocks").insert([
      { car_id: car.id, start_date: "2026-12-10", end_date: "2026-12-11", reason: "Oil change" },
      {
        car_id: car.id,
        start_date: "2026-12-20",
        end_date: "2026-12-20",
        deleted_at: new Date("2026-11-21T00:00:00Z"),
      },
    ]);
  // A check-out record (release-2 §C3): its JSON photos and charges round-trip.
  if (await db.schema.hasTable("handovers"))
    await db("handovers").insert({
      booking_id: booking?.id,
      kind: "check-out",
      odometer_km: 12000,
      fuel_eighths: 6,
      notes: "Scratch on the rear bumper",
      photos: JSON.stringify([`/objects/${OBJECT_KEY}`]),
      signature: `/objects/${OBJECT_KEY}`,
      charges: JSON.stringify([]),
    });
  await db("mail_outbox").insert({
    kind: "booking-notice",
    to_address: "a@example.ph",
    subject: "s",
    text_body: "t",
  });
  await db("objects").insert({
    path: OBJECT_KEY,
    purpose: "document",
    content_type: "application/pdf",
    size: OBJECT_BYTES.length,
    upload_token_hash: "x",
    expires_at: new Date("2026-12-01T00:00:00Z"),
    uploaded_at: new Date("2026-11-21T01:00:00Z"),
  });
  await storage.put(OBJECT_KEY, OBJECT_BYTES, "application/pdf");
}

/** Every table's rows as text, without `sync_xid` (a transaction id of one database). */
async function contents(db: Knex): Promise<Record<string, string[]>> {
  const tables: { rows: { tablename: string }[] } = await db.raw(
    `select tablename from pg_tables where schemaname = current_schema()
       and tablename not in ('knex_migrations', 'knex_migrations_lock') order by tablename`,
  );
  const out: Record<string, string[]> = {};
  for (const { tablename } of tables.rows) {
    const rows: { rows: { j: string }[] } = await db.raw(
      `select (to_jsonb(t) - 'sync_xid')::text as j from ?? t order by 1`,
      [tablename],
    );
    out[tablename] = rows.rows.map((row) => row.j).filter((j) => !j.includes('"sync_epoch"'));
  }
  return out;
}

async function sequences(db: Knex): Promise<unknown[]> {
  const result: { rows: unknown[] } = await db.raw(
    "select sequencename, last_value from pg_sequences where schemaname = current_schema() order by 1",
  );
  return result.rows;
}

const pairs: [Engine, Engine][] = testEngines().flatMap((from) =>
  testEngines().map((to): [Engine, Engine] => [from, to]),
);

describe.each(pairs)("backup on %s, restore on %s", (from, to) => {
  let source: Database;
  let target: Database;
  beforeAll(async () => {
    source = await openTestDatabase(from);
    target = await openTestDatabase(to, { migrate: false });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it("restores every row, id, version, sequence and object, and a pre-restore sync cursor gets a full reset", async () => {
    const sourceStorage = await newStorage(`${from}-${to}-source`);
    const targetStorage = await newStorage(`${from}-${to}-target`);
    await fill(source.knex, sourceStorage);
    const before = await readSync(source.knex, null, everything);
    const file = path.join(work, `${from}-${to}.tar.gz`);
    const manifest = await writeBackup(source, sourceStorage, file);
    expect(manifest.schemaVersion).toBe(latestMigrationName());
    expect(manifest.objects.map((o) => o.key)).toEqual([OBJECT_KEY]);

    await restoreBackup(target, targetStorage, file);
    expect(await contents(target.knex)).toEqual(await contents(source.knex));
    expect(await sequences(target.knex)).toEqual(await sequences(source.knex));
    const object = await targetStorage.get(OBJECT_KEY);
    expect(object?.contentType).toBe("application/pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(OBJECT_BYTES);
    const booking = await target.knex("bookings").first<{ version: string; status: string }>();
    expect(booking).toMatchObject({ version: "2", status: "confirmed" });

    // A device that synced the source holds `before.cursor`: the restored database answers it with a reset.
    const afterRestore = await readSync(target.knex, BigInt(before.cursor), everything);
    expect(afterRestore.reset).toBe(true);
    expect(afterRestore.bookings).toHaveLength(1);
    // Its new cursor gives deltas again: a change made after the restore, and only it.
    await target.knex("customers").update({ phone: "+63 917 555 0199" });
    const delta = await readSync(target.knex, BigInt(afterRestore.cursor), everything);
    expect(delta.reset).toBe(false);
    expect(delta.customers.map((c) => c.phone)).toEqual(["+63 917 555 0199"]);
    // The serial of the outbox continues after the archived ids.
    const [mail] = await target
      .knex("mail_outbox")
      .insert({ kind: "k", to_address: "b@example.ph", subject: "s", text_body: "t" })
      .returning<{ id: string }[]>("id");
    expect(Number(mail?.id)).toBeGreaterThan(1);

    // Now not empty: refused without --force, and nothing changes.
    await expect(restoreBackup(target, targetStorage, file)).rejects.toBeInstanceOf(DatabaseNotEmpty);
    expect((await target.knex("mail_outbox").count<{ count: string }[]>("* as count"))[0]?.count).toBe("2");
    // With --force it replaces everything, and a device that synced the first restore gets a reset too.
    const synced = await readSync(target.knex, null, everything);
    await restoreBackup(target, targetStorage, file, { force: true });
    expect(await contents(target.knex)).toEqual(await contents(source.knex));
    expect((await readSync(target.knex, BigInt(synced.cursor), everything)).reset).toBe(true);
  });
});

describe.each(testEngines())("a backup while bookings flow (%s)", (engine) => {
  it("reads every table in one snapshot: each booking and its customer, written together, are both in or both out", async () => {
    const db = await openTestDatabase(engine);
    try {
      const storage = await newStorage(`flow-${engine}`);
      await seedFleet(db.knex, { year: 2026 });
      const car = await db.knex("cars").first<{ id: string }>("id");
      let writing = true;
      let written = 0;
      const writer = (async () => {
        for (let n = 0; writing && n < 400; n += 1) {
          await db.knex.transaction(async (trx) => {
            const [customer] = await trx("customers")
              .insert({ full_name: `Flow ${n}`, email: `flow${n}@example.ph`, phone: "+63 917 555 0101" })
              .returning<{ id: string }[]>("id");
            await trx("bookings").insert({
              car_id: car.id,
              customer_id: customer?.id,
              pickup_date: `2027-01-01`,
              return_date: `2027-01-02`,
              pickup_time: "09:00",
              total_days: 1,
              daily_rate: "2000.00",
              subtotal: "2000.00",
              total: "2000.00",
              status: "cancelled",
            });
          });
          written += 1;
        }
      })();
      while (written < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const file = path.join(work, `flow-${engine}.tar.gz`);
      const manifest = await writeBackup(db, storage, file);
      writing = false;
      await writer;
      const rows = (name: string) => manifest.tables.find((table) => table.name === name)?.rows;
      expect(rows("bookings")).toBeGreaterThanOrEqual(5);
      expect(rows("customers")).toBe(rows("bookings"));
    } finally {
      await db.close();
    }
  });
});

describe.each(testEngines())("a backup's objects (%s)", (engine) => {
  it("reads no object while its database transaction is open (release-2 A6)", async () => {
    const db = await openTestDatabase(engine);
    try {
      const storage = await newStorage(`outside-${engine}`);
      await fill(db.knex, storage);
      let open = 0;
      db.knex.on("query", ({ sql }: { sql: string }) => {
        if (/^begin\b/i.test(sql)) open += 1;
        else if (/^(commit|rollback)\b/i.test(sql)) open -= 1;
      });
      const openWhenRead: number[] = [];
      const watched: Storage = {
        ...storage,
        get: (key) => {
          openWhenRead.push(open);
          return storage.get(key);
        },
      };
      const manifest = await writeBackup(db, watched, path.join(work, `outside-${engine}.tar.gz`));
      expect(manifest.objects.map((object) => object.key)).toEqual([OBJECT_KEY]);
      expect(openWhenRead).toEqual([0]);
    } finally {
      await db.close();
    }
  });
});

describe.each(testEngines())("archives of other schema versions (%s)", (engine) => {
  it("migrates an archive from an older schema after loading it", async () => {
    const oldDb = await openTestDatabase(engine, { migrate: false });
    const fresh = await openTestDatabase(engine, { migrate: false });
    try {
      const first = migrations[0]?.name ?? "";
      await migrate(oldDb.knex, first);
      const storage = await newStorage(`old-${engine}`);
      await fill(oldDb.knex, storage);
      const file = path.join(work, `old-${engine}.tar.gz`);
      const manifest = await writeBackup(oldDb, storage, file);
      expect(manifest.schemaVersion).toBe(first);
      await restoreBackup(fresh, await newStorage(`old-${engine}-target`), file);
      const applied = await fresh.knex("knex_migrations").orderBy("id").pluck("name");
      expect(applied).toEqual(migrations.map((m) => m.name));
      expect(await fresh.knex("bookings").count<{ count: string }[]>("* as count")).toEqual([{ count: "1" }]);
      // The later migration carried the booking into the cars' occupancy.
      expect(await fresh.knex("car_occupancy").count<{ count: string }[]>("* as count")).toEqual([
        { count: "1" },
      ]);
    } finally {
      await oldDb.close();
      await fresh.close();
    }
  });

  it("refuses an archive from a newer schema and changes nothing", async () => {
    const db = await openTestDatabase(engine, { migrate: false });
    try {
      const folder = path.join(work, `newer-${engine}`);
      await mkdir(path.join(folder, "tables"), { recursive: true });
      await writeFile(
        path.join(folder, "manifest.json"),
        JSON.stringify({
          format: 1,
          schemaVersion: "2999-01-01-00-00-00-from-the-future",
          createdAt: new Date().toISOString(),
          engine,
          tables: [],
          sequences: [],
          objects: [],
        }),
      );
      const file = path.join(work, `newer-${engine}.tar.gz`);
      await tar.c({ gzip: true, file, cwd: folder }, ["manifest.json", "tables"]);
      await expect(restoreBackup(db, await newStorage(`newer-${engine}`), file)).rejects.toBeInstanceOf(
        ArchiveFromNewerSchema,
      );
      const tables: { rows: unknown[] } = await db.knex.raw(
        "select 1 from pg_tables where schemaname = current_schema()",
      );
      expect(tables.rows).toEqual([]);
      expect(JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8")).format).toBe(1);
    } finally {
      await db.close();
    }
  });
});
