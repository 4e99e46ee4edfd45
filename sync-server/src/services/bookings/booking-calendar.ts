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

/** The shop's time zone (IANA). */
const MANILA_TIME_ZONE = "Asia/Manila";

/** Manila is UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_HOURS = 8;

/** The instant of a Manila calendar date at a whole hour. */
export function manilaInstant(date: string, hour: number): number {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour - MANILA_OFFSET_HOURS);
}

/**
 * RFC 5545 TEXT: backslash, semicolon and comma escaped, a line break (CRLF,
 * CR or LF) as `\n`, other control characters (which TEXT may not hold) left out.
 */
const escapeText = (text: string) =>
  text
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "\\n")
    // eslint-disable-next-line no-control-regex -- the control characters are what is removed
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");

/** A Manila calendar date at a whole hour as a local RFC 5545 DATE-TIME (`20270321T140000`). */
const manilaStamp = (date: string, hour: number) =>
  `${date.replace(/-/g, "")}T${String(hour).padStart(2, "0")}0000`;

/**
 * Asia/Manila as a VTIMEZONE (RFC 5545 §3.6.5): UTC+8 all year, no daylight
 * saving since 1978, so one STANDARD rule covers every booking.
 */
const MANILA_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${MANILA_TIME_ZONE}`,
  `X-LIC-LOCATION:${MANILA_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0800",
  "TZOFFSETTO:+0800",
  "TZNAME:PST",
  "DTSTART:19700101T000000",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A UTC instant as an RFC 5545 DATE-TIME (`20270321T060000Z`). */
const utcStamp = (instant: number) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * One content line folded as RFC 5545 asks: at most 75 octets a line (never
 * inside a character's UTF-8 bytes), each continuation starting with a tab.
 */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation's leading tab takes one of its 75 octets.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n\t");
}

/**
 * The booking as one calendar event (release-2 §D3): from the pickup to the
 * return, both at the pickup time in Asia/Manila, at the shop's address. Times
 * are Manila wall-clock times (`DTSTART;TZID=Asia/Manila`) with the zone's
 * definition in the file, as Google Calendar and Outlook write them, so every
 * calendar shows the same instants in its own zone and names the shop's. The UID
 * stays the same for one booking, so a second download updates the event.
 * Written here (one event, a few properties) rather than by a library: a
 * booking writes one for its confirmation mail, and the library's validation
 * cost more than the rest of the booking's mail.
 * @throws Error when the event cannot be written (invalid dates).
 */
export function bookingCalendarFile(booking: CalendarBooking, now = Date.now()): string {
  const hour = slotHour(booking.pickupTime);
  const reference = booking.reference ?? booking.id.toUpperCase();
  const start = manilaInstant(booking.pickupDate, hour);
  const end = manilaInstant(booking.returnDate, hour);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) {
    throw new Error(`The calendar file could not be written: ${booking.pickupDate} to ${booking.returnDate}`);
  }
  const description = [
    `Booking ${reference} with ${contactSettings.name}.`,
    `Pickup at ${booking.pickupTime}; return the car at the same time.`,
    `Questions or changes: ${contactSettings.phones.join(" or ")}, ${contactSettings.email}.`,
  ].join("\n");
  const status =
    booking.status === "cancelled" ? "CANCELLED" : booking.status === "pending" ? "TENTATIVE" : "CONFIRMED";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "PRODID:alaminoscarrental/booking",
    "METHOD:PUBLISH",
    `X-WR-TIMEZONE:${MANILA_TIME_ZONE}`,
    ...MANILA_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${booking.id}@alaminoscarrental.ph`,
    `SUMMARY:${escapeText(`Car rental: ${booking.carName} (${reference})`)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${MANILA_TIME_ZONE}:${manilaStamp(booking.pickupDate, hour)}`,
    `DTEND;TZID=${MANILA_TIME_ZONE}:${manilaStamp(booking.returnDate, hour)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `LOCATION:${escapeText(contactSettings.address)}`,
    `STATUS:${status}`,
    `ORGANIZER;CN="${contactSettings.name.replace(/"/g, "")}":MAILTO:${contactSettings.email}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
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
