import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@car-rental/db";
import { functionSource, openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { seedFleet } from "@car-rental/db/seed";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import {
  bookingColumns,
  insertBookingRow,
  predictedBookingRow,
  UNUSED_REFERENCE_SQL,
  type NewBooking,
} from "./booking-store";
import { toBookingView, type BookingViewRow } from "./booking-view";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const names = {
  customer_name: "Ana Cruz",
  customer_email: "ana@example.ph",
  car_name: "Vios",
  car_category: "Sedan",
};
/** A view without what only the database knows after the insert (its version and update time). */
const comparable = (view: BookingView) => ({ ...view, version: undefined, updatedAt: undefined });

describe.each(testEngines())("a booking's row predicted before its insert (%s)", (engine) => {
  let db: Database;
  let carId: string;
  let customerId: string;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
    await seedFleet(db.knex);
    carId = ((await db.knex("cars").first("id")) as { id: string }).id;
    customerId = (
      (await db
        .knex("customers")
        .insert({ full_name: "Ana Cruz", email: "ana@example.ph", phone: "0917" })
        .returning("id")) as {
        id: string;
      }[]
    )[0]!.id;
  });
  afterAll(async () => {
    await db?.close();
  });

  const booking = (pickupDate: string, returnDate: string, priced: boolean): NewBooking => ({
    customerId,
    carId,
    range: { start: pickupDate, end: returnDate, pickupTime: "1:00 PM" },
    withDriver: true,
    driverService: "within_pangasinan",
    distanceService: "none",
    wantsDelivery: true,
    deliveryAddress: "Poblacion, Alaminos",
    totalDays: 8,
    dailyRate: "2500.00",
    subtotal: "19000.00",
    driverFee: "8000.00",
    distanceFee: "0.00",
    insurance: "0.00",
    total: "27000.00",
    deposit: "3000.00",
    ...(priced
      ? {
          priceLines: [
            { days: 3, rate: "2500.00", periodName: null, amount: "7500.00" },
            { days: 5, rate: "2750.00", periodName: "Holy Week", amount: "13750.00" },
          ],
          discount: { minDays: 7, percentOff: 10, label: "Weekly discount", amount: "2125.00" },
        }
      : {}),
    status: "pending",
    source: "public",
    bookingTokenHash: "a".repeat(64),
    documents: { photoId1Url: "/objects/a", photoId2Url: null, proofOfBillingUrl: "/objects/c" },
    contactEmail: "ana@example.ph",
    contactPhone: "09170000000",
    contactName: "Ana Cruz",
  });

  it("answers the view the inserted row makes, but for its version and update time", async () => {
    for (const [pickupDate, returnDate, priced] of [
      ["2031-01-01", "2031-01-09", true],
      ["2031-02-01", "2031-02-09", false],
    ] as const) {
      const reference = (
        await db.knex.raw<{ rows: { code: string | null }[] }>(`select ${UNUSED_REFERENCE_SQL} as code`)
      ).rows[0]?.code;
      expect(reference).toMatch(/^ACR-[2-9A-HJKMNP-Z]{6}$/);
      const known = {
        ...booking(pickupDate, returnDate, priced),
        id: randomUUID(),
        reference: reference ?? "",
        createdAt: new Date("2026-11-27T10:11:12.345Z"),
      };
      const inserted = await db.knex.transaction((trx) => insertBookingRow(trx, known));
      const predicted = predictedBookingRow(known);
      // The keys of the row insertBookingRow sends (undefined ones are not sent) are the columns the
      // insert plans once (migration 2026-11-28-03).
      const sent: Record<string, unknown> = JSON.parse(JSON.stringify(bookingColumns(known)));
      const planned = Object.keys(sent)
        .sort()
        .map((column) => `'${column}'`)
        .join(", ");
      expect(await functionSource(db.knex, "insert_booking_unless_overlapping(json)")).toContain(
        `if keys = array[${planned}]::text[] then`,
      );
      expect(inserted.reference).toBe(reference);
      const view = (row: Omit<BookingViewRow, keyof typeof names>) => toBookingView({ ...row, ...names });
      expect(comparable(view(predicted))).toEqual(comparable(view(inserted)));
    }
  });
});
