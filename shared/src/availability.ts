/**
 * Which slots of which days a car is free (decisions.md "Time and dates").
 *
 * A rental runs from the pickup date at the pickup time to the return date at
 * the same time; the car stays busy for TURNAROUND_HOURS more. Periods are
 * half-open intervals of minutes on the Manila wall clock counted from
 * 1970-01-01 00:00 (Manila has no DST, so wall-clock minutes are a total order).
 * The browser (calendar, pickup-time dropdown) and the server (conflict
 * answers) both decide with these functions.
 */
import { DEFAULT_PICKUP_TIME, TIME_SLOTS, TURNAROUND_HOURS, type TimeSlot } from "./constants";
import { addDays, fromDayNumber, isValidDate, toDayNumber } from "./dates";

/**
 * What occupies a car, as `GET /api/cars/:id/booked-dates` reports it: a
 * booking (`kind` "booking" or absent), or a blocked period (release-2 §C1,
 * `kind` "block"), which occupies whole days: from 00:00 on `start` to 24:00
 * on `end`, and has no pickup time (one given is ignored).
 */
export interface BookedRange {
  /** Pickup date 'YYYY-MM-DD'; a block's first day. */
  start: string;
  /** Return date 'YYYY-MM-DD'; a block's last day. */
  end: string;
  /** A booking's pickup time (9:00 AM when absent); not used for a block. */
  pickupTime?: TimeSlot;
  kind?: RangeKind;
}

/** A rental (or a candidate one): a booking, with its pickup time. */
export type RentalRange = { start: string; end: string; pickupTime: TimeSlot };

/** The two kinds of occupancy. */
export const RANGE_KINDS = ["booking", "block"] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/** Half-open interval [from, to) of Manila wall-clock minutes since 1970-01-01 00:00. */
export interface Period {
  from: number;
  to: number;
}

const MINUTES_PER_DAY = 1440;
const TURNAROUND_MINUTES = TURNAROUND_HOURS * 60;

const slotHours = new Map<string, number>(TIME_SLOTS.map((slot) => [slot.label, slot.hour]));

export function isTimeSlot(value: unknown): value is TimeSlot {
  return typeof value === "string" && slotHours.has(value);
}

/** Hour of day (9..17) of a slot. */
export function slotHour(slot: TimeSlot): number {
  const hour = slotHours.get(slot);
  if (hour === undefined) throw new RangeError(`Unknown time slot: ${slot}`);
  return hour;
}

/** Manila wall-clock minute of `date` at `slot`. */
export function slotMinute(date: string, slot: TimeSlot): number {
  return toDayNumber(date) * MINUTES_PER_DAY + slotHour(slot) * 60;
}

/**
 * The period a rental (or a candidate rental) occupies: from pickup to return
 * plus the turnaround; a block's, its whole days.
 * @throws RangeError for an invalid date or slot.
 */
export function occupiedPeriod(range: BookedRange): Period {
  if (range.kind === "block") {
    return {
      from: toDayNumber(range.start) * MINUTES_PER_DAY,
      to: (toDayNumber(range.end) + 1) * MINUTES_PER_DAY,
    };
  }
  const pickupTime = range.pickupTime ?? DEFAULT_PICKUP_TIME;
  return {
    from: slotMinute(range.start, pickupTime),
    to: slotMinute(range.end, pickupTime) + TURNAROUND_MINUTES,
  };
}

/** Whether two half-open periods share a minute (symmetric; touching ends do not overlap). */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.from < b.to && b.from < a.to;
}

/** The ranges a candidate rental would collide with. */
export function conflictingRanges(candidate: BookedRange, ranges: readonly BookedRange[]): BookedRange[] {
  const period = occupiedPeriod(candidate);
  return ranges.filter((range) => periodsOverlap(period, occupiedPeriod(range)));
}

/**
 * The pickup slots `s` for which the rental [pickupDate@s, returnDate@s + turnaround)
 * overlaps none of `ranges`, in slot order. Empty when the return is not after
 * the pickup or a date is invalid.
 */
export function freeSlots(
  pickupDate: string,
  returnDate: string,
  ranges: readonly BookedRange[],
): TimeSlot[] {
  if (!isValidDate(pickupDate) || !isValidDate(returnDate)) return [];
  if (toDayNumber(returnDate) <= toDayNumber(pickupDate)) return [];
  const busy = ranges.map(occupiedPeriod);
  return TIME_SLOTS.filter((slot) => {
    const candidate = occupiedPeriod({ start: pickupDate, end: returnDate, pickupTime: slot.label });
    return !busy.some((period) => periodsOverlap(candidate, period));
  }).map((slot) => slot.label);
}

/** Whether some rental (of at least one day) can start on `date`. */
export function canStartOn(date: string, ranges: readonly BookedRange[]): boolean {
  return isValidDate(date) && freeSlots(date, addDays(date, 1), ranges).length > 0;
}

/** The calendar's "Booked": no rental can start on that day. */
export function isDayBooked(date: string, ranges: readonly BookedRange[]): boolean {
  return !canStartOn(date, ranges);
}

/** Whether a rental picked up on `pickupDate` can come back on `date`. */
export function canReturnOn(pickupDate: string, date: string, ranges: readonly BookedRange[]): boolean {
  return freeSlots(pickupDate, date, ranges).length > 0;
}

/** '1:00 PM' -> '13:00' (the SQL `time` the database stores). */
export function pickupTimeToClock(slot: TimeSlot): string {
  return `${String(slotHour(slot)).padStart(2, "0")}:00`;
}

const CLOCK_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * '13:00:00' (or '13:00') -> '1:00 PM'.
 * @throws RangeError when the time is not one of the nine slots.
 */
export function clockToPickupTime(clock: string): TimeSlot {
  const match = CLOCK_PATTERN.exec(clock.trim());
  const hour = Number(match?.[1]);
  const slot = TIME_SLOTS.find((candidate) => candidate.hour === hour);
  if (!match || match[2] !== "00" || (match[3] ?? "00") !== "00" || !slot) {
    throw new RangeError(`Not a pickup time slot: ${clock}`);
  }
  return slot.label;
}

/**
 * The occupied period as Manila local timestamps 'YYYY-MM-DD HH:mm:00', the
 * bounds of the `tsrange` the database's exclusion constraint compares
 * (lower bound inclusive, upper exclusive).
 */
export function occupiedLocalTimestamps(range: BookedRange): { from: string; to: string } {
  const period = occupiedPeriod(range);
  return { from: minuteToTimestamp(period.from), to: minuteToTimestamp(period.to) };
}

function minuteToTimestamp(minute: number): string {
  const day = Math.floor(minute / MINUTES_PER_DAY);
  const minuteOfDay = minute - day * MINUTES_PER_DAY;
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, "0");
  const mm = String(minuteOfDay % 60).padStart(2, "0");
  return `${fromDayNumber(day)} ${hh}:${mm}:00`;
}
