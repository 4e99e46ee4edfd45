/**
 * The figures of the admin overview (spec §9 "Admin figures"), computed with
 * integer centavos from shared/money.ts: no floating point touches an amount.
 */
import { ADMIN_OVERVIEW_CARS, ADMIN_OVERVIEW_RECENT_BOOKINGS } from "@car-rental/shared/constants";
import { toMoneyString, tryParseMoney } from "@car-rental/shared/money";
import type { AdminCar } from "@car-rental/shared/schemas/car";
import type { BookingTotals, BookingView } from "@car-rental/shared/schemas/booking";

export type AdminStats = {
  totalBookings: number;
  pendingBookings: number;
  /** Sum of the totals of completed bookings, as a decimal string. */
  totalEarnings: string;
  /** Sum of the totals of pending and confirmed bookings, as a decimal string. */
  pendingRevenue: string;
  availableCars: number;
  totalCars: number;
};

type StatBooking = Pick<BookingView, "status" | "total">;
type StatCar = Pick<AdminCar, "available">;

/** An amount in centavos; an unreadable amount counts as zero rather than breaking the page. */
function centavos(amount: string): bigint {
  return tryParseMoney(amount) ?? 0n;
}

/** The five stat cards' figures. Rows being deleted locally should be left out by the caller. */
export function computeAdminStats(bookings: readonly StatBooking[], cars: readonly StatCar[]): AdminStats {
  let earnings = 0n;
  let pendingRevenue = 0n;
  let pendingBookings = 0;
  for (const booking of bookings) {
    if (booking.status === "completed") earnings += centavos(booking.total);
    if (booking.status === "pending" || booking.status === "confirmed" || booking.status === "active")
      pendingRevenue += centavos(booking.total);
    if (booking.status === "pending") pendingBookings += 1;
  }
  return {
    totalBookings: bookings.length,
    pendingBookings,
    totalEarnings: toMoneyString(earnings),
    pendingRevenue: toMoneyString(pendingRevenue),
    availableCars: cars.filter((car) => car.available).length,
    totalCars: cars.length,
  };
}

/**
 * Issue #23: the figures of the whole history when the tablet mirrors only the
 * recent bookings: those of its bookings returning on or after `older.before`
 * plus the server's count of the bookings returning before (an old booking a
 * delta brought to the tablet is in that count already). Without the count
 * (not fetched yet), the tablet's own bookings.
 */
export function computeOverviewStats(
  bookings: readonly (StatBooking & Pick<BookingView, "returnDate">)[],
  cars: readonly StatCar[],
  older: BookingTotals | undefined,
): AdminStats {
  if (!older) return computeAdminStats(bookings, cars);
  const recent = computeAdminStats(
    bookings.filter((booking) => booking.returnDate >= older.before),
    cars,
  );
  return {
    ...recent,
    totalBookings: recent.totalBookings + older.bookings,
    pendingBookings: recent.pendingBookings + older.pendingBookings,
    totalEarnings: toMoneyString(centavos(recent.totalEarnings) + centavos(older.earnings)),
    pendingRevenue: toMoneyString(centavos(recent.pendingRevenue) + centavos(older.pendingRevenue)),
  };
}

/** Newest first: by creation instant, then by id so equal instants keep a stable order. */
export function compareNewestFirst(
  a: Pick<BookingView, "createdAt" | "id">,
  b: Pick<BookingView, "createdAt" | "id">,
): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The most recent bookings of the overview (five by default). */
export function recentBookings<T extends Pick<BookingView, "createdAt" | "id">>(
  bookings: readonly T[],
  count: number = ADMIN_OVERVIEW_RECENT_BOOKINGS,
): T[] {
  return [...bookings].sort(compareNewestFirst).slice(0, count);
}

/**
 * "The fleet status of the first five cars" (spec §2): the first cars of the
 * fleet list as given (the order the Fleet Management tab shows), not re-sorted.
 */
export function overviewCars<T>(cars: readonly T[], count: number = ADMIN_OVERVIEW_CARS): T[] {
  return cars.slice(0, count);
}
