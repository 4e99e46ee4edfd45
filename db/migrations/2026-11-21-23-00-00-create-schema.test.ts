import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import { TURNAROUND_HOURS } from "@car-rental/shared/constants";
import { resetDatabase, SQLSTATE, sqlState, constraintName } from "../src/index";
import type { Database } from "../src/index";
import { openTestDatabase, testEngines } from "../src/test-database";

type BookingInput = {
  carId: string;
  customerId: string;
  pickupDate: string;
  returnDate: string;
  pickupTime?: string;
  status?: string;
  total?: string;
};

async function insertCar(knex: Knex, name = "Toyota Vios"): Promise<string> {
  const [row] = await knex("cars")
    .insert({ name, category: "Compact Sedan", daily_rate: "2000.00", seats: 5, year: 2024 })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no car inserted");
  return row.id;
}

async function insertCustomer(knex: Knex, email = "juan@example.ph"): Promise<string> {
  const [row] = await knex("customers")
    .insert({ full_name: "Juan dela Cruz", email, phone: "+63 917 555 0101" })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no customer inserted");
  return row.id;
}

async function insertBooking(knex: Knex, input: BookingInput): Promise<string> {
  const days = (Date.parse(input.returnDate) - Date.parse(input.pickupDate)) / 86_400_000;
  const [row] = await knex("bookings")
    .insert({
      car_id: input.carId,
      customer_id: input.customerId,
      pickup_date: input.pickupDate,
      return_date: input.returnDate,
      pickup_time: input.pickupTime ?? "09:00",
      total_days: days,
      daily_rate: "2000.00",
      subtotal: (2000 * days).toFixed(2),
      insurance: "500.00",
      total: input.total ?? (2000 * days + 500).toFixed(2),
      status: input.status ?? "pending",
    })
    .returning<{ id: string }[]>("id");
  if (!row) throw new Error("no booking inserted");
  return row.id;
}

/** The SQLSTATE the promise is rejected with (fails the test if it resolves). */
async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string | undefined; constraint: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    return { code: sqlState(error), constraint: constraintName(error) };
  }
  throw new Error("expected the database to refuse the statement");
}

describe.each(testEngines())("schema on %s", (engine) => {
  let db: Database;
  let carId: string;
  let otherCarId: string;
  let customerId: string;

  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetDatabase(db.knex);
    carId = await insertCar(db.knex);
    otherCarId = await insertCar(db.knex, "Honda City");
    customerId = await insertCustomer(db.knex);
  });

  describe("double booking", () => {
    it("refuses overlapping pending and confirmed bookings of one car with 23P01", async () => {
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-04" });
      const pendingOverlap = await failure(
        insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-03", returnDate: "2026-03-06" }),
      );
      expect(pendingOverlap).toEqual({
        code: SQLSTATE.exclusionViolation,
        // The rule this migration made as bookings_no_overlap, now one constraint over bookings and blocks.
        constraint: "car_occupancy_no_overlap",
      });
      const confirmedInside = await failure(
        insertBooking(db.knex, {
          carId,
          customerId,
          pickupDate: "2026-03-02",
          returnDate: "2026-03-03",
          status: "confirmed",
        }),
      );
      expect(confirmedInside.code).toBe("23P01");
      expect(await db.knex("bookings").count({ count: "*" })).toEqual([{ count: "1" }]);
    });

    it("accepts the same dates on another car", async () => {
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-04" });
      await insertBooking(db.knex, {
        carId: otherCarId,
        customerId,
        pickupDate: "2026-03-01",
        returnDate: "2026-03-04",
      });
      expect(await db.knex("bookings").count({ count: "*" })).toEqual([{ count: "2" }]);
    });

    it("refuses an update that moves a booking onto another's dates", async () => {
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-04" });
      const later = await insertBooking(db.knex, {
        carId,
        customerId,
        pickupDate: "2026-03-10",
        returnDate: "2026-03-12",
      });
      const moved = await failure(
        db
          .knex("bookings")
          .where({ id: later })
          .update({ pickup_date: "2026-03-03", return_date: "2026-03-05" }),
      );
      expect(moved.code).toBe("23P01");
    });

    it.each(["cancelled", "completed"])("frees the period of a %s booking", async (status) => {
      const first = await insertBooking(db.knex, {
        carId,
        customerId,
        pickupDate: "2026-03-01",
        returnDate: "2026-03-04",
      });
      await db.knex("bookings").where({ id: first }).update({ status });
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-02", returnDate: "2026-03-05" });

      const reopened = await failure(db.knex("bookings").where({ id: first }).update({ status: "pending" }));
      expect(reopened.code).toBe("23P01");
      const reconfirmed = await failure(
        db.knex("bookings").where({ id: first }).update({ status: "confirmed" }),
      );
      expect(reconfirmed.code).toBe("23P01");
      const [row] = await db.knex("bookings").where({ id: first }).select("status");
      expect(row).toEqual({ status });
    });

    it("lets the next rental start 2 hours after a return, not 1", async () => {
      // Out 1 March 9:00, back 3 March 9:00, busy until 11:00 with the turnaround.
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-03" });
      const oneHourAfter = await failure(
        insertBooking(db.knex, {
          carId,
          customerId,
          pickupDate: "2026-03-03",
          returnDate: "2026-03-05",
          pickupTime: "10:00",
        }),
      );
      expect(oneHourAfter.code).toBe("23P01");
      await insertBooking(db.knex, {
        carId,
        customerId,
        pickupDate: "2026-03-03",
        returnDate: "2026-03-05",
        pickupTime: "11:00",
      });
      const [occupied] = await db.knex("bookings").orderBy("pickup_date").select("occupied");
      expect(occupied).toEqual({ occupied: '["2026-03-01 09:00:00","2026-03-03 11:00:00")' });
    });

    it("keeps the turnaround the shared rules use (the migration writes the value, it does not import it)", async () => {
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-03" });
      const [row] = await db
        .knex("bookings")
        .select<{ hours: string }[]>(
          db.knex.raw("extract(epoch from upper(occupied) - (return_date + pickup_time)) / 3600 as hours"),
        );
      expect(Number(row?.hours)).toBe(TURNAROUND_HOURS);
    });

    it("also guards the rental before: a return must leave 2 hours before the next pickup", async () => {
      await insertBooking(db.knex, {
        carId,
        customerId,
        pickupDate: "2026-03-05",
        returnDate: "2026-03-07",
        pickupTime: "11:00",
      });
      // Back on 5 March at 10:00 would be busy until 12:00: too late for the 11:00 pickup.
      const tooLate = await failure(
        insertBooking(db.knex, {
          carId,
          customerId,
          pickupDate: "2026-03-03",
          returnDate: "2026-03-05",
          pickupTime: "10:00",
        }),
      );
      expect(tooLate.code).toBe("23P01");
      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-03", returnDate: "2026-03-05" });
    });

    it("lets exactly one of several concurrent overlapping bookings through", async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, (_, index) =>
          db.knex.transaction((trx) =>
            insertBooking(trx, {
              carId,
              customerId,
              pickupDate: `2026-04-0${1 + (index % 3)}`,
              returnDate: "2026-04-05",
            }),
          ),
        ),
      );
      const accepted = attempts.filter((attempt) => attempt.status === "fulfilled");
      const refused = attempts.flatMap((attempt) =>
        attempt.status === "rejected" ? [sqlState(attempt.reason)] : [],
      );
      expect(accepted).toHaveLength(1);
      expect(refused).toEqual(Array.from({ length: 5 }, () => "23P01"));
    });
  });

  describe("checks and foreign keys", () => {
    it("refuses a return date that is not after the pickup date", async () => {
      const sameDay = await failure(
        insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-01" }),
      );
      expect(sameDay.code).toBe(SQLSTATE.checkViolation);
    });

    it("refuses negative money with 23514", async () => {
      const negativeTotal = await failure(
        insertBooking(db.knex, {
          carId,
          customerId,
          pickupDate: "2026-03-01",
          returnDate: "2026-03-02",
          total: "-1.00",
        }),
      );
      expect(negativeTotal).toEqual({ code: "23514", constraint: "bookings_money_non_negative" });

      const bookingId = await insertBooking(db.knex, {
        carId,
        customerId,
        pickupDate: "2026-03-01",
        returnDate: "2026-03-02",
      });
      for (const amount of ["-100.00", "0.00"]) {
        const payment = await failure(db.knex("payments").insert({ booking_id: bookingId, amount }));
        expect(payment).toEqual({ code: "23514", constraint: "payments_amount_positive" });
      }
      await db.knex("payments").insert({ booking_id: bookingId, amount: "1000.00" });
      const negativeRate = await failure(db.knex("cars").where({ id: carId }).update({ daily_rate: "-5" }));
      expect(negativeRate.code).toBe("23514");
    });

    it("holds the foreign keys", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const noCar = await failure(
        insertBooking(db.knex, {
          carId: missing,
          customerId,
          pickupDate: "2026-03-01",
          returnDate: "2026-03-02",
        }),
      );
      expect(noCar.code).toBe(SQLSTATE.foreignKeyViolation);
      const noCustomer = await failure(
        insertBooking(db.knex, {
          carId,
          customerId: missing,
          pickupDate: "2026-03-01",
          returnDate: "2026-03-02",
        }),
      );
      expect(noCustomer.code).toBe("23503");
      const noBooking = await failure(db.knex("payments").insert({ booking_id: missing, amount: "100.00" }));
      expect(noBooking.code).toBe("23503");

      await insertBooking(db.knex, { carId, customerId, pickupDate: "2026-03-01", returnDate: "2026-03-02" });
      const carWithBookings = await failure(db.knex("cars").where({ id: carId }).delete());
      expect(carWithBookings.code).toBe("23503");
    });

    it("keeps one live customer per e-mail, whatever its case", async () => {
      const duplicate = await failure(insertCustomer(db.knex, "JUAN@example.ph"));
      expect(duplicate).toEqual({ code: SQLSTATE.uniqueViolation, constraint: "customers_email_unique" });
      await db.knex("customers").where({ id: customerId }).update({ deleted_at: db.knex.fn.now() });
      await insertCustomer(db.knex, "JUAN@example.ph");
    });
  });

  describe("sync columns", () => {
    it("bumps version, sync_xid and updated_at on every update", async () => {
      type SyncColumns = { version: string; sync_xid: string; updated_at: Date };
      const select = async (): Promise<SyncColumns> =>
        db.knex("cars").where({ id: carId }).first("version", "sync_xid", "updated_at");
      const before = await select();
      expect(before.version).toBe("1");
      await db.knex("cars").where({ id: carId }).update({ name: "Toyota Vios XLE" });
      await db.knex("cars").where({ id: carId }).update({ available: false });
      const after = await select();
      expect(after.version).toBe("3");
      expect(BigInt(after.sync_xid)).toBeGreaterThan(BigInt(before.sync_xid));
      expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    });

    it("writes the same sync_xid for every row of one transaction", async () => {
      await db.knex.transaction(async (trx) => {
        await trx("cars").update({ available: false });
        await trx("customers").update({ phone: "+63 998 000 0000" });
      });
      const xids = await db.knex.raw<{ rows: { sync_xid: string }[] }>(
        "select sync_xid::text from cars union select sync_xid::text from customers",
      );
      expect(xids.rows).toHaveLength(1);
    });
  });
});
