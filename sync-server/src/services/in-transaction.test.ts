import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@car-rental/db";
import { openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { inTransactionNotWaitingForDisk } from "./in-transaction";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const setting = async (db: Database["knex"]) =>
  (await db.raw<{ rows: { value: string }[] }>("select current_setting('synchronous_commit') as value"))
    .rows[0]?.value;

describe.each(testEngines())("a transaction that does not wait for the disk (%s)", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("commits its writes with synchronous_commit off for itself only", async () => {
    const inside = await inTransactionNotWaitingForDisk(db.knex, async (trx) => {
      await trx("app_settings").insert({ key: "async-commit-test", value: "kept" });
      return setting(trx);
    });
    expect(inside).toBe("off");
    expect(await db.knex("app_settings").where({ key: "async-commit-test" }).first("value")).toEqual({
      value: "kept",
    });
    // The setting ends with the transaction: the same (only, on PGlite) connection commits synchronously again.
    expect(await db.knex.transaction((trx) => setting(trx))).toBe("on");
  });

  it("rolls back like any transaction, and refuses to run inside another one", async () => {
    await expect(
      inTransactionNotWaitingForDisk(db.knex, async (trx) => {
        await trx("app_settings").insert({ key: "async-commit-rolled-back", value: "gone" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await db.knex("app_settings").where({ key: "async-commit-rolled-back" })).toEqual([]);
    await expect(
      db.knex.transaction((trx) => inTransactionNotWaitingForDisk(trx, async () => "never")),
    ).rejects.toThrow(/needs the pool/);
  });
});
