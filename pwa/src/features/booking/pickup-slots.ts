import { freeSlots, slotHour, type BookedRange } from "@car-rental/shared/availability";
import { DEFAULT_PICKUP_TIME, TIME_SLOTS, type TimeSlot } from "@car-rental/shared/constants";
import { addDays, isValidDate } from "@car-rental/shared/dates";

const ALL_SLOTS: readonly TimeSlot[] = TIME_SLOTS.map((slot) => slot.label);

/**
 * The pickup times to offer (decisions.md "Time and dates"): with both dates
 * chosen, only the slots free at both ends of the range; before that, every
 * slot. On today's date, slots that have already passed (Manila time) go too.
 */
export function pickupSlots(
  pickupDate: string,
  returnDate: string,
  ranges: readonly BookedRange[],
  now: ManilaHour,
): TimeSlot[] {
  const slots =
    isValidDate(pickupDate) && isValidDate(returnDate)
      ? freeSlots(pickupDate, returnDate, ranges)
      : ALL_SLOTS;
  return pickupDate === now.date ? slots.filter((slot) => slotHour(slot) > now.hour) : [...slots];
}

/** Manila's date and hour: all the pickup times depend on. */
export type ManilaHour = { date: string; hour: number };

/**
 * The first date a rental can start on: today (Manila) while one of today's
 * pickup slots is still ahead, else tomorrow. Once the last slot (5:00 PM) has
 * begun, today counts as a past date in the calendar.
 */
export function firstPickupDate(now: ManilaHour): string {
  return pickupSlots(now.date, "", [], now).length > 0 ? now.date : addDays(now.date, 1);
}

/** The slot to fall back to when the chosen one is not offered: 9:00 AM when free, else the first free one. */
export function defaultSlot(slots: readonly TimeSlot[]): TimeSlot | null {
  if (slots.includes(DEFAULT_PICKUP_TIME)) return DEFAULT_PICKUP_TIME;
  return slots[0] ?? null;
}
