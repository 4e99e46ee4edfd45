import { afterEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../src/index";
import { SQLSTATE, migrate, sqlState } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { openTestDatabase, testEngines } from "../src/test-database";
import * as insertBookingUnlessOverlapping from "./2026-11-28-02-00-00-insert-booking-unless-overlapping";

const BEFORE = "2026-11-28-01-00-00-locked-counts";

type Row = {
  id: string;
  reference: string;
  pickup_date: string;
  price_lines: unknown;
  version: string | number;
};

const insert = async (knex: Knex, row: object) =>
  (
    await knex.raw<{ rows: Row[] }>("select * from insert_booking_unless_overlapping(?::json)", [
      JSON.stringify(row),
    ])
  ).rows;

describe.each(testEngines())("insert booking unless overlapping migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "inserts with the defaults of the columns left out, answers no row on an overlap and lets the transaction go on",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      // A booking the previous version stored occupies 2026-12-01 to 12-03.
      const rows = await insertCarAndCustomer(knex);
      await knex("bookings").insert(previousBooking(rows, "2026-12-01", "2026-12-03", "confirmed"));

      await migrate(knex);

      const lines = [{ date: "2026-12-10", amount: "2000.00" }];
      const [stored] = await insert(knex, {
        ...previousBooking(rows, "2026-12-10", "2026-12-12", "pending"),
        price_lines: lines,
      });
      expect(stored?.reference).toMatch(/^ACR-/);
      expect(stored?.pickup_date).toBe("2026-12-10");
      expect(stored?.price_lines).toEqual(lines);
      expect(Number(stored?.version)).toBeGreaterThan(0);

      await knex.transaction(async (trx) => {
        expect(await insert(trx, previousBooking(rows, "2026-12-02", "2026-12-04", "pending"))).toEqual([]);
        // Only the refused insert was rolled back: the transaction reads and writes on.
        const [counted] = await trx("bookings").count<{ count: string | number }[]>("* as count");
        expect(Number(counted?.count)).toBe(2);
        expect(await insert(trx, previousBooking(rows, "2027-01-01", "2027-01-03", "pending"))).toHaveLength(
          1,
        );
      });
      expect(await knex("bookings").pluck("pickup_date")).toHaveLength(3);

      // Any other refusal is raised as it is: a clash of a chosen id is the primary key's 23505.
      const error = await insert(knex, {
        ...previousBooking(rows, "2027-02-01", "2027-02-03", "pending"),
        id: stored?.id,
      }).catch((e: unknown) => e);
      expect(sqlState(error)).toBe(SQLSTATE.uniqueViolation);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );

  it(
    "rolls back to the schema before",
    async () => {
      db = await openTestDatabase(engine);
      await insertBookingUnlessOverlapping.down(db.knex);
      await expect(insert(db.knex, {})).rejects.toThrow(/insert_booking_unless_overlapping/);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
