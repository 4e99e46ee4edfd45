import { parseMoney, toMoneyString, type MoneyInput } from "./money";

/** What a booking contributes to its customer's figures. */
export type TotalledBooking = { status: string; total: MoneyInput; amountPaid: MoneyInput };

export type CustomerTotals = { totalAmount: string; amountPaid: string; pendingAmount: string };

/**
 * The spec's per-customer figures (total, paid, still owed) over the bookings
 * that are not cancelled or expired: such a booking is neither owed nor paid. The
 * server computes them for its customer list and the admin screens for the
 * rows they hold offline, with this one function.
 */
export function customerTotals(bookings: readonly TotalledBooking[]): CustomerTotals {
  let total = 0n;
  let paid = 0n;
  for (const booking of bookings) {
    if (booking.status === "cancelled" || booking.status === "expired") continue;
    total += parseMoney(booking.total);
    paid += parseMoney(booking.amountPaid);
  }
  return {
    totalAmount: toMoneyString(total),
    amountPaid: toMoneyString(paid),
    pendingAmount: toMoneyString(total - paid),
  };
}
