// @vitest-environment node
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { CarRentalDb, type LocalBlockedName, type LocalBooking } from "../db";
import { addPayment } from "./bookings/add-payment";
import { updateBookingStatus } from "./bookings/update-booking-status";
import { unblockName } from "./blocklist/unblock-name";

const db = new CarRentalDb("labels-test");
afterEach(async () => {
  await Promise.all([db.bookings.clear(), db.blockedNames.clear()]);
});

const BOOKING_ID = "3f2a9c1e-0000-4000-8000-000000000001";

describe("the outbox's labels", () => {
  it("name a booking by its reference, as its card does, and by a short id before the mirror has it", async () => {
    const args = {
      bookingId: BOOKING_ID,
      id: "3f2a9c1e-0000-4000-8000-000000000002",
      amount: "500.00",
      note: null,
    };
    expect(await addPayment.label(db, args)).toBe("Payment ₱500 for booking (3F2A9C1E)");

    await db.bookings.put({
      id: BOOKING_ID,
      reference: "ACR-7K3Q9P",
      customerName: "Maria Santos",
      carName: "Toyota Vios",
    } as LocalBooking);
    expect(await addPayment.label(db, args)).toBe(
      "Payment ₱500 for Maria Santos's Toyota Vios booking (ACR-7K3Q9P)",
    );
    expect(await updateBookingStatus.label(db, { id: BOOKING_ID, status: "confirmed" })).toBe(
      "Status confirmed for Maria Santos's Toyota Vios booking (ACR-7K3Q9P)",
    );
  });

  it("name a blocklist entry by its kind and value", async () => {
    const id = "3f2a9c1e-0000-4000-8000-000000000003";
    await db.blockedNames.put({
      id,
      kind: "license",
      value: "N0199999999",
      fullName: "N0199999999",
    } as LocalBlockedName);
    expect(await unblockName.label(db, { id })).toBe("Unblock driver's license N0199999999");
    expect(await unblockName.label(db, { id: BOOKING_ID })).toBe("Unblock 3F2A9C1E");
  });
});
