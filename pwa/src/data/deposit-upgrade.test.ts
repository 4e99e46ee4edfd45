// @vitest-environment node
/**
 * Release-2 §E2: rows written by the previous version of the database (the
 * stores of version 5, before deposits) get, on the upgrade to version 7,
 * what the server's migration gave the same rows: cars the ₱3,000 deposit,
 * bookings none, payments the rental kind. Rows that already have the new
 * fields keep them.
 */
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { CarRentalDb, DEPOSIT_VERSION } from "./db";
import { shippedDatabase } from "./shipped-versions-test-support";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A car as version 5 stored it (`GET /api/cars` before deposits). */
const previousCar = (n: number) => ({
  id: uuid(n),
  name: `Car ${n}`,
  category: "Sedan",
  dailyRate: "2500.00",
  seats: 5,
  transmission: "Automatic",
  fuel: "Gas",
  image: "toyota-vios.svg",
  description: null,
  mileage: null,
  year: 2024,
  plateNumber: null,
  available: true,
});

const previousBooking = {
  id: uuid(20),
  reference: "ACR-7K3Q9P",
  createdAt: "2026-11-20T02:00:00.000Z",
  customerId: uuid(30),
  customerName: "Juan dela Cruz",
  customerEmail: "juan@example.ph",
  carId: uuid(1),
  carName: "Car 1",
  carCategory: "Sedan",
  pickupDate: "2026-12-01",
  returnDate: "2026-12-03",
  pickupTime: "9:00 AM",
  totalDays: 2,
  dailyRate: "2500.00",
  subtotal: "5000.00",
  withDriver: false,
  driverFee: "0.00",
  driverService: "none",
  distanceService: "none",
  distanceFee: "0.00",
  insurance: "500.00",
  total: "5500.00",
  amountPaid: "1000.00",
  status: "confirmed",
  wantsDelivery: false,
  deliveryAddress: null,
  version: 2,
  updatedAt: "2026-11-20T03:00:00.000Z",
};

describe("the database upgrade to deposits and payment kinds", () => {
  const name = "car-rental-deposit-upgrade-test";
  let db: CarRentalDb | undefined;
  afterEach(async () => {
    db?.close();
    db = undefined;
    await Dexie.delete(name);
  });

  it("gives the previous version's cars the ₱3,000 deposit, its bookings none and its payments the rental kind", async () => {
    const previous = shippedDatabase(name, 5);
    await previous.open();
    await previous.table("cars").bulkPut([previousCar(1), previousCar(2)]);
    await previous.table("adminCars").bulkPut([
      {
        ...previousCar(1),
        createdAt: "2026-11-01T00:00:00.000Z",
        version: 1,
        updatedAt: "2026-11-01T00:00:00.000Z",
        deletedAt: null,
      },
      // A row the new code already wrote (a car synced after the server changed it) keeps its deposit.
      {
        ...previousCar(2),
        deposit: "4500.00",
        createdAt: "2026-11-01T00:00:00.000Z",
        version: 2,
        updatedAt: "2026-11-02T00:00:00.000Z",
        deletedAt: null,
      },
    ]);
    await previous.table("bookings").put(previousBooking);
    await previous.table("payments").bulkPut([
      {
        id: uuid(40),
        bookingId: previousBooking.id,
        amount: "1000.00",
        note: "GCash",
        createdAt: "2026-11-20T04:00:00.000Z",
      },
      {
        id: uuid(41),
        bookingId: previousBooking.id,
        amount: "3000.00",
        kind: "deposit",
        note: null,
        createdAt: "2026-11-20T05:00:00.000Z",
        _pending: true,
      },
    ]);
    previous.close();

    db = new CarRentalDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(DEPOSIT_VERSION);

    expect((await db.cars.toArray()).map((car) => car.deposit)).toEqual(["3000.00", "3000.00"]);
    expect((await db.adminCars.get(uuid(1)))?.deposit).toBe("3000.00");
    expect((await db.adminCars.get(uuid(2)))?.deposit).toBe("4500.00");
    expect(await db.bookings.get(previousBooking.id)).toEqual({ ...previousBooking, deposit: "0.00" });
    const payments = await db.payments.orderBy("id").toArray();
    expect(payments.map((payment) => [payment.kind, payment.amount, payment._pending])).toEqual([
      ["rental", "1000.00", undefined],
      ["deposit", "3000.00", true],
    ]);
    // The rest of the rows is untouched.
    expect(payments[0]).toMatchObject({ note: "GCash", createdAt: "2026-11-20T04:00:00.000Z" });
  });
});
