/**
 * The Timeline's grid (release 2 §C2) as data: one row per car, one column
 * per day of the window, and the bars of the bookings and blocks that fall
 * in it, clipped to the window. Pure: the screen draws what this answers, so
 * the layout is tested here and rendering stays cheap (a map over bars).
 */
import type { BookingStatus } from "@car-rental/shared/constants";
import { addDays, diffDays } from "@car-rental/shared/dates";
import type { LocalAdminCar, LocalBlock, LocalBooking } from "../../../data/db";

/** Days shown at once, and how far `Previous` and `Next` move. */
export const TIMELINE_DAYS = 14;
export const TIMELINE_STEP_DAYS = 7;

/** Bookings the timeline shows: the car was or will be out (not cancelled or expired ones). */
const SHOWN_STATUSES: ReadonlySet<BookingStatus> = new Set<BookingStatus>([
  "pending",
  "confirmed",
  "active",
  "completed",
]);

export type TimelineBar =
  | {
      kind: "booking";
      id: string;
      label: string;
      status: BookingStatus;
      /** First column (0-based) and number of columns in the window. */
      column: number;
      span: number;
      /** Whether the bar goes on before or after the window. */
      clippedStart: boolean;
      clippedEnd: boolean;
      pending: boolean;
    }
  | {
      kind: "block";
      id: string;
      label: string;
      column: number;
      span: number;
      clippedStart: boolean;
      clippedEnd: boolean;
      pending: boolean;
    };

export type TimelineRow = { car: Pick<LocalAdminCar, "id" | "name" | "plateNumber">; bars: TimelineBar[] };

/** The days of the window starting at `start`. */
export function timelineDays(start: string, days = TIMELINE_DAYS): string[] {
  return Array.from({ length: days }, (_, index) => addDays(start, index));
}

/** The columns a period [first day, last day] covers in the window, or null when it misses the window. */
function placement(start: string, first: string, last: string, days: number) {
  const from = diffDays(start, first);
  const to = diffDays(start, last);
  if (to < 0 || from > days - 1) return null;
  const column = Math.max(0, from);
  return {
    column,
    span: Math.min(days - 1, to) - column + 1,
    clippedStart: from < 0,
    clippedEnd: to > days - 1,
  };
}

/**
 * The rows of the window `[start, start + days)`. A booking covers its pickup
 * day to its return day (the car comes back that day); a block covers its
 * days whole. Bars in a row are in day order.
 */
export function timelineRows(
  cars: readonly LocalAdminCar[],
  bookings: readonly LocalBooking[],
  blocks: readonly LocalBlock[],
  start: string,
  days = TIMELINE_DAYS,
): TimelineRow[] {
  const byCar = new Map<string, TimelineBar[]>();
  const add = (carId: string, bar: TimelineBar) => {
    const bars = byCar.get(carId);
    if (bars) bars.push(bar);
    else byCar.set(carId, [bar]);
  };
  for (const booking of bookings) {
    if (booking._deleted || !SHOWN_STATUSES.has(booking.status)) continue;
    const place = placement(start, booking.pickupDate, booking.returnDate, days);
    if (!place) continue;
    add(booking.carId, {
      kind: "booking",
      id: booking.id,
      label: booking.customerName,
      status: booking.status,
      pending: booking._pending === true,
      ...place,
    });
  }
  for (const block of blocks) {
    if (block._deleted) continue;
    const place = placement(start, block.startDate, block.endDate, days);
    if (!place) continue;
    add(block.carId, {
      kind: "block",
      id: block.id,
      label: block.reason ?? "Maintenance",
      pending: block._pending === true,
      ...place,
    });
  }
  return cars.map((car) => ({
    car: { id: car.id, name: car.name, plateNumber: car.plateNumber },
    bars: (byCar.get(car.id) ?? []).sort((a, b) => a.column - b.column),
  }));
}

/** Whether a car is busy on a day (a shown booking or a block covers it). */
export function isBusy(row: TimelineRow, column: number): boolean {
  return row.bars.some((bar) => column >= bar.column && column < bar.column + bar.span);
}

/**
 * A new block's days that overlap a pending or confirmed booking or another
 * block of the car in the mirror (the server has the last word: 409).
 */
export function blockConflict(
  carId: string,
  startDate: string,
  endDate: string,
  bookings: readonly LocalBooking[],
  blocks: readonly LocalBlock[],
): string | null {
  const overlaps = (first: string, last: string) => first <= endDate && last >= startDate;
  const booking = bookings.find(
    (b) =>
      b.carId === carId &&
      !b._deleted &&
      (b.status === "pending" || b.status === "confirmed" || b.status === "active") &&
      overlaps(b.pickupDate, b.returnDate),
  );
  if (booking)
    return `These days overlap ${booking.customerName}'s booking (${booking.pickupDate} to ${booking.returnDate}).`;
  const block = blocks.find((b) => b.carId === carId && !b._deleted && overlaps(b.startDate, b.endDate));
  if (block) return `These days overlap another block (${block.startDate} to ${block.endDate}).`;
  return null;
}
