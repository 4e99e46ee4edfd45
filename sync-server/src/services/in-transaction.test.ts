import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@car-rental/db";
import { openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { sqlState } from "@car-rental/db";
import { commitOrThrow, NOT_WAITING_FOR_DISK, runNotWaitingForDisk } from "./in-transaction";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const setting = async (db: Database["knex"]) =>
  (await db.raw<{ rows: { value: string }[] }>("select current_setting('synchronous_commit') as value"))
    .rows[0]?.value;

describe.each(testEngines())("a statement that does not wait for the disk (%s)", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("commits its write with synchronous_commit off for itself only", async () => {
    // The value written is the setting while the statement ran.
    const written = await runNotWaitingForDisk<{ value: string }>(
      db.knex,
      `insert into app_settings (key, value)
       select 'async-commit-test', current_setting('synchronous_commit') from ${NOT_WAITING_FOR_DISK}
       returning value`,
      [],
    );
    expect(written.rows).toEqual([{ value: "off" }]);
    expect(await db.knex("app_settings").where({ key: "async-commit-test" }).first("value")).toEqual({
      value: "off",
    });
    // The setting ended with the statement: the next statements, in a transaction or not, commit synchronously.
    expect(await setting(db.knex)).toBe("on");
    expect(await db.knex.transaction((trx) => setting(trx))).toBe("on");
  });

  it("refuses a transaction and a statement that does not name NOT_WAITING_FOR_DISK", async () => {
    await expect(
      db.knex.transaction((trx) => runNotWaitingForDisk(trx, `select 1 from ${NOT_WAITING_FOR_DISK}`, [])),
    ).rejects.toThrow(/needs the pool/);
    expect(() => runNotWaitingForDisk(db.knex, "select 1", [])).toThrow(/does not name NOT_WAITING_FOR_DISK/);
  });
});

describe.each(testEngines())("a transaction held by its handle (%s)", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
    await db.knex.raw(
      "create table commit_checks (id int, constraint commit_checks_once unique (id) deferrable initially deferred)",
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it("fails when its COMMIT fails, where knex's commit() resolves", async () => {
    const swallowed = await db.knex.transaction();
    await swallowed("commit_checks").insert([{ id: 1 }, { id: 1 }]);
    await swallowed.commit(); // resolves, though the COMMIT failed
    expect(sqlState(await swallowed.executionPromise.catch((error: unknown) => error))).toBe("23505");

    const trx = await db.knex.transaction();
    await trx("commit_checks").insert([{ id: 2 }, { id: 2 }]);
    const refused = await commitOrThrow(trx).catch((error: unknown) => error);
    expect(sqlState(refused)).toBe("23505");
    expect(await db.knex("commit_checks").count("* as n")).toEqual([{ n: "0" }]);

    const good = await db.knex.transaction();
    await good("commit_checks").insert({ id: 3 });
    await commitOrThrow(good);
    expect(await db.knex("commit_checks").pluck("id")).toEqual([3]);
  });
});
