import { formatBookedOn, formatLongDate } from "@car-rental/shared/dates";
import type { QueuedPush } from "./push-outbox";

type PushedBooking = {
  id: string;
  reference?: string | undefined;
  customerName: string;
  carName: string;
  pickupDate: string;
  returnDate: string;
};

const TITLES = {
  "new-booking": "New booking",
  "expiring-hold": "Hold ending soon:",
  "expired-hold": "Booking expired",
  cancellation: "Booking cancelled",
} as const;

/**
 * The owner's notification about a booking (release-2 §D4): what happened,
 * who, which car and when; tapping it opens the booking's screen. One tag
 * per booking, so a later notice about it replaces the earlier one. A hold
 * ending soon says by when to confirm it (`holdEndsAt`, Manila time).
 */
export function bookingPush(
  kind: keyof typeof TITLES,
  booking: PushedBooking,
  options: { holdEndsAt?: Date } = {},
): QueuedPush {
  const reference = booking.reference ?? booking.id.slice(0, 8).toUpperCase();
  const suffix = kind === "expired-hold" ? " (not confirmed in time)" : "";
  const deadline =
    kind === "expiring-hold" && options.holdEndsAt
      ? `. Confirm by ${formatBookedOn(options.holdEndsAt)} or the dates are freed.`
      : "";
  return {
    kind,
    title: `${TITLES[kind]} ${reference}${suffix}`,
    body: `${booking.customerName}, ${booking.carName}, ${formatLongDate(booking.pickupDate)} – ${formatLongDate(booking.returnDate)}${deadline}`,
    url: `/admin/bookings/${booking.id}`,
    tag: `booking-${booking.id}`,
  };
}
