import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, sqlState } from "../src/index";
import { MIGRATION_TEST_TIMEOUT_MS, openTestDatabaseAt } from "../src/migration-test-support";
import { testEngines } from "../src/test-database";

const BEFORE = "2026-11-26-12-00-00-booking-handovers";

type ListRow = { version: string | number; sync_xid: string; updated_at: Date };

/** The discounts the owner set before this migration stay; every later change of them is tracked once per transaction. */
describe.each(testEngines())("length discounts sync migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "keeps the owner's discounts and tracks each change of the list once, whoever writes it",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      // The owner's list as the previous version stored it (the seed replaced).
      await knex("length_discounts").delete();
      await knex("length_discounts").insert([
        { min_days: 5, percent_off: 8 },
        { min_days: 14, percent_off: 15 },
      ]);
      const [before] = (
        await knex.raw<{ rows: { xid: string }[] }>("select pg_current_xact_id()::text as xid")
      ).rows;

      await migrate(knex);

      expect(await knex("length_discounts").orderBy("min_days").select("min_days", "percent_off")).toEqual([
        { min_days: 5, percent_off: 8 },
        { min_days: 14, percent_off: 15 },
      ]);
      const list = () =>
        knex("length_discount_list").select<ListRow[]>(
          "version",
          knex.raw("sync_xid::text as sync_xid"),
          "updated_at",
        );
      const [created, ...others] = await list();
      expect(others).toEqual([]);
      expect(Number(created?.version)).toBe(1);
      // Written after every transaction of the previous version: a device's older cursor gets the list.
      expect(BigInt(created?.sync_xid ?? 0)).toBeGreaterThan(BigInt(before?.xid ?? 0));

      // A replacement (a delete and an insert in one transaction) is one change.
      await knex.transaction(async (trx) => {
        await trx("length_discounts").delete();
        await trx("length_discounts").insert({ min_days: 7, percent_off: 12 });
      });
      const [replaced] = await list();
      expect(Number(replaced?.version)).toBe(2);
      expect(BigInt(replaced?.sync_xid ?? 0)).toBeGreaterThan(BigInt(created?.sync_xid ?? 0));

      // Any writer is tracked, e.g. an update outside the service.
      await knex("length_discounts").where({ min_days: 7 }).update({ percent_off: 11 });
      expect(Number((await list())[0]?.version)).toBe(3);

      // One row only.
      const second = await knex("length_discount_list")
        .insert({ singleton: false })
        .catch((error: unknown) => error);
      expect(sqlState(second)).toBe(SQLSTATE.checkViolation);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
