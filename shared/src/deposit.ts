/**
 * The security deposit (release-2 §E2) as every page and mail words it: a
 * line of its own, never added to the rental total.
 */
import { compareMoney, formatPeso, type MoneyInput } from "./money";

export const DEPOSIT_LABEL = "Security deposit";

/** Said wherever the deposit is shown: when it is paid, when it comes back, and that the total leaves it out. */
export const DEPOSIT_NOTE = "Paid at pickup, refunded when the car is returned; not part of the total.";

/** "₱3,000", or null when there is no deposit to show (0, or a booking made before deposits). */
export function depositAmount(deposit: MoneyInput | null | undefined): string | null {
  if (deposit === null || deposit === undefined) return null;
  return compareMoney(deposit, 0) > 0 ? formatPeso(deposit) : null;
}
