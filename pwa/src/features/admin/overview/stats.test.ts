import { describe, expect, it } from "vitest";
import { computeAdminStats, computeOverviewStats, overviewCars, recentBookings } from "./stats";

const booking = (
  status: "pending" | "confirmed" | "cancelled" | "completed",
  total: string,
  createdAt = "2026-11-01T00:00:00Z",
  id = "a",
) => ({
  status,
  total,
  createdAt,
  id,
});

describe("computeAdminStats", () => {
  it("counts bookings and sums earnings from completed, pending revenue from pending + confirmed", () => {
    const stats = computeAdminStats(
      [
        booking("completed", "1000.10"),
        booking("completed", "2000.20"),
        booking("pending", "500.00"),
        booking("confirmed", "0.30"),
        booking("cancelled", "9999.99"),
      ],
      [{ available: true }, { available: false }, { available: true }],
    );
    expect(stats).toEqual({
      totalBookings: 5,
      pendingBookings: 1,
      totalEarnings: "3000.30",
      pendingRevenue: "500.30",
      availableCars: 2,
      totalCars: 3,
    });
  });

  it("is decimal-exact where floats are not (0.1 + 0.2)", () => {
    const stats = computeAdminStats([booking("completed", "0.10"), booking("completed", "0.20")], []);
    expect(stats.totalEarnings).toBe("0.30");
  });

  it("gives zeros for an empty shop and ignores unreadable amounts", () => {
    expect(computeAdminStats([booking("completed", "abc")], [])).toEqual({
      totalBookings: 1,
      pendingBookings: 0,
      totalEarnings: "0.00",
      pendingRevenue: "0.00",
      availableCars: 0,
      totalCars: 0,
    });
  });
});

describe("recentBookings and overviewCars", () => {
  it("takes the five newest bookings, newest first", () => {
    const list = Array.from({ length: 8 }, (_, i) =>
      booking("pending", "1.00", `2026-11-0${i + 1}T00:00:00Z`, `id-${i + 1}`),
    );
    expect(recentBookings(list).map((b) => b.id)).toEqual(["id-8", "id-7", "id-6", "id-5", "id-4"]);
  });

  it("takes the first five cars in the fleet list's order", () => {
    const cars = [
      "Toyota Vios",
      "Ford Ranger",
      "Honda City",
      "Isuzu mu-X",
      "Nissan Terra",
      "Suzuki Jimny",
    ].map((name) => ({ name }));
    expect(overviewCars(cars).map((car) => car.name)).toEqual([
      "Toyota Vios",
      "Ford Ranger",
      "Honda City",
      "Isuzu mu-X",
      "Nissan Terra",
    ]);
  });
});

describe("computeOverviewStats", () => {
  const cars = [{ available: true }];
  const mirrored = [
    { status: "completed" as const, total: "1000.00", returnDate: "2026-01-10" },
    { status: "pending" as const, total: "300.00", returnDate: "2026-12-01" },
    // An old booking a delta brought to the tablet: the server's count has it already.
    { status: "completed" as const, total: "777.00", returnDate: "2024-05-01" },
  ];

  it("adds the server's count of the bookings older than the window to the tablet's recent ones", () => {
    const stats = computeOverviewStats(mirrored, cars, {
      before: "2025-11-26",
      bookings: 40,
      pendingBookings: 1,
      earnings: "50000.50",
      pendingRevenue: "200.00",
    });
    expect(stats).toMatchObject({
      totalBookings: 42,
      pendingBookings: 2,
      totalEarnings: "51000.50",
      pendingRevenue: "500.00",
      availableCars: 1,
    });
  });

  it("counts the tablet's bookings alone until the server counted the older ones", () => {
    expect(computeOverviewStats(mirrored, cars, undefined)).toEqual(computeAdminStats(mirrored, cars));
  });
});
