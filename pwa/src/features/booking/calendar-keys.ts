import { addDays, daysInMonth, shiftMonth, toDayNumber } from "@car-rental/shared/dates";

/** 0 for Sunday … 6 for Saturday (1970-01-01, day 0, was a Thursday). */
function weekday(date: string): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

/** The same day of the month `delta` months away, on its last day when that month is shorter. */
function sameDayInMonth(date: string, delta: number): string {
  const { year, month } = shiftMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)), delta);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type GridMove = {
  /** The date the key moves to. */
  target: string;
  /** Where to look next when the target cannot take the focus (a disabled day): -1 or +1 day. */
  step: -1 | 1;
};

/**
 * The date grid's keys (WAI-ARIA APG date picker): arrows move a day or a week,
 * Home and End to the week's first and last day, Page Up and Page Down a month.
 * Null for any other key.
 */
export function gridMove(date: string, key: string): GridMove | null {
  switch (key) {
    case "ArrowLeft":
      return { target: addDays(date, -1), step: -1 };
    case "ArrowRight":
      return { target: addDays(date, 1), step: 1 };
    case "ArrowUp":
      return { target: addDays(date, -7), step: -1 };
    case "ArrowDown":
      return { target: addDays(date, 7), step: 1 };
    case "Home":
      return { target: addDays(date, -weekday(date)), step: 1 };
    case "End":
      return { target: addDays(date, 6 - weekday(date)), step: -1 };
    case "PageUp":
      return { target: sameDayInMonth(date, -1), step: 1 };
    case "PageDown":
      return { target: sameDayInMonth(date, 1), step: 1 };
    default:
      return null;
  }
}
