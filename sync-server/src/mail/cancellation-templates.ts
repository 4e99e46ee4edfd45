import { contactSettings } from "@car-rental/shared/constants";
import { formatLongDate } from "@car-rental/shared/dates";
import type { QueuedMail } from "./mail-outbox";
import {
  bookingReference,
  customerOf,
  customerStatusMail,
  renderHtml,
  renderText,
  type BookingMailInput,
} from "./templates";

/** To the customer: they cancelled their booking on My booking (release-2 §D3). */
export function bookingCancelledMail(input: BookingMailInput): QueuedMail {
  const reference = bookingReference(input.booking);
  const customer = customerOf(input);
  const title = "Booking Cancelled";
  const intro = [
    `Dear ${customer.fullName},`,
    `Your booking ${reference} has been cancelled as you asked, and the car's dates are free again.`,
    `Questions about a payment already made? Call ${contactSettings.phones.join(" or ")} or write to ${contactSettings.email}.`,
  ];
  return customerStatusMail("booking-cancelled", title, intro, input);
}

/**
 * To the shop: a customer cancelled their booking on My booking.
 * @param businessEmail the recipient (`config.businessEmail`).
 */
export function bookingCancelledNoticeMail(
  input: BookingMailInput,
  businessEmail: string = contactSettings.email,
): QueuedMail {
  const reference = bookingReference(input.booking);
  const customer = customerOf(input);
  const title = `Booking cancelled ${reference}`;
  const intro = [
    `${customer.fullName} (${customer.email}) cancelled booking ${reference} on My booking.`,
    "The car's dates are free again.",
  ];
  return {
    kind: "booking-cancelled-notice",
    to: businessEmail,
    subject: `Booking cancelled: ${input.car.name}, ${formatLongDate(input.booking.pickupDate)} - ${customer.fullName}`,
    text: renderText([title, "", ...intro], input, []),
    html: renderHtml(title, intro, input, ""),
    bookingId: input.booking.id,
  };
}
