import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCar,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";
const BEFORE = "2026-11-28-11-00-00-contact-messages-newest-first";

describe.each(testEngines())("customers created by a booking on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "names the booking made with the record as the one that created it, and no booking for a customer entered by hand",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const car = await insertCar(knex);
      const customer = async (email: string, createdAt: string) => {
        const [row] = await knex("customers")
          .insert({ full_name: email, email, phone: "0917", created_at: new Date(createdAt) })
          .returning<{ id: string }[]>("id");
        if (!row) throw new Error("no customer");
        return row.id;
      };
      const booked = await customer("booked@example.ph", "2026-11-10T00:00:00.000Z");
      const entered = await customer("entered@example.ph", "2026-11-01T00:00:00.000Z");
      const none = await customer("none@example.ph", "2026-11-01T00:00:00.000Z");
      const booking = (customerId: string, pickupDate: string, createdAt: string) => ({
        ...previousBooking(
          { car, customer: { id: customerId } },
          pickupDate,
          pickupDate.replace(/-01$/, "-03"),
          "confirmed",
        ),
        created_at: new Date(createdAt),
      });
      const [first, later, stranger] = await knex("bookings")
        .insert([
          booking(booked, "2026-12-01", "2026-11-10T00:00:00.150Z"),
          booking(booked, "2027-01-01", "2026-11-10T00:00:30.000Z"),
          // A booking made with the e-mail of a customer the admin entered a week before.
          booking(entered, "2027-02-01", "2026-11-08T00:00:00.000Z"),
        ])
        .returning<{ id: string }[]>("id");
      if (!first || !later || !stranger) throw new Error("no bookings");

      await migrate(knex);

      const rows = await knex("customers").select("id", "created_by_booking_id");
      const createdBy = new Map(
        rows.map((row: { id: string; created_by_booking_id: string | null }) => [
          row.id,
          row.created_by_booking_id,
        ]),
      );
      expect(createdBy.get(booked)).toBe(first.id);
      expect(createdBy.get(entered)).toBeNull();
      expect(createdBy.get(none)).toBeNull();
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
