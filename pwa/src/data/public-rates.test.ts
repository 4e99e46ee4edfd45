// @vitest-environment node
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingPriceLines } from "@car-rental/shared/rates";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import { startTestServer, type TestServer } from "../../../sync-server/src/test-server";
import { ApiClient } from "./api-client";
import { CarRentalDb } from "./db";
import { refreshRates } from "./public-data";
import { shippedDatabase } from "./shipped-versions-test-support";

/** A booking as a version-5 mirror stored it: no price lines. */
const storedBooking = {
  id: "00000000-0000-4000-8000-000000000001",
  reference: "ACR-7K3Q9P",
  customerId: "00000000-0000-4000-8000-000000000002",
  carId: "00000000-0000-4000-8000-000000000003",
  createdAt: "2026-11-21T07:05:00.000Z",
  status: "confirmed",
  totalDays: 3,
  dailyRate: "2500.00",
  subtotal: "7500.00",
  total: "8000.00",
} satisfies Partial<BookingView>;

describe("the public rates' cache (Dexie version 6)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("opens a version-5 database with its data kept; a stored booking keeps its one price line", async () => {
    const name = `rates-upgrade-${crypto.randomUUID()}`;
    const previous = shippedDatabase(name, 5);
    await previous.table("bookings").put(storedBooking);
    await previous.table("publicSync").put({ key: "cars", lastSyncAt: "2026-11-20T00:00:00.000Z" });
    previous.close();

    const db = new CarRentalDb(name);
    const booking = await db.bookings.get(storedBooking.id);
    expect(db.verno).toBeGreaterThanOrEqual(6);
    expect(booking).toMatchObject(storedBooking);
    expect(await db.publicSync.get("cars")).toEqual({ key: "cars", lastSyncAt: "2026-11-20T00:00:00.000Z" });
    expect(await db.publicRates.count()).toBe(0);
    if (!booking) throw new Error("no booking");
    expect(bookingPriceLines(booking)).toEqual({
      lines: [{ days: 3, rate: "2500.00", periodName: null, amount: "7500.00" }],
      discount: null,
    });
    db.close();
  });

  it("stores GET /api/rates from the real server, and keeps it when the server cannot be reached", async () => {
    const db = new CarRentalDb(`rates-${crypto.randomUUID()}`);
    const client = new ApiClient({ baseUrl: server.url });
    const fetched = await refreshRates({ db, api: client });
    expect(fetched).toEqual({
      periods: [],
      lengthDiscounts: [
        { minDays: 7, percentOff: 10 },
        { minDays: 28, percentOff: 20 },
      ],
    });
    expect(await db.publicRates.get("rates")).toEqual({ key: "rates", ...fetched });
    expect((await db.publicSync.get("rates"))?.lastSyncAt).toBeTruthy();

    const offline = new ApiClient({
      baseUrl: server.url,
      fetch: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(await refreshRates({ db, api: offline })).toBeNull();
    expect(await db.publicRates.get("rates")).toEqual({ key: "rates", ...fetched });
    db.close();
  });
});
