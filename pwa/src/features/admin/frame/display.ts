/** Small display rules shared by the admin tabs. */
import type { BookingStatus } from "@car-rental/shared/constants";
import { formatLongDate, manilaToday } from "@car-rental/shared/dates";

/** Spec §4: confirmed green, cancelled red, completed blue, pending yellow; release 2: expired gray. */
export const STATUS_COLORS: Record<BookingStatus, string> = {
  pending: "yellow",
  confirmed: "green",
  cancelled: "red",
  completed: "blue",
  expired: "gray",
};

/** Spec §3: an uploaded '/objects/…' path as is, a bundled file under /cars/, else the default picture. */
export { carPictureUrl, DEFAULT_CAR_PICTURE } from "../../fleet/car-picture";

/** 'December 05, 2026' for a calendar date. */
export function longDate(date: string | null): string {
  return date ? formatLongDate(date) : "—";
}

/** The Manila calendar date of an instant, long form. */
export function longDateOfInstant(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "—" : formatLongDate(manilaToday(date));
}

/** Short reference of a record id, as on the confirmation ('A1B2C3D4'). */
export function reference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
