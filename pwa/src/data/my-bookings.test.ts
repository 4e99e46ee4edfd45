// @vitest-environment node
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { MyBooking } from "@car-rental/shared/schemas/my-booking";
import { CarRentalDb } from "./db";
import { keptMyBooking, keptMyBookings, saveMyBooking } from "./my-bookings";

function answer(
  id: string,
  reference: string,
  status: MyBooking["booking"]["status"] = "pending",
): MyBooking {
  // Only the fields these functions read matter; the rest is the server's answer as stored.
  const booking = { id, reference, status, carName: "Toyota Vios 1.3 XE" };
  return { booking, bookingToken: `token-${id}` } as unknown as MyBooking;
}

describe("the bookings opened on My booking", () => {
  it("keeps the latest answer per booking, found by its reference, newest first", async () => {
    const db = new CarRentalDb(`my-bookings-${crypto.randomUUID()}`);
    await saveMyBooking(answer("b1", "ACR-AAAAAA"), db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveMyBooking(answer("b2", "ACR-BBBBBB"), db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveMyBooking(answer("b1", "ACR-AAAAAA", "cancelled"), db);

    expect((await keptMyBooking("ACR-AAAAAA", db))?.answer.booking.status).toBe("cancelled");
    expect(await keptMyBooking("ACR-CCCCCC", db)).toBeUndefined();
    expect((await keptMyBookings(db)).map((row) => row.reference)).toEqual(["ACR-AAAAAA", "ACR-BBBBBB"]);
    db.close();
  });
});
