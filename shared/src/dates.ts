/**
 * Calendar dates of the business, as 'YYYY-MM-DD' strings in Asia/Manila.
 *
 * Date arithmetic works on the day number (days since 1970-01-01) computed
 * with `Date.UTC`, so it never depends on the device's time zone or on DST.
 * Only the conversion of an instant ("now", "booked on") into Manila wall-clock
 * time depends on the zone's rules (see `manilaNow`).
 */
import * as z from "zod";
import { BUSINESS_TIME_ZONE, CALENDAR_CELLS } from "./constants";
import { validationMessages } from "./messages";

const MS_PER_DAY = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** True for a real calendar date written 'YYYY-MM-DD' (no 2026-02-30, no 2026-1-5). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Number of days of a month (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Days since 1970-01-01 of a 'YYYY-MM-DD' date.
 * @throws RangeError for an invalid date.
 */
export function toDayNumber(date: string): number {
  if (!isValidDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1) / MS_PER_DAY;
}

/** The 'YYYY-MM-DD' date of a day number. */
export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The date `days` days after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to`: diffDays('2026-11-21', '2026-11-24') === 3. */
export function diffDays(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/**
 * Rental days: return date minus pickup date in whole days (spec §5: "the
 * rounded-up difference, counted only if greater than 0"). 0 when the return
 * is not after the pickup or either date is invalid.
 */
export function rentalDays(pickupDate: string, returnDate: string): number {
  if (!isValidDate(pickupDate) || !isValidDate(returnDate)) return 0;
  return Math.max(0, diffDays(pickupDate, returnDate));
}

/** Wall-clock parts of an instant in Manila. */
export interface ManilaNow {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
  /** Minutes since Manila midnight, 0..1439. */
  minutesOfDay: number;
}

/**
 * Asia/Manila has kept UTC+08:00, with no daylight saving time, since its last
 * transition (1990-07-28 15:00 UTC, tz database). Instants from then on are
 * converted with that fixed offset: building an `Intl.DateTimeFormat` with a
 * time zone loads the zone data, a long task in a phone's browser. Older
 * instants still go through the time-zone database.
 */
const MANILA_FIXED_OFFSET_SINCE = Date.UTC(1990, 6, 28, 15, 0, 0);
const MANILA_OFFSET_MS = 8 * 3_600_000;

/** Formats an instant as Manila wall-clock parts; built once, only for instants before 1990-07-28. */
let manilaParts: Intl.DateTimeFormat | undefined;

function historicalManilaNow(now: Date): ManilaNow {
  manilaParts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of manilaParts.formatToParts(now)) part[type] = value;
  const hour = Number(part.hour);
  const minute = Number(part.minute);
  return {
    date: `${part.year ?? ""}-${part.month ?? ""}-${part.day ?? ""}`,
    hour,
    minute,
    minutesOfDay: hour * 60 + minute,
  };
}

export function manilaNow(now: Date): ManilaNow {
  const time = now.getTime();
  if (!(time >= MANILA_FIXED_OFFSET_SINCE)) return historicalManilaNow(now);
  const wallClock = new Date(time + MANILA_OFFSET_MS);
  const hour = wallClock.getUTCHours();
  const minute = wallClock.getUTCMinutes();
  return {
    date: wallClock.toISOString().slice(0, 10),
    hour,
    minute,
    minutesOfDay: hour * 60 + minute,
  };
}

/** Today's date in Manila, whatever the device's zone. */
export function manilaToday(now: Date): string {
  return manilaNow(now).date;
}

/**
 * `manilaToday`, worked out once per Manila day instead of at every call (a
 * server's hot read asks for it on every request). Any instant outside the
 * day it remembers (a clock moved back in a test, too) is worked out afresh.
 */
export function manilaTodayMemo(): (now: Date) => string {
  let from = 0;
  let until = 0;
  let day = "";
  return (now) => {
    const time = now.getTime();
    if (time >= from && time < until) return day;
    day = manilaToday(now);
    from = Date.parse(`${day}T00:00:00+08:00`);
    until = from + MS_PER_DAY;
    // Before Manila's offset became a fixed +08:00 the day's bounds differ: nothing is remembered then.
    if (!(time >= from && time < until)) until = from;
    return day;
  };
}

/**
 * 'November 21, 2026' style (the spec's 'MMMM dd, yyyy': the day has two
 * digits, so the first of the month reads 'November 01, 2026').
 */
export function formatLongDate(date: string): string {
  if (!isValidDate(date)) return date;
  const [year, month, day] = date.split("-");
  return `${MONTH_NAMES[Number(month) - 1] ?? ""} ${day ?? ""}, ${year ?? ""}`;
}

/**
 * An instant in Manila time, 'November 21, 2026 at 3:05 PM' (the spec's
 * 'MMMM dd, yyyy at h:mm a').
 */
export function formatBookedOn(timestamp: string | Date): string {
  const instant = new Date(timestamp);
  if (Number.isNaN(instant.getTime())) return String(timestamp);
  const local = manilaNow(instant);
  const hour12 = local.hour % 12 === 0 ? 12 : local.hour % 12;
  const minute = String(local.minute).padStart(2, "0");
  return `${formatLongDate(local.date)} at ${hour12}:${minute} ${local.hour < 12 ? "AM" : "PM"}`;
}

/**
 * The 42 dates of a month view (6 weeks), starting on the Sunday on or before
 * the first of the month.
 * @param month 1..12
 */
export function monthGrid(year: number, month: number): string[] {
  const first = Date.UTC(year, month - 1, 1) / MS_PER_DAY;
  const weekday = new Date(first * MS_PER_DAY).getUTCDay();
  const start = first - weekday;
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => fromDayNumber(start + i));
}

/** Month 1..12 and year of the month after (delta 1) or before (delta -1) a month. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** 'November 2026', the calendar's month heading. */
export function formatMonthYear(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1] ?? ""} ${year}`;
}

/** A real calendar date 'YYYY-MM-DD'; anything else reports 'Invalid date'. */
export const dateStringSchema = z
  .string({ error: validationMessages.invalidDate })
  .refine(isValidDate, { error: validationMessages.invalidDate });

/**
 * A date field that is required: `message` when it is missing or blank,
 * 'Invalid date' when something else than a real `YYYY-MM-DD` date was sent.
 */
export function requiredDateSchema(message: string) {
  return z.string({ error: message }).refine(isValidDate, {
    error: (issue) =>
      typeof issue.input === "string" && issue.input.trim() !== "" ? validationMessages.invalidDate : message,
  });
}
