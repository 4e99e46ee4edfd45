/**
 * The one price formula (decisions.md "Pricing"). The booking page shows it,
 * the server recomputes it from the car's current rate and refuses a booking
 * whose totals differ.
 *
 *   subtotal    = dailyRate × days
 *   driverFee   = driverRate(driverService) × days
 *   distanceFee = distanceRate(distanceService) × days
 *   insurance   = INSURANCE_FEE per rental
 *   total       = subtotal + driverFee + distanceFee + insurance
 */
import {
  INSURANCE_FEE,
  distanceRates,
  driverRates,
  type DistanceService,
  type DriverService,
} from "./constants";
import { rentalDays } from "./dates";
import {
  addMoney,
  moneyEquals,
  multiplyMoney,
  normalizeMoney,
  parseMoney,
  toMoneyString,
  type MoneyInput,
} from "./money";
import { priceRental, type DiscountLine, type Rates, type RentalLine } from "./rates";
import type { PriceSummary } from "./schemas/booking";

export type { PriceSummary } from "./schemas/booking";

export interface QuoteInput {
  dailyRate: MoneyInput;
  pickupDate: string;
  returnDate: string;
  driverService: DriverService;
  distanceService: DistanceService;
}

/**
 * The price of a rental, every amount a decimal string. With no valid range
 * (days 0) the per-day lines are 0 and the total is the insurance alone;
 * callers refuse such a booking before quoting it.
 * @throws RangeError when `dailyRate` is not a money amount.
 */
export function quote(input: QuoteInput): PriceSummary {
  const days = rentalDays(input.pickupDate, input.returnDate);
  const subtotal = multiplyMoney(input.dailyRate, days);
  const driverFee = multiplyMoney(driverRates[input.driverService], days);
  const distanceFee = multiplyMoney(distanceRates[input.distanceService], days);
  const insurance = normalizeMoney(INSURANCE_FEE);
  return {
    days,
    dailyRate: normalizeMoney(input.dailyRate),
    subtotal,
    driverFee,
    distanceFee,
    insurance,
    total: addMoney(subtotal, driverFee, distanceFee, insurance),
    withDriver: input.driverService !== "none",
    driverService: input.driverService,
    distanceService: input.distanceService,
  };
}

/** The totals a booking request carries (spec §3), as the client computed them. */
export interface ClientTotals {
  totalDays: number;
  dailyRate: MoneyInput;
  driverFee: MoneyInput;
  subtotal: MoneyInput;
  insurance: MoneyInput;
  total: MoneyInput;
  /** Compared only when the client sent it. */
  distanceFee?: MoneyInput | null;
}

/**
 * Whether the total the client showed is the server's (release-2 §E1: `409`
 * PRICE_CHANGED "when the browser's total differs"), compared as decimals
 * ("2500" equals "2500.00" equals 2500). Only the total: the lines that make
 * it up (days, rates, fees, the subtotal before or after a discount) are the
 * server's own, stored from its quote whatever the client sent, and nothing
 * is booked at a total the customer did not see.
 */
export function quoteMatches(client: ClientTotals, server: PriceSummary): boolean {
  return moneyEquals(client.total, server.total);
}

/**
 * An amount per day, for the confirmation's "driver service" line (driverFee
 * divided by days, spec §9), rounded half up to the centavo; the amount
 * itself when days is not positive.
 */
export function perDay(amount: MoneyInput, days: number): string {
  const centavos = parseMoney(amount);
  if (!Number.isSafeInteger(days) || days <= 0) return toMoneyString(centavos);
  const divisor = BigInt(days);
  return toMoneyString((centavos * 2n + divisor) / (2n * divisor));
}

/** A quote under the owner's rates (release-2 §E1): the price summary plus the lines that make it up. */
export type RatedQuote = PriceSummary & {
  /** One line per distinct day price: `3 days × ₱2,500`, `2 days × ₱3,250 (Holy Week)`. */
  lines: RentalLine[];
  discount: DiscountLine | null;
  /** The sum of the day rates before the discount. */
  daysTotal: string;
};

/**
 * The price of a rental under seasonal rates and length discounts: each day
 * at its period's rate, the length discount on their sum (see `rates.ts`);
 * driver and distance fees and insurance as in `quote`. With no period and no
 * discount it is `quote`'s price.
 * @throws RangeError when `dailyRate` is not a money amount.
 */
export function quoteWithRates(input: QuoteInput & { rates: Rates }): RatedQuote {
  const base = quote(input);
  const rental = priceRental(input.dailyRate, input.pickupDate, input.returnDate, input.rates);
  return {
    ...base,
    subtotal: rental.subtotal,
    total: addMoney(rental.subtotal, base.driverFee, base.distanceFee, base.insurance),
    lines: rental.lines,
    discount: rental.discount,
    daysTotal: rental.daysTotal,
  };
}
