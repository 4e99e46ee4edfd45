import { Text } from "@mantine/core";
import {
  distanceRates,
  distanceServiceOptions,
  driverRates,
  driverServiceOptions,
} from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import type { PriceSummary } from "@car-rental/shared/pricing";
import {
  bookingPriceLines,
  discountAmountLabel,
  rentalLineLabel,
  type DiscountLine,
  type RentalLine,
} from "@car-rental/shared/rates";
import classes from "./booking-form.module.css";

export function dayCount(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** A quote, with the day lines and the discount of the owner's rates when it has them (release-2 §E1). */
export type QuoteWithLines = PriceSummary & { lines?: RentalLine[]; discount?: DiscountLine | null };

type PricingSummaryProps = {
  quote: QuoteWithLines;
};

/** One row: `amount` a decimal string, or `shown` when it is displayed otherwise (the discount's `−₱…`). */
type Line = { key: string; label: string; detail: string; amount: string; shown?: string };

/**
 * The lines of the booking page's Pricing Summary (decisions.md "Pricing"):
 * one Vehicle Rental row per day price (`3 days × ₱2,500`, `2 days × ₱3,250
 * (Holy Week)`), the length discount (`Weekly discount −₱…`), the services
 * and insurance.
 */
export function pricingLines(quote: QuoteWithLines): Line[] {
  const days = dayCount(quote.days);
  const price = bookingPriceLines({
    totalDays: quote.days,
    dailyRate: quote.dailyRate,
    subtotal: quote.subtotal,
    priceLines: quote.lines,
    discount: quote.discount,
  });
  const lines: Line[] = price.lines.map((line, index) => ({
    key: index === 0 ? "rental" : `rental-${index + 1}`,
    label: "Vehicle Rental",
    detail: rentalLineLabel(line),
    amount: line.amount,
  }));
  if (price.discount) {
    lines.push({
      key: "discount",
      label: price.discount.label,
      detail: `${price.discount.percentOff}% off from ${dayCount(price.discount.minDays)}`,
      amount: price.discount.amount,
      shown: discountAmountLabel(price.discount),
    });
  }
  if (quote.withDriver) {
    lines.push({
      key: "driver",
      label: "Driver Service",
      detail: `${driverServiceOptions[quote.driverService].label}, ${days} × ${formatPeso(driverRates[quote.driverService])}`,
      amount: quote.driverFee,
    });
  }
  lines.push({
    key: "distance",
    label: "Distance Service",
    detail:
      quote.distanceService === "none"
        ? distanceServiceOptions.none.label
        : `${distanceServiceOptions[quote.distanceService].label}, ${days} × ${formatPeso(distanceRates[quote.distanceService])}`,
    amount: quote.distanceFee,
  });
  lines.push({ key: "insurance", label: "Insurance", detail: "Per rental", amount: quote.insurance });
  return lines;
}

/**
 * The live price of the booking, from shared `quote()`: vehicle rental (days ×
 * rate), the driver service when a driver is chosen, the distance service,
 * insurance and the total.
 */
export function PricingSummary({ quote }: PricingSummaryProps) {
  return (
    <div>
      <dl className={classes.priceList} data-testid="pricing-summary">
        {pricingLines(quote).map((line) => (
          <div key={line.key} className={classes.priceRow} data-line={line.key}>
            <dt>
              <span className={classes.priceLabel}>{line.label}</span>
              <span className={classes.priceDetail}>{line.detail}</span>
            </dt>
            <dd>{line.shown ?? formatPeso(line.amount)}</dd>
          </div>
        ))}
        <div className={classes.priceTotal} data-line="total">
          <dt>Total</dt>
          <dd data-testid="pricing-total">{formatPeso(quote.total)}</dd>
        </div>
      </dl>
      {quote.days === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          Choose your pickup and return dates to see the full price.
        </Text>
      )}
    </div>
  );
}
