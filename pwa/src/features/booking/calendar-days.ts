import type { dayState, CalendarState } from "@car-rental/shared/calendar";
import { formatLongDate } from "@car-rental/shared/dates";

/** The calendar's pure helpers: weekday headers, months, a day's accessible name. */

export const WEEKDAYS = [
  { short: "Sun", long: "Sunday" },
  { short: "Mon", long: "Monday" },
  { short: "Tue", long: "Tuesday" },
  { short: "Wed", long: "Wednesday" },
  { short: "Thu", long: "Thursday" },
  { short: "Fri", long: "Friday" },
  { short: "Sat", long: "Saturday" },
] as const;

export type Month = { year: number; month: number };

export function monthOf(date: string): Month {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function monthIndex({ year, month }: Month): number {
  return year * 12 + month - 1;
}

/** The accessible name of a day: its full date and what state it is in. */
export function dayLabel(
  date: string,
  state: ReturnType<typeof dayState>,
  calendar: CalendarState,
  today: string,
): string {
  const parts = [formatLongDate(date)];
  if (date === today) parts.push("today");
  if (state.isPast) parts.push("past");
  else if (state.isBooked) parts.push("booked");
  if (date === calendar.pickupDate) parts.push("pickup date");
  if (date === calendar.returnDate) parts.push("return date");
  if (state.isInRange) parts.push("in selected range");
  return parts.join(", ");
}

/** The id of the hidden element that describes a day (its full date and state). */
export function descriptionId(date: string): string {
  return `availability-calendar-day-${date}`;
}

/** 'November' of '2026-11-05'. */
export function monthName(date: string): string {
  return formatLongDate(date).split(" ")[0] ?? "";
}

export function weeksOf(days: readonly string[]): string[][] {
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}
