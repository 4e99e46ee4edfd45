import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";

const BEFORE = "2026-11-26-12-00-00-booking-handovers";
const CHANNEL = "table_changes";

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(testEngines())("bookings and customers commit without a notification, on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "keeps the bookings and customers written before; their writes stop notifying, the cars' still do",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const { car, customer } = await insertCarAndCustomer(knex);
      const booking = {
        car_id: car.id,
        customer_id: customer.id,
        total_days: 2,
        daily_rate: "2000.00",
        subtotal: "4000.00",
        total: "4500.00",
        status: "pending",
      };
      const [before] = await knex("bookings")
        .insert({ ...booking, pickup_date: "2027-03-20", return_date: "2027-03-22" })
        .returning<{ id: string; reference: string }[]>(["id", "reference"]);
      if (!before) throw new Error("no booking");

      const heard: string[] = [];
      await db.listen(CHANNEL, (table) => heard.push(table ?? "(missed)"));
      await knex("bookings").where({ id: before.id }).update({ status: "confirmed" });
      await settle();
      expect(heard).toContain("bookings");

      await migrate(knex);
      // What the later migrations' own writes notified arrives after them.
      await settle();
      heard.length = 0;

      const kept = await knex("bookings").where({ id: before.id }).first();
      expect(kept).toMatchObject({
        status: "confirmed",
        reference: before.reference,
        customer_id: customer.id,
      });
      expect(await knex("customers").where({ id: customer.id }).first()).toMatchObject({
        full_name: "Juan dela Cruz",
      });
      // New rows still get what the other triggers give them (a reference, the occupancy, the version).
      const [after] = await knex("bookings")
        .insert({ ...booking, pickup_date: "2027-04-20", return_date: "2027-04-22" })
        .returning<{ id: string; reference: string }[]>(["id", "reference"]);
      expect(after?.reference).toMatch(/^ACR-/);
      expect(await knex("car_occupancy").where({ booking_id: after?.id })).toHaveLength(1);
      await knex("customers").where({ id: customer.id }).update({ phone: "09171111111" });
      await settle();
      expect(heard).toEqual([]);

      await knex("cars").where({ id: car.id }).update({ seats: 7 });
      await settle();
      expect(heard).toEqual(["cars"]);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
