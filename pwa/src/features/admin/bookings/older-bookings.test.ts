import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "./booking-filters";
import { OLDER_BOOKINGS_PER_PAGE, olderBookingsQuery } from "./older-bookings";

describe("olderBookingsQuery", () => {
  const windowStart = "2025-11-21";

  it("asks for the bookings returning before the window, with the list's search and status", () => {
    expect(olderBookingsQuery(NO_FILTERS, windowStart)).toEqual({
      before: windowStart,
      limit: OLDER_BOOKINGS_PER_PAGE,
    });
    expect(olderBookingsQuery({ query: "  Santos ", status: "completed", date: "" }, windowStart)).toEqual({
      before: windowStart,
      limit: OLDER_BOOKINGS_PER_PAGE,
      q: "Santos",
      status: "completed",
    });
  });

  it("asks for the bookings covering an older day, and none for a day the window covers", () => {
    expect(olderBookingsQuery({ ...NO_FILTERS, date: "2024-03-05" }, windowStart)).toMatchObject({
      from: "2024-03-05",
      to: "2024-03-05",
    });
    expect(olderBookingsQuery({ ...NO_FILTERS, date: windowStart }, windowStart)).toBeNull();
    expect(olderBookingsQuery({ ...NO_FILTERS, date: "2026-01-01" }, windowStart)).toBeNull();
  });

  it("asks for one customer's older bookings on the customer's page", () => {
    const customerId = "7d3c1f7e-8f0a-4c5e-9a51-2f6c1d9b0a11";
    expect(olderBookingsQuery(NO_FILTERS, windowStart, customerId)).toEqual({
      before: windowStart,
      limit: OLDER_BOOKINGS_PER_PAGE,
      customerId,
    });
  });
});
