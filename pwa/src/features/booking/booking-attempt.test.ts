import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../data/api-client";
import {
  bookingAttemptKey,
  forgetBookingAttempt,
  hasUnansweredBookingAttempt,
  isUnansweredBookingAttempt,
} from "./booking-attempt";
import { refusedTheBooking } from "./use-booking-submission";

const answer = (status: number, code: string) =>
  new ApiError(status, "", JSON.stringify({ error: { code, message: "…" } }));

afterEach(() => forgetBookingAttempt());

describe("a booking request without an answer", () => {
  it("keeps its key across a reload until the server answers it", () => {
    const request = { carId: "car-1", pickupDate: "2027-02-24" };
    expect(hasUnansweredBookingAttempt()).toBe(false);
    const key = bookingAttemptKey(request);
    expect(hasUnansweredBookingAttempt()).toBe(true);
    expect(isUnansweredBookingAttempt({ ...request })).toBe(true);
    expect(bookingAttemptKey({ ...request })).toBe(key);
    expect(isUnansweredBookingAttempt({ ...request, pickupDate: "2027-02-25" })).toBe(false);
    forgetBookingAttempt();
    expect(bookingAttemptKey(request)).not.toBe(key);
  });

  it("is settled by a refusal of the booking, not by an answer given before its key was read", () => {
    expect(refusedTheBooking(answer(409, "DATES_UNAVAILABLE"))).toBe(true);
    expect(refusedTheBooking(answer(400, "VALIDATION_FAILED"))).toBe(true);
    expect(refusedTheBooking(answer(403, "NAME_BLOCKED"))).toBe(true);
    // The booking may exist: the same request goes again under the same key.
    expect(refusedTheBooking(answer(429, "RATE_LIMITED"))).toBe(false);
    expect(refusedTheBooking(answer(409, "IDEMPOTENCY_IN_PROGRESS"))).toBe(false);
    expect(refusedTheBooking(answer(422, "IDEMPOTENCY_KEY_REUSED"))).toBe(false);
    expect(refusedTheBooking(answer(408, "TIMEOUT"))).toBe(false);
    expect(refusedTheBooking(answer(503, "UNAVAILABLE"))).toBe(false);
  });
});
