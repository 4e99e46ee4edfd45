import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, sqlState } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";

const BEFORE = "2026-11-25-22-00-00-blocklist-kinds";

/** Bookings written before seasonal rates keep their prices; the default discounts are there. */
describe.each(testEngines())("rates migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "keeps the prices of existing bookings, seeds 7 days -10 % and 28 days -20 %, and checks the periods",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const previous = await insertCarAndCustomer(knex);
      const { car, customer } = previous;
      const [booking] = await knex("bookings")
        .insert({
          car_id: car.id,
          customer_id: customer.id,
          pickup_date: "2027-03-20",
          return_date: "2027-03-30",
          total_days: 10,
          daily_rate: "2000.00",
          subtotal: "20000.00",
          total: "20500.00",
          status: "confirmed",
        })
        .returning<{ id: string; version: string | number }[]>(["id", "version"]);
      if (!booking) throw new Error("no booking");

      await migrate(knex);

      const after = await knex("bookings").where({ id: booking.id }).first<{
        daily_rate: string;
        subtotal: string;
        total: string;
        price_lines: unknown;
        price_discount: unknown;
        version: string | number;
      }>("daily_rate", "subtotal", "total", "price_lines", "price_discount", "version");
      expect(after).toMatchObject({ price_lines: null, price_discount: null });
      expect(Number(after?.subtotal)).toBe(20000);
      expect(Number(after?.total)).toBe(20500);
      // Not rewritten: an admin's queued edit of this booking still matches its version.
      expect(Number(after?.version)).toBe(Number(booking.version));

      const discounts = await knex("length_discounts").orderBy("min_days").select("min_days", "percent_off");
      expect(discounts).toEqual([
        { min_days: 7, percent_off: 10 },
        { min_days: 28, percent_off: 20 },
      ]);

      await knex("rate_periods").insert({
        name: "Holy Week",
        start_date: "2027-03-21",
        end_date: "2027-03-28",
        percent: 30,
      });
      const backwards = await knex("rate_periods")
        .insert({ name: "Bad", start_date: "2027-03-28", end_date: "2027-03-21", percent: 10 })
        .catch((error: unknown) => error);
      expect(sqlState(backwards)).toBe(SQLSTATE.checkViolation);
      const tooHigh = await knex("rate_periods")
        .insert({ name: "Bad", start_date: "2027-03-21", end_date: "2027-03-28", percent: 301 })
        .catch((error: unknown) => error);
      expect(sqlState(tooHigh)).toBe(SQLSTATE.checkViolation);
      const periods = await knex("rate_periods").select("name", "start_date", "end_date", "percent");
      expect(periods).toEqual([
        { name: "Holy Week", start_date: "2027-03-21", end_date: "2027-03-28", percent: 30 },
      ]);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
