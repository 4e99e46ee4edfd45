/** Small display rules shared by the admin tabs. */
import type { BookingStatus } from "@car-rental/shared/constants";
import { formatLongDate, manilaToday } from "@car-rental/shared/dates";

/** Spec §4: confirmed green, cancelled red, completed blue, pending yellow; release 2: expired gray, active (the car is out) violet. */
export const STATUS_COLORS: Record<BookingStatus, string> = {
  pending: "yellow",
  confirmed: "green",
  active: "violet",
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

/**
 * The reference of a booking people quote (`ACR-7K3Q9P`, release-2 §D1); a
 * row mirrored before references existed shows its id's first characters
 * until the next sync brings its reference.
 */
export function reference(booking: { id: string; reference?: string | undefined }): string {
  return booking.reference ?? booking.id.slice(0, 8).toUpperCase();
}
