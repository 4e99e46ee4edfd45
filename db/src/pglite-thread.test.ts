import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { constraintName, IN_MEMORY, openDatabase, sqlState } from "./index";
import type { Database } from "./index";
import { PgliteThread } from "./pglite-thread";
import { preparedRaw } from "./prepared";

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

  it("sends a statement whose answer is not needed with the next one, whose failure it becomes", async () => {
    const insert = "insert into slots (id, car, during) values (?, ?, ?::daterange)";
    await db.knex.transaction(async (trx) => {
      const early = await preparedRaw(trx, insert, [30, 40, "[2026-04-01,2026-04-02)"], { withNext: true });
      expect(early.rows).toEqual([]);
    });
    // Its refusal fails the COMMIT it went with, which still ended the transaction: nothing stays.
    const refused = await db.knex
      .transaction(async (trx) => {
        await trx("slots").insert({ id: 31, car: 40, during: "[2026-04-05,2026-04-06)" });
        await preparedRaw(trx, insert, [32, 40, "[2026-04-01,2026-04-03)"], { withNext: true });
      })
      .catch((error: unknown) => error);
    expect(sqlState(refused)).toBe("23P01");
    // Before a ROLLBACK, its refusal is of no consequence: the transaction fails with its own error.
    const abandoned = await db.knex
      .transaction(async (trx) => {
        await preparedRaw(trx, insert, [33, 40, "[2026-04-01,2026-04-03)"], { withNext: true });
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect(abandoned).toEqual(new Error("changed my mind"));
    expect(await db.knex("slots").where({ car: 40 }).pluck("id")).toEqual([30]);
  });

  it("fails the COMMIT or RELEASE SAVEPOINT of a handle-style transaction a deferred statement failed in", async () => {
    const insert = "insert into slots (id, car, during) values (?, ?, ?::daterange)";
    /** The SQLSTATE a handle-style transaction's COMMIT (or RELEASE) failed with, then rolled back as idempotent.ts does. */
    const commitFailure = async (trx: Knex.Transaction) => {
      await trx.commit();
      const error = await trx.executionPromise.catch((failure: unknown) => failure);
      await trx.rollback().catch(() => undefined);
      return sqlState(error);
    };
    // The COMMIT rolls the transaction back and fails with the statement's error (knex hands it to
    // executionPromise only: commitOrThrow in sync-server awaits both).
    const trx = await db.knex.transaction();
    await trx("slots").insert({ id: 40, car: 50, during: "[2026-05-01,2026-05-03)" });
    await preparedRaw(trx, insert, [41, 50, "[2026-05-02,2026-05-04)"], { withNext: true });
    expect(await commitFailure(trx)).toBe("23P01");
    expect(await db.knex("slots").where({ car: 50 }).pluck("id")).toEqual([]);

    // A savepoint's RELEASE fails the same way, and its changes are rolled back; the enclosing
    // transaction goes on and commits what it did outside the savepoint.
    const outer = await db.knex.transaction();
    await outer("slots").insert({ id: 50, car: 60, during: "[2026-06-01,2026-06-03)" });
    const inner = await outer.transaction();
    await inner("slots").insert({ id: 51, car: 60, during: "[2026-06-10,2026-06-11)" });
    await preparedRaw(inner, insert, [52, 60, "[2026-06-02,2026-06-04)"], { withNext: true });
    expect(await commitFailure(inner)).toBe("23P01");
    await outer("slots").insert({ id: 53, car: 60, during: "[2026-06-20,2026-06-21)" });
    await outer.commit();
    await outer.executionPromise;
    expect(await db.knex("slots").where({ car: 60 }).orderBy("id").pluck("id")).toEqual([50, 53]);

    // A failure that went to the thread with a flush (here a LISTEN's, itself refused in the failed
    // transaction it lands in) fails the COMMIT after it with its own error.
    const flushed = await db.knex.transaction();
    await flushed("slots").insert({ id: 55, car: 65, during: "[2026-06-01,2026-06-03)" });
    await preparedRaw(flushed, insert, [56, 65, "[2026-06-02,2026-06-04)"], { withNext: true });
    const listening = await db.listen("flushed_channel", () => undefined).catch((error: unknown) => error);
    expect(sqlState(listening)).toBe("25P02");
    expect(await commitFailure(flushed)).toBe("23P01");
    expect(await db.knex("slots").where({ car: 65 }).pluck("id")).toEqual([]);

    // A COMMIT of a transaction whose failure was ignored is refused (PostgreSQL answers it ROLLBACK).
    const ignored = await db.knex.transaction();
    await ignored("slots").insert({ id: 60, car: 70, during: "[2026-07-01,2026-07-03)" });
    await ignored.raw("select * from no_such_table").catch(() => undefined);
    expect(await commitFailure(ignored)).toBe("25P02");
    expect(await db.knex("slots").where({ car: 70 }).pluck("id")).toEqual([]);
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
