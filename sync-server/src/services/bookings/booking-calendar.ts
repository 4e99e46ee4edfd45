import { createEvent } from "ics";
import { slotHour } from "@car-rental/shared/availability";
import { contactSettings, type TimeSlot } from "@car-rental/shared/constants";

/** What an `.ics` file says about a booking. */
export type CalendarBooking = {
  id: string;
  /** The short booking reference (`ACR-…`), when the booking has one. */
  reference: string | null;
  carName: string;
  pickupDate: string;
  returnDate: string;
  pickupTime: TimeSlot;
  status: string;
};

/** Manila is UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_HOURS = 8;

/** The instant of a Manila calendar date at a whole hour. */
export function manilaInstant(date: string, hour: number): number {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour - MANILA_OFFSET_HOURS);
}

/**
 * The booking as one calendar event (release-2 §D3): from the pickup to the
 * return, both at the pickup time in Asia/Manila, at the shop's address. Times
 * are written in UTC, which every calendar (Google, Apple, Outlook) shows in
 * its own zone without needing a time-zone definition in the file. The UID
 * stays the same for one booking, so a second download updates the event.
 * @throws Error when the event cannot be written (invalid dates).
 */
export function bookingCalendarFile(booking: CalendarBooking): string {
  const hour = slotHour(booking.pickupTime);
  const reference = booking.reference ?? booking.id.toUpperCase();
  const { error, value } = createEvent({
    productId: "alaminoscarrental/booking",
    method: "PUBLISH",
    uid: `${booking.id}@alaminoscarrental.ph`,
    title: `Car rental: ${booking.carName} (${reference})`,
    description: [
      `Booking ${reference} with ${contactSettings.name}.`,
      `Pickup at ${booking.pickupTime}; return the car at the same time.`,
      `Questions or changes: ${contactSettings.phones.join(" or ")}, ${contactSettings.email}.`,
    ].join("\n"),
    location: contactSettings.address,
    start: manilaInstant(booking.pickupDate, hour),
    startInputType: "utc",
    startOutputType: "utc",
    end: manilaInstant(booking.returnDate, hour),
    endInputType: "utc",
    endOutputType: "utc",
    status:
      booking.status === "cancelled" ? "CANCELLED" : booking.status === "pending" ? "TENTATIVE" : "CONFIRMED",
    organizer: { name: contactSettings.name, email: contactSettings.email },
  });
  if (error || !value) throw new Error(`The calendar file could not be written: ${String(error)}`);
  return value;
}

/** The booking's `.ics` as a mail attachment (the confirmation carries it). */
export function bookingCalendarAttachment(booking: CalendarBooking): {
  filename: string;
  contentType: string;
  content: string;
} {
  return {
    filename: `${booking.reference ?? booking.id}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: bookingCalendarFile(booking),
  };
}
