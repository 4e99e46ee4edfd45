import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, constraintName, sqlState } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";

const BEFORE = "2026-11-25-22-00-00-blocklist-kinds";

/**
 * Cars, bookings and payments written before this migration: cars get the
 * ₱3,000 deposit, bookings keep the 0 they were made with, payments become
 * rental payments.
 */
describe.each(testEngines())("security deposit migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "gives existing cars the default deposit, existing bookings none and existing payments the rental kind",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const previous = await insertCarAndCustomer(knex);
      const { car, customer } = previous;
      const [booking] = await knex("bookings")
        .insert({
          car_id: car.id,
          customer_id: customer.id,
          pickup_date: "2026-12-01",
          return_date: "2026-12-03",
          total_days: 2,
          daily_rate: "2000.00",
          subtotal: "4000.00",
          total: "4000.00",
          amount_paid: "1000.00",
          status: "confirmed",
        })
        .returning<{ id: string }[]>("id");
      if (!booking) throw new Error("no booking");
      await knex("payments").insert({ booking_id: booking.id, amount: "1000.00", note: "GCash" });

      await migrate(knex);

      const storedCar = await knex("cars").where({ id: car.id }).first("deposit", "daily_rate");
      expect(Number(storedCar.deposit)).toBe(3000);
      expect(Number(storedCar.daily_rate)).toBe(2000);
      const storedBooking = await knex("bookings")
        .where({ id: booking.id })
        .first("deposit", "total", "amount_paid");
      expect([
        Number(storedBooking.deposit),
        Number(storedBooking.total),
        Number(storedBooking.amount_paid),
      ]).toEqual([0, 4000, 1000]);
      const payments = await knex("payments").select("kind", "amount", "note");
      expect(payments.map((p: { kind: string; note: string }) => [p.kind, p.note])).toEqual([
        ["rental", "GCash"],
      ]);

      // The new kinds are accepted; an unknown kind and a negative deposit are refused.
      await knex("payments").insert([
        { booking_id: booking.id, amount: "3000.00", kind: "deposit" },
        { booking_id: booking.id, amount: "3000.00", kind: "deposit-refund" },
      ]);
      const badKind = await knex("payments")
        .insert({ booking_id: booking.id, amount: "5.00", kind: "tip" })
        .catch((error: unknown) => error);
      expect(sqlState(badKind)).toBe(SQLSTATE.checkViolation);
      expect(constraintName(badKind)).toBe("payments_kind_check");
      const negative = await knex("cars")
        .where({ id: car.id })
        .update({ deposit: "-1.00" })
        .catch((error: unknown) => error);
      expect(sqlState(negative)).toBe(SQLSTATE.checkViolation);

      // New cars get ₱3,000 unless given another.
      const [fresh] = await knex("cars")
        .insert({ name: "Honda City", category: "Sedan", daily_rate: "2200.00", seats: 5, year: 2025 })
        .returning<{ deposit: string }[]>("deposit");
      expect(Number(fresh?.deposit)).toBe(3000);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
