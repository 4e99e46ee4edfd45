import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISTANCE_SERVICES, DRIVER_SERVICES } from "./constants";
import { addDays } from "./dates";
import { addMoney, compareMoney, parseMoney, toMoneyString } from "./money";
import { quote, quoteWithRates } from "./pricing";
import {
  DEFAULT_LENGTH_DISCOUNTS,
  NO_RATES,
  RATE_PERCENT_LIMITS,
  adjustedRate,
  extraCharges,
  priceRental,
  ratePeriodSchema,
  rentalLineLabel,
  type LengthDiscount,
  type RatePeriod,
} from "./rates";

const holyWeek: RatePeriod = {
  name: "Holy Week",
  startDate: "2027-03-21",
  endDate: "2027-03-28",
  percent: 30,
};

describe("priceRental", () => {
  it("prices a rental crossing a period's edge day by day, one line per price", () => {
    // 19, 20 at the daily rate; 21, 22 in Holy Week (+30 %).
    const price = priceRental("2500", "2027-03-19", "2027-03-23", {
      periods: [holyWeek],
      lengthDiscounts: [],
    });
    expect(price.lines).toEqual([
      { days: 2, rate: "2500.00", periodName: null, amount: "5000.00" },
      { days: 2, rate: "3250.00", periodName: "Holy Week", amount: "6500.00" },
    ]);
    expect(price.discount).toBeNull();
    expect(price.subtotal).toBe("11500.00");
  });

  it("counts the pickup day and not the return day; a period's last day is included", () => {
    const price = priceRental("2000", "2027-03-28", "2027-03-30", {
      periods: [holyWeek],
      lengthDiscounts: [],
    });
    expect(price.lines).toEqual([
      { days: 1, rate: "2600.00", periodName: "Holy Week", amount: "2600.00" },
      { days: 1, rate: "2000.00", periodName: null, amount: "2000.00" },
    ]);
  });

  it("takes the largest adjustment when periods overlap, and a low season lowers the rate", () => {
    const christmas: RatePeriod = {
      name: "Christmas",
      startDate: "2027-12-20",
      endDate: "2027-12-31",
      percent: 20,
    };
    const newYear: RatePeriod = {
      name: "New Year",
      startDate: "2027-12-30",
      endDate: "2028-01-02",
      percent: 25,
    };
    const low: RatePeriod = {
      name: "Rainy season",
      startDate: "2027-07-01",
      endDate: "2027-09-30",
      percent: -10,
    };
    const rates = { periods: [christmas, newYear, low], lengthDiscounts: [] };
    expect(priceRental("2000", "2027-12-29", "2027-12-31", rates).lines).toEqual([
      { days: 1, rate: "2400.00", periodName: "Christmas", amount: "2400.00" },
      { days: 1, rate: "2500.00", periodName: "New Year", amount: "2500.00" },
    ]);
    expect(priceRental("2000", "2027-08-01", "2027-08-03", rates).lines).toEqual([
      { days: 2, rate: "1800.00", periodName: "Rainy season", amount: "3600.00" },
    ]);
  });

  it("rounds each adjusted day rate and the discount to the centavo, half up, before adding", () => {
    // 1,999.99 × 1.15 = 2,299.9885 → 2,299.99; 1,000.05 × 0.90 … discount 10 % of 6,899.97 = 689.997 → 690.00.
    expect(adjustedRate("1999.99", 15)).toBe("2299.99");
    expect(adjustedRate("0.05", 10)).toBe("0.06"); // 0.055 → 0.06
    const price = priceRental("1999.99", "2027-05-01", "2027-05-04", {
      periods: [{ name: "Fiesta", startDate: "2027-05-01", endDate: "2027-05-31", percent: 15 }],
      lengthDiscounts: [{ minDays: 3, percentOff: 10 }],
    });
    expect(price.daysTotal).toBe("6899.97");
    expect(price.discount).toEqual({ minDays: 3, percentOff: 10, label: "3-day discount", amount: "690.00" });
    expect(price.subtotal).toBe("6209.97");
  });

  it("applies the largest length discount the rental reaches: a week -10 %, four weeks -20 %", () => {
    const rates = { periods: [], lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS };
    expect(priceRental("2500", "2027-06-01", "2027-06-07", rates).discount).toBeNull();
    expect(priceRental("2500", "2027-06-01", "2027-06-08", rates).discount).toEqual({
      minDays: 7,
      percentOff: 10,
      label: "Weekly discount",
      amount: "1750.00",
    });
    expect(priceRental("2500", "2027-06-01", "2027-06-29", rates).discount).toEqual({
      minDays: 28,
      percentOff: 20,
      label: "Monthly discount",
      amount: "14000.00",
    });
  });

  it("accepts only whole percents within the limits and real dates", () => {
    const ok = { name: "Holy Week", startDate: "2027-03-21", endDate: "2027-03-28", percent: 30 };
    expect(ratePeriodSchema.safeParse(ok).success).toBe(true);
    expect(ratePeriodSchema.safeParse({ ...ok, percent: 12.5 }).success).toBe(false);
    expect(ratePeriodSchema.safeParse({ ...ok, percent: RATE_PERCENT_LIMITS.min - 1 }).success).toBe(false);
    expect(ratePeriodSchema.safeParse({ ...ok, startDate: "2027-02-30" }).success).toBe(false);
  });
});

// Properties of the pricing function (issue #22): generated cars, rentals, periods and discounts.
const dayArb = fc.integer({ min: 0, max: 730 }).map((offset) => addDays("2027-01-01", offset));
const periodArb: fc.Arbitrary<RatePeriod> = fc
  .record({
    start: dayArb,
    length: fc.integer({ min: 0, max: 40 }),
    percent: fc.integer({ min: RATE_PERCENT_LIMITS.min, max: RATE_PERCENT_LIMITS.max }),
    name: fc.constantFrom("Holy Week", "Christmas", "Summer", "Low season"),
  })
  .map(({ start, length, percent, name }) => ({
    name,
    startDate: start,
    endDate: addDays(start, length),
    percent,
  }));
const discountArb: fc.Arbitrary<LengthDiscount> = fc.record({
  minDays: fc.integer({ min: 2, max: 60 }),
  percentOff: fc.integer({ min: 1, max: 90 }),
});
const rentalArb = fc.record({
  dailyRate: fc.integer({ min: 0, max: 5_000_000 }).map((centavos) => toMoneyString(BigInt(centavos))),
  pickupDate: dayArb,
  days: fc.integer({ min: 1, max: 30 }),
  driverService: fc.constantFrom(...DRIVER_SERVICES),
  distanceService: fc.constantFrom(...DISTANCE_SERVICES),
  periods: fc.array(periodArb, { maxLength: 5 }),
  lengthDiscounts: fc.array(discountArb, { maxLength: 3 }),
});

type Rental = typeof rentalArb extends fc.Arbitrary<infer T> ? T : never;

function rated(rental: Rental, days = rental.days) {
  return quoteWithRates({
    dailyRate: rental.dailyRate,
    pickupDate: rental.pickupDate,
    returnDate: addDays(rental.pickupDate, days),
    driverService: rental.driverService,
    distanceService: rental.distanceService,
    rates: { periods: rental.periods, lengthDiscounts: rental.lengthDiscounts },
  });
}

describe("quoteWithRates (properties)", () => {
  it("never totals less than the fees and insurance", () => {
    fc.assert(
      fc.property(rentalArb, (rental) => {
        const price = rated(rental);
        const floor = addMoney(price.driverFee, price.distanceFee, price.insurance);
        expect(compareMoney(price.total, floor)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("adds up: the lines make the days' total, minus the discount is the subtotal, plus fees is the total", () => {
    fc.assert(
      fc.property(rentalArb, (rental) => {
        const price = rated(rental);
        expect(price.lines.reduce((sum, line) => sum + line.days, 0)).toBe(rental.days);
        expect(addMoney(...price.lines.map((line) => line.amount))).toBe(price.daysTotal);
        const discount = price.discount ? parseMoney(price.discount.amount) : 0n;
        expect(toMoneyString(parseMoney(price.daysTotal) - discount)).toBe(price.subtotal);
        expect(addMoney(price.subtotal, price.driverFee, price.distanceFee, price.insurance)).toBe(
          price.total,
        );
      }),
    );
  });

  it("costs no less for one more day when no discount threshold is crossed", () => {
    fc.assert(
      fc.property(rentalArb, (rental) => {
        const shorter = rated(rental);
        const longer = rated(rental, rental.days + 1);
        const sameTier = shorter.discount?.minDays === longer.discount?.minDays;
        fc.pre(sameTier);
        expect(compareMoney(longer.total, shorter.total)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("is release 1's price when no period and no discount apply", () => {
    fc.assert(
      fc.property(rentalArb, fc.boolean(), (rental, withRulesOutsideTheRental) => {
        // Either no rules at all, or rules that do not touch this rental (periods after it, discounts too long).
        const after = addDays(rental.pickupDate, rental.days + 1);
        const rates = withRulesOutsideTheRental
          ? {
              periods: [{ name: "Later", startDate: after, endDate: addDays(after, 10), percent: 50 }],
              lengthDiscounts: [{ minDays: rental.days + 1, percentOff: 10 }],
            }
          : NO_RATES;
        const input = {
          dailyRate: rental.dailyRate,
          pickupDate: rental.pickupDate,
          returnDate: addDays(rental.pickupDate, rental.days),
          driverService: rental.driverService,
          distanceService: rental.distanceService,
        };
        const { lines, discount, daysTotal, ...summary } = quoteWithRates({ ...input, rates });
        expect(summary).toEqual(quote(input));
        expect(discount).toBeNull();
        expect(daysTotal).toBe(summary.subtotal);
        expect(lines).toEqual([
          { days: rental.days, rate: summary.dailyRate, periodName: null, amount: summary.subtotal },
        ]);
      }),
    );
  });
});

describe("extraCharges", () => {
  const amounts = { subtotal: "13500.00", driverFee: "0.00", distanceFee: "0.00", insurance: "500.00" };
  it("is what the total holds beyond the rental, fees and insurance: a check-in's charges", () => {
    expect(extraCharges({ ...amounts, total: "14800.00" })).toBe("800.00");
    expect(extraCharges({ ...amounts, total: "14000.00" })).toBeNull();
    // An admin-entered price is all subtotal: nothing beyond it.
    expect(extraCharges({ ...amounts, subtotal: "9500", insurance: "0", total: "9500.00" })).toBeNull();
  });
});

describe("rentalLineLabel", () => {
  it("names a priced line by its days, rate and period", () => {
    expect(rentalLineLabel({ days: 1, rate: "2500.00", periodName: null, amount: "2500.00" })).toBe(
      "1 day × ₱2,500",
    );
    expect(rentalLineLabel({ days: 2, rate: "3250.00", periodName: "Holy Week", amount: "6500.00" })).toBe(
      "2 days × ₱3,250 (Holy Week)",
    );
  });

  it("calls a line whose amount is not days × rate an agreed price (an admin's booking)", () => {
    expect(rentalLineLabel({ days: 2, rate: "4500.00", periodName: null, amount: "9500.00" })).toBe(
      "2 days, agreed price",
    );
  });
});
