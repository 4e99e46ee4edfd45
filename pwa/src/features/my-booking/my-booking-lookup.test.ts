// @vitest-environment node
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { MyBooking } from "@car-rental/shared/schemas/my-booking";
import { ApiClient, type FetchLike } from "../../data/api-client";
import { saveMyBooking } from "../../data/my-bookings";
import { myBookingMessages } from "@car-rental/shared/schemas/my-booking";
import { OFFLINE_NOT_KEPT, lookUpBooking } from "./my-booking-lookup";

/** A booking as kept from an earlier visit (only what the lookup reads matters). */
function kept(reference: string): MyBooking {
  const booking = { id: crypto.randomUUID(), reference, status: "confirmed", carName: "Toyota Vios 1.3 XE" };
  const customer = { fullName: "Maria Santos", email: "maria@example.ph" };
  return { customer, booking, bookingToken: "kept-token" } as unknown as MyBooking;
}

const notFound = { error: { code: "BOOKING_NOT_FOUND", message: "No booking matches." } };

const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });
const answer =
  (status: number, body: unknown): FetchLike =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("lookUpBooking on a poor connection", () => {
  it("shows the kept copy when the server does not answer in time, and says offline without one", async () => {
    const copy = kept("ACR-7K3Q9P");
    await saveMyBooking(copy);
    const api = new ApiClient({ fetch: hanging });
    const started = Date.now();
    const outcome = await lookUpBooking({ reference: "acr-7k3q9p", contact: "a@example.ph" }, api, 100);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(outcome).toEqual({ shown: { answer: copy, offline: true } });

    const unknown = await lookUpBooking({ reference: "ACR-7K3Q9R", contact: "a@example.ph" }, api, 100);
    expect(unknown).toEqual({ problem: OFFLINE_NOT_KEPT, keepShown: true });
  });

  it("shows the kept copy when only the server's proxy answers (502, 503, 504), else the server's words", async () => {
    const copy = kept("ACR-8M4R2T");
    await saveMyBooking(copy);
    for (const status of [502, 503, 504]) {
      const api = new ApiClient({ fetch: answer(status, {}) });
      const outcome = await lookUpBooking({ reference: "ACR-8M4R2T", contact: "a@example.ph" }, api);
      expect(outcome, String(status)).toEqual({ shown: { answer: copy, offline: true } });
    }
    // The server's own answer is believed over the copy.
    const refused = new ApiClient({
      fetch: answer(404, { error: { code: "BOOKING_NOT_FOUND", message: "No booking matches." } }),
    });
    expect(await lookUpBooking({ reference: "ACR-8M4R2T", contact: "a@example.ph" }, refused)).toEqual({
      problem: "No booking matches.",
      keepShown: false,
    });
  });
});

describe("lookUpBooking from a link whose token no longer works", () => {
  // Asked again with the e-mail of a copy kept on this device: e2e (my-booking.spec.ts), on the real server.
  it("says the link no longer opens the booking, not that the typed details match none, without a copy", async () => {
    const api = new ApiClient({ fetch: answer(404, notFound) });
    expect(await lookUpBooking({ reference: "ACR-9P3W4Y", bookingToken: "old-token" }, api)).toEqual({
      problem: myBookingMessages.linkNoLongerOpens,
      keepShown: false,
    });
  });
});
