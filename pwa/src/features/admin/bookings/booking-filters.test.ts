import { describe, expect, it } from "vitest";
import { filterBookings, NO_FILTERS, pageOf } from "./booking-filters";

const make = (
  id: string,
  createdAt: string,
  extra: Partial<{
    customerName: string;
    customerEmail: string;
    carName: string;
    status: "pending" | "confirmed" | "cancelled" | "completed";
    pickupDate: string;
    returnDate: string;
  }> = {},
) => ({
  id,
  createdAt,
  customerName: "Ana Reyes",
  customerEmail: "ana@example.com",
  carName: "Toyota Vios",
  status: "pending" as const,
  pickupDate: "2026-12-01",
  returnDate: "2026-12-03",
  ...extra,
});

const list = [
  make("1", "2026-11-01T00:00:00Z"),
  make("2", "2026-11-03T00:00:00Z", {
    customerName: "Ben Cruz",
    customerEmail: "ben@x.ph",
    carName: "Ford Ranger",
    status: "confirmed",
  }),
  make("3", "2026-11-02T00:00:00Z", {
    carName: "Honda City",
    pickupDate: "2026-12-10",
    returnDate: "2026-12-12",
    status: "completed",
  }),
];

describe("filterBookings", () => {
  it("lists everything newest first without filters", () => {
    expect(filterBookings(list, NO_FILTERS).map((b) => b.id)).toEqual(["2", "3", "1"]);
  });

  it("searches customer, e-mail and car, case-insensitively", () => {
    expect(filterBookings(list, { ...NO_FILTERS, query: "ben" }).map((b) => b.id)).toEqual(["2"]);
    expect(filterBookings(list, { ...NO_FILTERS, query: "X.PH" }).map((b) => b.id)).toEqual(["2"]);
    expect(filterBookings(list, { ...NO_FILTERS, query: "honda ana" }).map((b) => b.id)).toEqual(["3"]);
  });

  it("filters by status and by a day inside the rental", () => {
    expect(filterBookings(list, { ...NO_FILTERS, status: "completed" }).map((b) => b.id)).toEqual(["3"]);
    expect(filterBookings(list, { ...NO_FILTERS, date: "2026-12-03" }).map((b) => b.id)).toEqual(["2", "1"]);
    expect(filterBookings(list, { ...NO_FILTERS, date: "2026-12-11" }).map((b) => b.id)).toEqual(["3"]);
  });

  it("filters 5000 bookings quickly", () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      make(String(i), new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()),
    );
    const started = performance.now();
    const result = filterBookings(many, { ...NO_FILTERS, query: "vios" });
    expect(result).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("pageOf", () => {
  it("slices pages and clamps the page number", () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    expect(pageOf(items, 1).items).toHaveLength(25);
    expect(pageOf(items, 3)).toMatchObject({ page: 3, pages: 3, items: items.slice(50) });
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe("filterBookings by reference", () => {
  it("finds a booking by its reference, typed in any case", () => {
    const bookings = [
      { ...make("1", "2026-11-01T00:00:00Z"), reference: "ACR-7K3Q9P" },
      { ...make("2", "2026-11-02T00:00:00Z"), reference: "ACR-2B4D6F" },
      // Made offline: no reference until the server's answer.
      make("3", "2026-11-03T00:00:00Z"),
    ];
    expect(filterBookings(bookings, { ...NO_FILTERS, query: "acr-7k3q9p" }).map((b) => b.id)).toEqual(["1"]);
    expect(filterBookings(bookings, { ...NO_FILTERS, query: "2B4D" }).map((b) => b.id)).toEqual(["2"]);
  });
});
