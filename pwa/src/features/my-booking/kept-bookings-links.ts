/**
 * The bookings opened on this device before (release-2 §D2), as links that
 * open each again without typing (and offline). Loaded by kept-bookings.tsx
 * once the page is shown, with the browser's database.
 */
import { formatLongDate } from "@car-rental/shared/dates";
import { myBookingPath } from "@car-rental/shared/my-booking";
import { keptMyBookings } from "../../data/my-bookings";

export type KeptBookingLink = { id: string; href: string; text: string };

/** The kept bookings, the most recently opened first; none when the database cannot be read. */
export async function keptBookingLinks(): Promise<KeptBookingLink[]> {
  const rows = await keptMyBookings().catch(() => []);
  return rows.map((row) => ({
    id: row.id,
    href: myBookingPath(row.reference, row.answer.bookingToken),
    text: `${row.reference}: ${row.answer.booking.carName}, ${formatLongDate(row.answer.booking.pickupDate)}`,
  }));
}
