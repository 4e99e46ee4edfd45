import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { constraintName, IN_MEMORY, openDatabase, sqlState } from "./index";
import type { Database } from "./index";
import { PgliteThread } from "./pglite-thread";

describe("PGlite on a thread of its own", () => {
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: IN_MEMORY, ownThread: true });
    await db.knex.raw("create extension if not exists btree_gist");
    await db.knex.raw(`create table slots (
      id int primary key,
      car int not null,
      during daterange not null,
      constraint slots_no_overlap exclude using gist (car with =, during with &&)
    )`);
  });
  afterAll(async () => {
    await db.close();
  });

  it("hands back a database error with its SQLSTATE, constraint and detail", async () => {
    await db.knex("slots").insert({ id: 1, car: 7, during: "[2026-01-01,2026-01-03)" });
    const taken = await db
      .knex("slots")
      .insert({ id: 1, car: 8, during: "[2026-02-01,2026-02-03)" })
      .catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(Error);
    expect(sqlState(taken)).toBe("23505");
    expect(constraintName(taken)).toBe("slots_pkey");
    const overlap = await db
      .knex("slots")
      .insert({ id: 2, car: 7, during: "[2026-01-02,2026-01-04)" })
      .catch((error: unknown) => error);
    expect(sqlState(overlap)).toBe("23P01");
    expect(constraintName(overlap)).toBe("slots_no_overlap");
    expect((overlap as { detail?: unknown }).detail).toMatch(/conflicts with existing key/);
    expect(await db.knex("slots").count("* as n")).toEqual([{ n: "1" }]);
  });

  it("delivers notifications to its listeners until they stop", async () => {
    const heard: (string | null)[] = [];
    const stop = await db.listen("slot_changes", (payload) => heard.push(payload));
    await db.knex.raw("notify slot_changes, 'first'");
    await expect.poll(() => heard).toEqual(["first"]);
    await stop();
    await db.knex.raw("notify slot_changes, 'second'");
    await db.knex.raw("select 1");
    expect(heard).toEqual(["first"]);
  });

  it("runs transactions and savepoints whose BEGIN goes with their first statement", async () => {
    await db.knex.transaction(async (trx) => {
      await trx("slots").insert({ id: 10, car: 20, during: "[2026-03-01,2026-03-03)" });
      const refused = await trx
        .transaction(async (inner) => {
          await inner("slots").insert({ id: 11, car: 20, during: "[2026-03-05,2026-03-06)" });
          await inner("slots").insert({ id: 12, car: 20, during: "[2026-03-02,2026-03-04)" });
        })
        .catch((error: unknown) => error);
      expect(sqlState(refused)).toBe("23P01");
      await trx("slots").insert({ id: 13, car: 20, during: "[2026-03-07,2026-03-08)" });
    });
    const kept = await db.knex("slots").where({ car: 20 }).orderBy("id").pluck("id");
    expect(kept).toEqual([10, 13]);
    // A transaction whose first statement fails is rolled back, BEGIN and all: the next one starts afresh.
    const failed = await db.knex
      .transaction((trx) => trx.raw("select * from no_such_table"))
      .catch((error: unknown) => error);
    expect(sqlState(failed)).toBe("42P01");
    const after = await db.knex.transaction((trx) => trx("slots").where({ car: 20 }).count("* as n"));
    expect(after).toEqual([{ n: "2" }]);
  });

  it("refuses calls once closed, with a clear error", async () => {
    const thread = await PgliteThread.start(undefined);
    expect((await thread.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await thread.close();
    expect(thread.closed).toBe(true);
    await expect(thread.query("select 1")).rejects.toThrow("the embedded database is closed");
  });
});

describe("a PGlite thread that cannot open its folder", () => {
  it("fails the opening with PGlite's error and ends quietly", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "car-rental-thread-"));
    // A database folder of a PostgreSQL version PGlite cannot open.
    await mkdir(path.join(folder, "pglite"));
    await writeFile(path.join(folder, "pglite", "PG_VERSION"), "9\n");
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on("uncaughtException", onCrash);
    try {
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(crashes).toEqual([]);
    } finally {
      process.off("uncaughtException", onCrash);
      await rm(folder, { recursive: true, force: true });
    }
  });
});
