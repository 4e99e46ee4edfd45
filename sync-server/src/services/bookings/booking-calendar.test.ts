import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { contactSettings } from "@car-rental/shared/constants";
import { bookingCalendarFile } from "./booking-calendar";

const booking = {
  id: "0f8e2a6c-2f0b-4c55-9a59-6d1f0b7e8a11",
  reference: "ACR-7K3Q9P",
  carName: "Toyota Vios",
  pickupDate: "2027-03-21",
  returnDate: "2027-03-24",
  pickupTime: "2:00 PM",
  status: "confirmed",
} as const;

/** The file's one VEVENT, read by ical.js (the parser behind many calendar clients). */
function parseEvent(text: string): { calendar: ICAL.Component; event: ICAL.Event } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const [component] = events;
  if (!component) throw new Error("no VEVENT");
  return { calendar, event: new ICAL.Event(component) };
}

describe("bookingCalendarFile", () => {
  it("is one event from pickup to return at the pickup time in Manila, at the shop", () => {
    const text = bookingCalendarFile(booking);
    // RFC 5545: CRLF line ends, lines folded at 75 octets.
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const { calendar, event } = parseEvent(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    // Manila wall-clock times with the zone defined in the file: 2:00 PM in Manila (UTC+8) is 06:00 UTC.
    expect(text).toContain("\r\nDTSTART;TZID=Asia/Manila:20270321T140000\r\n");
    expect(text).toContain("\r\nDTEND;TZID=Asia/Manila:20270324T140000\r\n");
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Asia/Manila");
    expect(event.startDate.zone?.tzid).toBe("Asia/Manila");
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-21T06:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-24T06:00:00.000Z");
    expect(event.location).toBe(contactSettings.address);
    expect(event.summary).toBe("Car rental: Toyota Vios (ACR-7K3Q9P)");
    expect(event.uid).toBe(`${booking.id}@alaminoscarrental.ph`);
    expect(event.description).toContain("Pickup at 2:00 PM");
    expect(event.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
  });

  it("marks a pending booking tentative and a cancelled one cancelled, under the same UID", () => {
    const pending = parseEvent(bookingCalendarFile({ ...booking, status: "pending" })).event;
    const cancelled = parseEvent(bookingCalendarFile({ ...booking, status: "cancelled" })).event;
    expect(pending.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(cancelled.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(pending.uid).toBe(cancelled.uid);
  });

  it("escapes and folds what it is given: a long name with commas, semicolons and accents reads back whole", () => {
    const carName = 'Mitsubishi Montero Sport GLS; 4×2, Automatic — Ñ édition \\ "Premium" '.repeat(3).trim();
    const text = bookingCalendarFile({ ...booking, carName }, Date.UTC(2026, 10, 26, 8, 0, 0));
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain("\uFFFD");
    const { event } = parseEvent(text);
    expect(event.summary).toBe(`Car rental: ${carName} (ACR-7K3Q9P)`);
    expect(event.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-26T08:00:00Z");
  });

  it("refuses dates it cannot write", () => {
    expect(() =>
      bookingCalendarFile({ ...booking, pickupDate: "2027-03-24", returnDate: "2027-03-21" }),
    ).toThrow(/could not be written/);
  });
});
