import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCar,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { functionSource, testEngines } from "../src/test-database";
import { PLANNED_INSERT_COLUMNS } from "./2026-11-28-03-00-00-insert-booking-planned-once";
import * as driverLicense from "./2026-11-29-16-00-00-booking-driver-license";
import { PLANNED_INSERT_COLUMNS_WITH_LICENSE } from "./2026-11-29-16-00-00-booking-driver-license";

const BEFORE = "2026-11-28-12-00-00-customers-created-by-booking";

describe.each(testEngines())("bookings keep the driver's licence typed with them on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "gives a booking that created its customer the record's licence, no other booking one, and inserts a public booking's row with it by the static statement",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const car = await insertCar(knex);
      const madeBy = randomUUID();
      const customer = async (email: string, license: string | null, createdBy: string | null) => {
        const [row] = await knex("customers")
          .insert({ full_name: email, email, phone: "0917", license, created_by_booking_id: createdBy })
          .returning<{ id: string }[]>("id");
        if (!row) throw new Error("no customer");
        return row.id;
      };
      const booked = await customer("booked@example.ph", "N01-23-456789", madeBy);
      const entered = await customer("entered@example.ph", "D99-88-777666", null);
      const booking = (customerId: string, pickupDate: string, id: string = randomUUID()) => ({
        ...previousBooking(
          { car, customer: { id: customerId } },
          pickupDate,
          pickupDate.replace(/-01$/, "-03"),
          "confirmed",
        ),
        id,
      });
      await knex("bookings").insert([
        booking(booked, "2026-12-01", madeBy),
        booking(booked, "2027-01-01"),
        booking(entered, "2027-02-01"),
      ]);

      await migrate(knex);

      const rows: { id: string; customer_id: string; driver_license: string | null }[] = await knex(
        "bookings",
      )
        .select("id", "customer_id", "driver_license")
        .orderBy("pickup_date");
      expect(rows.map((row) => row.driver_license)).toEqual(["N01-23-456789", null, null]);
      expect(rows[0]?.id).toBe(madeBy);

      const list = PLANNED_INSERT_COLUMNS_WITH_LICENSE.map((column) => `'${column}'`).join(", ");
      expect(PLANNED_INSERT_COLUMNS_WITH_LICENSE).toContain("driver_license");
      expect(await functionSource(knex, "insert_booking_unless_overlapping(json)")).toContain(
        `if keys = array[${list}]::text[] then`,
      );
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );

  it(
    "rolls back to the previous statement and drops the column",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      await migrate(knex);
      await driverLicense.down(knex);
      expect(await knex.schema.hasColumn("bookings", "driver_license")).toBe(false);
      const list = PLANNED_INSERT_COLUMNS.map((column) => `'${column}'`).join(", ");
      expect(await functionSource(knex, "insert_booking_unless_overlapping(json)")).toContain(
        `if keys = array[${list}]::text[] then`,
      );
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
