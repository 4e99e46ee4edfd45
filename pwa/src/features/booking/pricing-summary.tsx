import { Text } from "@mantine/core";
import {
  distanceRates,
  distanceServiceOptions,
  driverRates,
  driverServiceOptions,
} from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import type { PriceSummary } from "@car-rental/shared/pricing";
import classes from "./booking-form.module.css";

export function dayCount(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

type PricingSummaryProps = {
  quote: PriceSummary;
};

type Line = { key: string; label: string; detail: string; amount: string };

/** The lines of the booking page's Pricing Summary (decisions.md "Pricing"). */
export function pricingLines(quote: PriceSummary): Line[] {
  const days = dayCount(quote.days);
  const lines: Line[] = [
    {
      key: "rental",
      label: "Vehicle Rental",
      detail: `${days} × ${formatPeso(quote.dailyRate)}`,
      amount: quote.subtotal,
    },
  ];
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
            <dd>{formatPeso(line.amount)}</dd>
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
