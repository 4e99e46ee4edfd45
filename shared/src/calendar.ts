/**
 * The rental-date calendar's selection rules (spec §4 "Calendar selection"),
 * as a pure state machine the PWA renders. Dates are 'YYYY-MM-DD' strings,
 * which compare correctly as strings.
 */
import { canReturnOn, canStartOn, isDayBooked, type BookedRange } from "./availability";

export type CalendarPhase = "pickup" | "return";

export interface CalendarState {
  phase: CalendarPhase;
  pickupDate: string | null;
  returnDate: string | null;
}

export interface CalendarContext {
  /** Today in Manila ('YYYY-MM-DD'); earlier days are past. */
  today: string;
  /** The car's active bookings. */
  ranges: readonly BookedRange[];
}

export const initialCalendarState: CalendarState = { phase: "pickup", pickupDate: null, returnDate: null };

/**
 * The state after a click on `date`. A click that selects nothing (a past
 * day, a day no rental can start on, a return the car is not free until)
 * returns the same state object, so callers can skip a re-render.
 *
 * - pickup phase: a startable day becomes the pickup, the return is cleared,
 *   and the calendar waits for the return.
 * - return phase: a later day the car can come back on becomes the return and
 *   the calendar goes back to the pickup phase; a click on or before the pickup
 *   restarts the pickup there (when a rental can start on it).
 */
export function selectDate(state: CalendarState, date: string, context: CalendarContext): CalendarState {
  if (date < context.today) return state;
  const startPickup = (): CalendarState =>
    canStartOn(date, context.ranges) ? { phase: "return", pickupDate: date, returnDate: null } : state;

  if (state.phase === "pickup" || state.pickupDate === null) return startPickup();
  if (date <= state.pickupDate) return startPickup();
  if (!canReturnOn(state.pickupDate, date, context.ranges)) return state;
  return { phase: "pickup", pickupDate: state.pickupDate, returnDate: date };
}

export interface DayState {
  isPast: boolean;
  /** No rental can start on this day (the legend's "Booked"). */
  isBooked: boolean;
  /** The pickup or the return date. */
  isSelected: boolean;
  /** Strictly between the pickup and the return. */
  isInRange: boolean;
  /** A click on this day would change nothing. */
  isDisabled: boolean;
}

/**
 * How to render one cell. A Booked day can still be enabled while choosing
 * the return: a changeover day on which the next rental starts late enough
 * is a valid return day even though no new rental can start on it.
 */
export function dayState(date: string, context: CalendarContext & { state: CalendarState }): DayState {
  const { state, today, ranges } = context;
  const isPast = date < today;
  const isBooked = !isPast && isDayBooked(date, ranges);
  const { pickupDate, returnDate } = state;
  const isSelected = date === pickupDate || date === returnDate;
  const isInRange = pickupDate !== null && returnDate !== null && date > pickupDate && date < returnDate;
  let selectable: boolean;
  if (isPast) selectable = false;
  else if (state.phase === "return" && pickupDate !== null && date > pickupDate) {
    selectable = canReturnOn(pickupDate, date, ranges);
  } else selectable = !isBooked;
  return { isPast, isBooked, isSelected, isInRange, isDisabled: !selectable };
}
