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

const BEFORE = "2026-11-25-22-00-00-blocklist-kinds";

/** Bookings written before this migration keep their status and occupancy; `active` occupies after it. */
describe.each(testEngines())("booking handovers migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "keeps the bookings of the previous version, lets an active booking occupy its car and stores one handover of each kind",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const previous = await insertCarAndCustomer(knex);
      const booking = (pickup: string, ret: string, status: string) =>
        previousBooking(previous, pickup, ret, status);
      const before = await knex("bookings")
        .insert([
          booking("2026-12-01", "2026-12-03", "confirmed"),
          booking("2026-12-05", "2026-12-07", "completed"),
        ])
        .returning<{ id: string }[]>("id");
      const refusedBefore = await knex("bookings")
        .insert(booking("2026-12-10", "2026-12-12", "active"))
        .catch((error: unknown) => error);
      expect(sqlState(refusedBefore)).toBe(SQLSTATE.checkViolation);

      await migrate(knex);

      const statuses = await knex("bookings").orderBy("pickup_date").pluck("status");
      expect(statuses).toEqual(["confirmed", "completed"]);
      expect(await knex("car_occupancy").pluck("booking_id")).toEqual([before[0]?.id]);

      // The confirmed booking goes out: it still occupies its car, and nothing may overlap it.
      await knex("bookings").where({ id: before[0]?.id }).update({ status: "active" });
      expect(await knex("car_occupancy").pluck("booking_id")).toEqual([before[0]?.id]);
      const overlap = await knex("bookings")
        .insert(booking("2026-12-02", "2026-12-04", "pending"))
        .catch((error: unknown) => error);
      expect(sqlState(overlap)).toBe(SQLSTATE.exclusionViolation);
      const explain = await knex.raw<{ rows: Record<string, string>[] }>(
        "select indexdef from pg_indexes where indexname = 'bookings_car_active_return'",
      );
      expect(Object.values(explain.rows[0] ?? {}).join(" ")).toContain("'active'");

      const checkOut = {
        booking_id: before[0]?.id,
        kind: "check-out",
        odometer_km: 12000,
        fuel_eighths: 8,
        photos: JSON.stringify(["/objects/documents/00000000-0000-4000-8000-000000000001"]),
        signature: "/objects/documents/00000000-0000-4000-8000-000000000002",
      };
      await knex("handovers").insert(checkOut);
      const twice = await knex("handovers")
        .insert(checkOut)
        .catch((error: unknown) => error);
      expect(sqlState(twice)).toBe(SQLSTATE.uniqueViolation);
      expect(constraintName(twice)).toBe("handovers_booking_kind_unique");
      const unsigned = await knex("handovers")
        .insert({ ...checkOut, booking_id: before[1]?.id, signature: null })
        .catch((error: unknown) => error);
      expect(sqlState(unsigned)).toBe(SQLSTATE.checkViolation);
      const badFuel = await knex("handovers")
        .insert({ ...checkOut, kind: "check-in", fuel_eighths: 9 })
        .catch((error: unknown) => error);
      expect(sqlState(badFuel)).toBe(SQLSTATE.checkViolation);
      const [stored] = await knex("handovers").select("photos", "charges");
      expect(stored).toEqual({
        photos: ["/objects/documents/00000000-0000-4000-8000-000000000001"],
        charges: [],
      });
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
