/**
 * Seasonal rates and length discounts (release-2 §E1), priced the same way by
 * the booking page and the server:
 *
 * - each rental day costs the car's daily rate adjusted by the rate period
 *   covering that day (the largest adjustment when several do), rounded to
 *   the centavo, half up;
 * - the length discount (the largest `percentOff` whose `minDays` the rental
 *   reaches) applies to the sum of the day rates, rounded the same way;
 * - driver and distance fees and insurance are unchanged (see `quote`).
 *
 * A period covers whole Manila calendar days, `startDate` to `endDate`
 * inclusive; a rental day is the day it starts on (the pickup date up to the
 * day before the return date), so a rental crossing a period's edge is priced
 * day by day.
 */
import * as z from "zod";
import { addDays, isValidDate, rentalDays } from "./dates";
import { formatPeso, parseMoney, toMoneyString, type MoneyInput } from "./money";

/** The smallest and largest adjustment of a rate period, in percent of the daily rate. */
export const RATE_PERCENT_LIMITS = { min: -90, max: 300 } as const;

/** Default length discounts (release-2 §E1): a week -10 %, four weeks -20 %. */
export const DEFAULT_LENGTH_DISCOUNTS: readonly LengthDiscount[] = [
  { minDays: 7, percentOff: 10 },
  { minDays: 28, percentOff: 20 },
];

const dateField = z.string().refine(isValidDate, "Invalid date");

/** A named period whose days cost `percent` more (or less, when negative) than the daily rate. */
export const ratePeriodSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(80),
  startDate: dateField,
  endDate: dateField,
  percent: z
    .number()
    .int("Use a whole number of percent")
    .min(RATE_PERCENT_LIMITS.min, `At least ${RATE_PERCENT_LIMITS.min} %`)
    .max(RATE_PERCENT_LIMITS.max, `At most ${RATE_PERCENT_LIMITS.max} %`),
});
export type RatePeriod = z.infer<typeof ratePeriodSchema>;

/** A discount for rentals of at least `minDays` days. */
export const lengthDiscountSchema = z.object({
  minDays: z
    .number()
    .int("Use a whole number of days")
    .min(2, "At least 2 days")
    .max(365, "At most 365 days"),
  percentOff: z.number().int("Use a whole number of percent").min(1, "At least 1 %").max(90, "At most 90 %"),
});
export type LengthDiscount = z.infer<typeof lengthDiscountSchema>;

/** What the pricing needs to know of the owner's rules. */
export type Rates = {
  periods: readonly RatePeriod[];
  lengthDiscounts: readonly LengthDiscount[];
};

/** The rates of a new database: no period, the default length discounts (the migration's seed). */
export const DEFAULT_RATES: Rates = { periods: [], lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS };

/** No seasonal rate and no discount: release 1's prices. */
export const NO_RATES: Rates = { periods: [], lengthDiscounts: [] };

/** Days of a rental at one price: `3 days × ₱2,500`, or `2 days × ₱3,250 (Holy Week)`. */
export type RentalLine = {
  days: number;
  /** The adjusted day rate, a decimal string. */
  rate: string;
  /** The period that set the rate; null for the car's own daily rate. */
  periodName: string | null;
  /** `days × rate`. */
  amount: string;
};

/** The length discount a rental got: `Weekly discount −₱…`. */
export type DiscountLine = { minDays: number; percentOff: number; label: string; amount: string };

export type RentalPrice = {
  lines: RentalLine[];
  /** The sum of every day's rate, before the discount. */
  daysTotal: string;
  discount: DiscountLine | null;
  /** `daysTotal` minus the discount: the vehicle's part of the total. */
  subtotal: string;
};

/** `centavos × numerator / denominator`, rounded half up (all non-negative). */
function scaleHalfUp(centavos: bigint, numerator: number, denominator: number): bigint {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return (centavos * n * 2n + d) / (2n * d);
}

/** The daily rate adjusted by `percent`, rounded to the centavo, half up. */
export function adjustedRate(dailyRate: MoneyInput, percent: number): string {
  return toMoneyString(scaleHalfUp(parseMoney(dailyRate), 100 + percent, 100));
}

/** The period that prices `day`: of those covering it, the one with the largest adjustment. */
export function periodFor(day: string, periods: readonly RatePeriod[]): RatePeriod | null {
  let chosen: RatePeriod | null = null;
  for (const period of periods) {
    if (period.startDate <= day && day <= period.endDate && (!chosen || period.percent > chosen.percent)) {
      chosen = period;
    }
  }
  return chosen;
}

/** The name a discount goes by: weekly from 7 days, monthly from 28, else by its length. */
export function discountLabel(minDays: number): string {
  if (minDays >= 28) return "Monthly discount";
  if (minDays >= 7) return "Weekly discount";
  return `${minDays}-day discount`;
}

/** The discount a rental of `days` days gets: the largest one it qualifies for. */
export function discountFor(days: number, discounts: readonly LengthDiscount[]): LengthDiscount | null {
  let chosen: LengthDiscount | null = null;
  for (const discount of discounts) {
    if (days >= discount.minDays && (!chosen || discount.percentOff > chosen.percentOff)) chosen = discount;
  }
  return chosen;
}

/**
 * The vehicle's price for the rental from `pickupDate` to `returnDate`: one
 * line per distinct day price (in the order they first occur), the discount,
 * and the subtotal. A range of no days costs nothing.
 */
export function priceRental(
  dailyRate: MoneyInput,
  pickupDate: string,
  returnDate: string,
  rates: Rates,
): RentalPrice {
  const days = rentalDays(pickupDate, returnDate);
  const lines: RentalLine[] = [];
  let daysTotal = 0n;
  for (let index = 0; index < days; index += 1) {
    const period = periodFor(addDays(pickupDate, index), rates.periods);
    const rate = period ? adjustedRate(dailyRate, period.percent) : toMoneyString(parseMoney(dailyRate));
    const periodName = period && period.percent !== 0 ? period.name : null;
    const line = lines.find((l) => l.rate === rate && l.periodName === periodName);
    if (line) line.days += 1;
    else lines.push({ days: 1, rate, periodName, amount: rate });
    daysTotal += parseMoney(rate);
  }
  for (const line of lines) line.amount = toMoneyString(parseMoney(line.rate) * BigInt(line.days));

  const chosen = discountFor(days, rates.lengthDiscounts);
  const discountCentavos = chosen ? scaleHalfUp(daysTotal, chosen.percentOff, 100) : 0n;
  const discount =
    chosen && discountCentavos > 0n
      ? {
          minDays: chosen.minDays,
          percentOff: chosen.percentOff,
          label: discountLabel(chosen.minDays),
          amount: toMoneyString(discountCentavos),
        }
      : null;
  return {
    lines,
    daysTotal: toMoneyString(daysTotal),
    discount,
    subtotal: toMoneyString(daysTotal - discountCentavos),
  };
}

/**
 * `3 days × ₱2,500`, `2 days × ₱3,250 (Holy Week)`, `1 day × ₱2,500`. A line
 * whose amount is not its days × rate is a price the owner agreed (an admin's
 * booking stores its total as the whole rental, spec §3): `2 days, agreed
 * price`, never a sum that does not add up (`2 days × ₱4,500 … ₱9,500`).
 */
export function rentalLineLabel(line: Pick<RentalLine, "days" | "rate" | "periodName" | "amount">): string {
  const days = `${line.days} ${line.days === 1 ? "day" : "days"}`;
  if (parseMoney(line.rate) * BigInt(line.days) !== parseMoney(line.amount)) return `${days}, agreed price`;
  const period = line.periodName ? ` (${line.periodName})` : "";
  return `${days} × ${formatPeso(line.rate)}${period}`;
}

/** The discount's amount as the lines show it: `−₱1,750`. */
export function discountAmountLabel(discount: Pick<DiscountLine, "amount">): string {
  return `−${formatPeso(discount.amount)}`;
}

/** What a stored booking says of its vehicle price (a booking view, a mail, a receipt). */
export type StoredPrice = {
  totalDays: number;
  dailyRate: string;
  subtotal: string;
  priceLines?: RentalLine[] | undefined;
  discount?: DiscountLine | null | undefined;
};

/** A stored booking's amounts that make its total (before release-2 §C3's check-in charges). */
export type StoredAmounts = {
  subtotal: MoneyInput;
  driverFee: MoneyInput;
  distanceFee: MoneyInput;
  insurance: MoneyInput;
  total: MoneyInput;
};

/**
 * What the booking's total holds beyond its rental, fees and insurance: the
 * extra charges of its check-in (release-2 §C3 adds them to the total), as
 * a decimal string, or null when there are none. The price lines show them,
 * so they add up to the total.
 */
export function extraCharges(booking: StoredAmounts): string | null {
  const beyond =
    parseMoney(booking.total) -
    parseMoney(booking.subtotal) -
    parseMoney(booking.driverFee) -
    parseMoney(booking.distanceFee) -
    parseMoney(booking.insurance);
  return beyond > 0n ? toMoneyString(beyond) : null;
}

/**
 * The price lines a booking was made with: the stored ones, or for a booking
 * stored without lines (a mirror from before release-2 §E1) the one line its
 * stored days, rate and subtotal make. Never today's rates.
 */
export function bookingPriceLines(booking: StoredPrice): {
  lines: RentalLine[];
  discount: DiscountLine | null;
} {
  if (booking.priceLines && booking.priceLines.length > 0) {
    return { lines: booking.priceLines, discount: booking.discount ?? null };
  }
  return {
    lines: [{ days: booking.totalDays, rate: booking.dailyRate, periodName: null, amount: booking.subtotal }],
    discount: booking.discount ?? null,
  };
}
