/** Search, filters and pages of the bookings list: pure, so thousands of bookings filter in a few ms. */
import type { BookingStatus } from "@car-rental/shared/constants";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import { compareNewestFirst } from "../overview/stats";

export const BOOKINGS_PER_PAGE = 25;

export type BookingFilters = {
  /** Matches the booking reference, customer name, e-mail or car name, case-insensitively. */
  query: string;
  status: BookingStatus | "all";
  /** 'YYYY-MM-DD': bookings whose rental covers that day; empty for any. */
  date: string;
};

export const NO_FILTERS: BookingFilters = { query: "", status: "all", date: "" };

type FilterableBooking = Pick<
  BookingView,
  "id" | "createdAt" | "customerName" | "customerEmail" | "carName" | "status" | "pickupDate" | "returnDate"
> & { reference?: string | undefined };

/** The bookings that match, newest first. */
export function filterBookings<T extends FilterableBooking>(
  bookings: readonly T[],
  filters: BookingFilters,
): T[] {
  const words = filters.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = bookings.filter((booking) => {
    if (filters.status !== "all" && booking.status !== filters.status) return false;
    if (filters.date && (booking.pickupDate > filters.date || booking.returnDate < filters.date))
      return false;
    if (words.length === 0) return true;
    const haystack =
      `${booking.reference ?? ""} ${booking.customerName} ${booking.customerEmail} ${booking.carName}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  return matches.sort(compareNewestFirst);
}

/** One page (1-based) of a list, and how many pages there are (at least 1). */
export function pageOf<T>(items: readonly T[], page: number, perPage: number = BOOKINGS_PER_PAGE) {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * perPage, current * perPage), page: current, pages };
}
