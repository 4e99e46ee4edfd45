import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISTANCE_SERVICES, DRIVER_SERVICES } from "./constants";
import { addDays } from "./dates";
import { addMoney, moneyEquals, multiplyMoney, toMoneyString } from "./money";
import { perDay, quote, quoteMatches } from "./pricing";

describe("quote", () => {
  it("prices the worked example of decisions.md", () => {
    expect(
      quote({
        dailyRate: "2500",
        pickupDate: "2026-11-21",
        returnDate: "2026-11-24",
        driverService: "within_pangasinan",
        distanceService: "over_250km_800",
      }),
    ).toEqual({
      days: 3,
      dailyRate: "2500.00",
      subtotal: "7500.00",
      driverFee: "4500.00",
      distanceFee: "2400.00",
      insurance: "500.00",
      total: "14900.00",
      withDriver: true,
      driverService: "within_pangasinan",
      distanceService: "over_250km_800",
    });
  });

  it("prices a self-drive rental with no distance service", () => {
    const summary = quote({
      dailyRate: 1800.5,
      pickupDate: "2026-12-30",
      returnDate: "2027-01-02",
      driverService: "none",
      distanceService: "none",
    });
    expect(summary).toMatchObject({
      days: 3,
      subtotal: "5401.50",
      driverFee: "0.00",
      distanceFee: "0.00",
      insurance: "500.00",
      total: "5901.50",
      withDriver: false,
    });
  });

  it("uses the outside-Pangasinan rates", () => {
    const summary = quote({
      dailyRate: "3000.00",
      pickupDate: "2026-11-21",
      returnDate: "2026-11-23",
      driverService: "outside_pangasinan",
      distanceService: "outside_pangasinan_500",
    });
    expect(summary).toMatchObject({ driverFee: "4000.00", distanceFee: "1000.00", total: "11500.00" });
  });

  it("keeps total = subtotal + driverFee + distanceFee + insurance for every rate, length and service", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 5_000_000n }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(...DRIVER_SERVICES),
        fc.constantFrom(...DISTANCE_SERVICES),
        (rateCentavos, days, driverService, distanceService) => {
          const dailyRate = toMoneyString(rateCentavos);
          const summary = quote({
            dailyRate,
            pickupDate: "2026-11-21",
            returnDate: addDays("2026-11-21", days),
            driverService,
            distanceService,
          });
          expect(summary.days).toBe(days);
          expect(summary.subtotal).toBe(multiplyMoney(dailyRate, days));
          expect(summary.total).toBe(
            addMoney(summary.subtotal, summary.driverFee, summary.distanceFee, summary.insurance),
          );
          expect(summary.withDriver).toBe(driverService !== "none");
          expect(quoteMatches({ ...summary, totalDays: summary.days }, summary)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("quoteMatches", () => {
  const server = quote({
    dailyRate: "2500",
    pickupDate: "2026-11-21",
    returnDate: "2026-11-24",
    driverService: "within_pangasinan",
    distanceService: "over_250km_800",
  });
  const client = {
    totalDays: 3,
    dailyRate: 2500,
    driverFee: "4500",
    subtotal: "7500.0",
    insurance: 500,
    total: "14900",
  };

  it("compares the total as a decimal", () => {
    expect(quoteMatches(client, server)).toBe(true);
    expect(quoteMatches({ ...client, total: 14900 }, server)).toBe(true);
    expect(quoteMatches({ ...client, total: "14900.00" }, server)).toBe(true);
  });

  it("detects a different total, and only the total (release-2 §E1)", () => {
    expect(quoteMatches({ ...client, total: "12500" }, server)).toBe(false);
    expect(quoteMatches({ ...client, total: "14900.01" }, server)).toBe(false);
    expect(quoteMatches({ ...client, total: "not a number" }, server)).toBe(false);
    // The lines are the server's own: a client's other subtotal (say, before a discount) is no refusal.
    expect(quoteMatches({ ...client, subtotal: "9999", totalDays: 2, dailyRate: "2400" }, server)).toBe(true);
  });
});

describe("perDay", () => {
  it("divides a fee by the days", () => {
    expect(perDay("4500.00", 3)).toBe("1500.00");
    expect(perDay("100.00", 3)).toBe("33.33");
    expect(perDay("200.00", 3)).toBe("66.67");
    expect(perDay("4500.00", 0)).toBe("4500.00");
    expect(moneyEquals(perDay(4500, 3), 1500)).toBe(true);
  });
});
