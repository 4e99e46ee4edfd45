import { useEffect } from "react";
import { useBookings } from "../../../data/admin-data";

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The number of bookings waiting for the owner's answer. */
export function pendingCount(bookings: readonly { status: string; _deleted?: boolean }[]): number {
  return bookings.filter((booking) => booking.status === "pending" && !booking._deleted).length;
}

/**
 * The installed app's icon shows the number of pending bookings (release-2
 * §D4, Badging API where the platform has it), kept in step with the admin
 * mirror; a push updates it too while the app is closed (service worker).
 */
export function useAppBadge(): void {
  const bookings = useBookings();
  const count = bookings === undefined ? null : pendingCount(bookings);
  useEffect(() => {
    if (count === null) return;
    const nav: BadgingNavigator = navigator;
    const update = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    // A platform without badges, or a page not installed, refuses quietly.
    update?.catch(() => undefined);
  }, [count]);
}
