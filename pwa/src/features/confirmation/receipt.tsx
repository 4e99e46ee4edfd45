import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import {
  DEFAULT_PICKUP_TIME,
  contactSettings,
  distanceRates,
  distanceServiceOptions,
  driverServiceOptions,
} from "@car-rental/shared/constants";
import { formatBookedOn, formatLongDate } from "@car-rental/shared/dates";
import { DEPOSIT_LABEL, DEPOSIT_NOTE, depositAmount } from "@car-rental/shared/deposit";
import { formatPeso, parseMoney } from "@car-rental/shared/money";
import { perDay } from "@car-rental/shared/pricing";
import {
  bookingPriceLines,
  discountAmountLabel,
  extraCharges,
  rentalLineLabel,
} from "@car-rental/shared/rates";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import classes from "./confirmation.module.css";

type ReceiptProps = {
  /** A booking view; the public booking answer has no customer id (release 2 A3). */
  booking: Omit<BookingView, "customerId">;
  car: Car;
};

/** The notice's title for a booking that will not happen. */
const NOT_FOR_PICKUP: Partial<Record<string, string>> = {
  cancelled: "THIS BOOKING IS CANCELLED",
  expired: "THIS BOOKING HAS EXPIRED",
};

export function durationText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** The Important Information bullets of spec §2. */
export const IMPORTANT_INFORMATION = [
  "Changes or cancellations need at least 24 hours notice before pickup.",
  "Return the vehicle with the same fuel level as at pickup.",
  "The vehicle is inspected together with you before and after the rental.",
  "Bring a valid driver's license when you pick up the vehicle.",
  "Late returns may be charged extra.",
  "When you book a driver, you provide the driver's meals and accommodation.",
] as const;

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={classes.section} data-wide={wide || undefined}>
      <h3 className={classes.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One row: `amount` a decimal string, or `shown` when it is displayed otherwise (the discount's `−₱…`). */
type PriceLine = { key: string; label: string; detail: string; amount: string; shown?: string };

/**
 * The confirmation's pricing lines (spec §9, decisions.md): vehicle rental,
 * one row per day price the booking was stored with (`3 days × ₱2,500`,
 * `2 days × ₱3,250 (Holy Week)`, release-2 §E1), its length discount, the driver service only with a driver and a fee
 * (per day = fee / days), the distance service, insurance.
 */
export function receiptPriceLines(booking: Omit<BookingView, "customerId">): PriceLine[] {
  const days = booking.totalDays;
  const price = bookingPriceLines(booking);
  const lines: PriceLine[] = price.lines.map((line, index) => ({
    key: index === 0 ? "rental" : `rental-${index + 1}`,
    label: "Vehicle Rental",
    detail: rentalLineLabel(line),
    amount: line.amount,
  }));
  if (price.discount) {
    lines.push({
      key: "discount",
      label: price.discount.label,
      detail: `${price.discount.percentOff}% off`,
      amount: price.discount.amount,
      shown: discountAmountLabel(price.discount),
    });
  }
  if (booking.withDriver && parseMoney(booking.driverFee) > 0n) {
    lines.push({
      key: "driver",
      label: "Driver Service",
      detail: `${durationText(days)} × ${formatPeso(perDay(booking.driverFee, days))}`,
      amount: booking.driverFee,
    });
  }
  lines.push({
    key: "distance",
    label: "Distance Service",
    detail:
      booking.distanceService === "none"
        ? distanceServiceOptions.none.label
        : `${durationText(days)} × ${formatPeso(distanceRates[booking.distanceService])}`,
    amount: booking.distanceFee,
  });
  lines.push({ key: "insurance", label: "Insurance", detail: "Per rental", amount: booking.insurance });
  // Release-2 §C3: a check-in's charges are added to the total.
  const charges = extraCharges(booking);
  if (charges) lines.push({ key: "charges", label: "Extra Charges", detail: "At check-in", amount: charges });
  return lines;
}

/** The printable receipt inside the confirmation modal. */
export function Receipt({ booking, car }: ReceiptProps) {
  const pickupTime = booking.pickupTime || DEFAULT_PICKUP_TIME;
  const driver = driverServiceOptions[booking.driverService];
  const distance = distanceServiceOptions[booking.distanceService];
  const bookedOn = formatBookedOn(booking.createdAt || new Date());
  const ended = NOT_FOR_PICKUP[booking.status];

  return (
    <article className={classes.receipt} aria-label="Booking receipt">
      <div className={classes.notice} role="note">
        <IconAlertTriangle size={22} aria-hidden="true" className={classes.noticeIcon} />
        {/* A booking that will not happen (My booking shows it too) is no confirmation to show at pickup. */}
        {ended ? (
          <div>
            <p className={classes.noticeTitle}>{ended}</p>
            <p>This booking is no longer valid for pickup. To rent again, please make a new booking.</p>
          </div>
        ) : (
          <div>
            <p className={classes.noticeTitle}>SAVE THIS IMPORTANT</p>
            <p>
              This is your official booking confirmation. Save or print it and show it when you pick up your
              vehicle.
            </p>
          </div>
        )}
      </div>

      <header className={classes.business}>
        <p className={classes.businessName}>{contactSettings.name}</p>
        <p>{contactSettings.address}</p>
        <p>
          {contactSettings.phones.join(" · ")} · {contactSettings.email}
        </p>
      </header>

      <div className={classes.grid}>
        <Section title="Customer Information">
          <dl>
            <Field label="Name">{booking.customerName}</Field>
            <Field label="Email">{booking.customerEmail}</Field>
          </dl>
        </Section>

        <Section title="Vehicle Details">
          <dl>
            <Field label="Vehicle">{car.name}</Field>
            <Field label="Category">{car.category}</Field>
            <Field label="Transmission">{car.transmission}</Field>
            <Field label="Fuel">{car.fuel}</Field>
          </dl>
        </Section>

        <Section title="Rental Period">
          <dl>
            <Field label="Pickup Date">
              {formatLongDate(booking.pickupDate)}
              <span className={classes.sub}>at {pickupTime}</span>
            </Field>
            <Field label="Return Date">
              {formatLongDate(booking.returnDate)}
              <span className={classes.sub}>at {pickupTime}</span>
            </Field>
            <Field label="Duration">{durationText(booking.totalDays)}</Field>
          </dl>
        </Section>

        <Section title="Pickup Time">
          <p className={classes.big}>{pickupTime}</p>
          <p className={classes.sub}>Return by the same time on your return date.</p>
          {booking.wantsDelivery && booking.deliveryAddress && (
            <p className={classes.sub}>Delivery to: {booking.deliveryAddress}</p>
          )}
        </Section>

        <Section title="Selected Services" wide>
          <dl>
            <Field label="Driver Service">
              {driver.label}
              <span className={classes.sub}>{driver.description}</span>
            </Field>
            <Field label="Distance Service">
              {distance.label}
              <span className={classes.sub}>{distance.description}</span>
            </Field>
          </dl>
          {booking.withDriver && (
            <p className={classes.extra}>
              A professional driver comes with your vehicle and stays with it for the whole rental. For
              overnight trips, you provide the driver&apos;s meals and accommodation.
            </p>
          )}
          {booking.distanceService !== "none" && (
            <p className={classes.extra}>
              The distance service covers the extra wear of long trips; it is charged per rental day and is
              included in the total below.
            </p>
          )}
        </Section>

        <Section title="Pricing Summary" wide>
          <dl className={classes.prices}>
            {receiptPriceLines(booking).map((line) => (
              <div key={line.key} className={classes.priceRow} data-line={line.key}>
                <dt>
                  {line.label} <span className={classes.sub}>({line.detail})</span>
                </dt>
                <dd>{line.shown ?? formatPeso(line.amount)}</dd>
              </div>
            ))}
            <div className={classes.totalRow} data-line="total">
              <dt>Total</dt>
              <dd data-testid="receipt-total">{formatPeso(booking.total)}</dd>
            </div>
          </dl>
        </Section>

        {depositAmount(booking.deposit) ? (
          <Section title={DEPOSIT_LABEL} wide>
            <p data-testid="receipt-deposit">
              <strong>{depositAmount(booking.deposit)}</strong>
            </p>
            <p className={classes.sub}>{DEPOSIT_NOTE}</p>
          </Section>
        ) : null}

        <Section title="Booking Reference">
          <p className={classes.reference} data-testid="booking-reference">
            {booking.reference}
          </p>
          <p className={classes.sub}>Booking ID {booking.id.toUpperCase()}</p>
          <p className={classes.sub}>Booked on {bookedOn}</p>
        </Section>

        <Section title="Important Information">
          <ul className={classes.bullets}>
            {IMPORTANT_INFORMATION.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Section>
      </div>

      <footer className={classes.footer}>
        <p className={classes.thanks}>Thank you for choosing {contactSettings.name}!</p>
        <p>
          Questions about your booking? Call {contactSettings.phones[0]} or email {contactSettings.email}.
        </p>
      </footer>
    </article>
  );
}
