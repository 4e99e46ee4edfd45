import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, constraintName, sqlState } from "../src/index";
import { openTestDatabase, testEngines } from "../src/test-database";

/** Opening and migrating a database of its own per test: slow on a loaded machine. */
const OPEN_TIMEOUT_MS = 120_000;
const BEFORE = "2026-11-25-15-00-00-booking-references";

/** Bookings written before this migration must occupy their cars after it. */
describe.each(testEngines())("blocks and car occupancy migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "carries the occupying bookings into car_occupancy, then keeps bookings and blocks apart",
    async () => {
      db = await openTestDatabase(engine, { migrate: false });
      const knex = db.knex;
      await migrate(knex, BEFORE);
      const [car] = await knex("cars")
        .insert({
          name: "Toyota Vios",
          category: "Compact Sedan",
          daily_rate: "2000.00",
          seats: 5,
          year: 2024,
        })
        .returning<{ id: string }[]>("id");
      const [customer] = await knex("customers")
        .insert({ full_name: "Juan dela Cruz", email: "juan@example.ph", phone: "0917" })
        .returning<{ id: string }[]>("id");
      if (!car || !customer) throw new Error("no car or customer");
      const booking = (pickup: string, ret: string, status: string) => ({
        car_id: car.id,
        customer_id: customer.id,
        pickup_date: pickup,
        return_date: ret,
        total_days: 2,
        daily_rate: "2000.00",
        subtotal: "4000.00",
        total: "4000.00",
        status,
      });
      const before = await knex("bookings")
        .insert([
          booking("2026-12-01", "2026-12-03", "confirmed"),
          booking("2026-12-05", "2026-12-07", "pending"),
          booking("2026-12-05", "2026-12-07", "cancelled"),
        ])
        .returning<{ id: string }[]>("id");

      await migrate(knex);

      const occupancy = await knex("car_occupancy").orderBy("booking_id").pluck("booking_id");
      expect(occupancy).toEqual([before[0]?.id, before[1]?.id].sort());

      // A block over a carried booking is refused by the one constraint.
      const refused = await knex("blocks")
        .insert({ car_id: car.id, start_date: "2026-12-02", end_date: "2026-12-02" })
        .catch((error: unknown) => error);
      expect(sqlState(refused)).toBe(SQLSTATE.exclusionViolation);
      expect(constraintName(refused)).toBe("car_occupancy_no_overlap");

      // A block of whole days: the day before a 9:00 pickup is free, and so is the day after the
      // return's turnaround (return 2026-12-07 9:00 + 2 h): 2026-12-08 is free.
      const [block] = await knex("blocks")
        .insert({ car_id: car.id, start_date: "2026-12-08", end_date: "2026-12-09", reason: "Oil change" })
        .returning<{ id: string }[]>("id");
      if (!block) throw new Error("no block");
      await knex("blocks").insert({ car_id: car.id, start_date: "2026-11-30", end_date: "2026-11-30" });

      // A booking over the block is refused; a booking starting the day after its last day is not.
      const overBlock = await knex("bookings")
        .insert(booking("2026-12-09", "2026-12-11", "pending"))
        .catch((error: unknown) => error);
      expect(sqlState(overBlock)).toBe(SQLSTATE.exclusionViolation);
      await knex("bookings").insert(booking("2026-12-10", "2026-12-12", "pending"));

      // Deleting the block (a tombstone) frees its days; the cancelled booking can come back.
      await knex("blocks").where({ id: block.id }).update({ deleted_at: knex.fn.now() });
      await knex("bookings").insert(booking("2026-12-08", "2026-12-09", "confirmed"));
      const cancelled = before[2]?.id;
      const revived = await knex("bookings")
        .where({ id: cancelled })
        .update({ status: "pending" })
        .catch((error: unknown) => error);
      expect(sqlState(revived)).toBe(SQLSTATE.exclusionViolation);
      await knex("bookings").where({ id: before[1]?.id }).update({ status: "cancelled" });
      await knex("bookings").where({ id: cancelled }).update({ status: "pending" });

      const occupied = await knex("car_occupancy").count<{ count: string | number }[]>("* as count");
      // Bookings 12-01, the revived 12-05, 12-10 and 12-08; the block of 11-30.
      expect(Number(occupied[0]?.count)).toBe(5);
    },
    OPEN_TIMEOUT_MS,
  );
});
