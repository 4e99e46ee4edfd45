import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, constraintName, sqlState } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";

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
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const previous = await insertCarAndCustomer(knex);
      const { car } = previous;
      const booking = (pickup: string, ret: string, status: string) =>
        previousBooking(previous, pickup, ret, status);
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
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
