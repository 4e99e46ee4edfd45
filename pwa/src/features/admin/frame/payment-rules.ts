/**
 * The payment rules of the admin area: spec §4 "Payment progress per
 * booking" (through the shared `paymentProgress`) and spec §5 "Add payment".
 * Amounts stay decimal strings; arithmetic goes through shared/money.ts.
 */
import { errorMessages } from "@car-rental/shared/messages";
import {
  compareMoney,
  subtractMoney,
  toMoneyString,
  tryParseMoney,
  type MoneyInput,
} from "@car-rental/shared/money";
import { paymentProgress, type PaymentProgress } from "@car-rental/shared/schemas/payment";

export type PaymentSummary = {
  progress: PaymentProgress;
  /** Badge colour of the progress. */
  color: "red" | "yellow" | "green";
  paid: string;
  /** What is still owed, never below zero. */
  balance: string;
  /** Spec §4: 'Add Payment' is offered only while the booking is not fully paid. */
  canAddPayment: boolean;
};

const PROGRESS_COLORS: Record<PaymentProgress, PaymentSummary["color"]> = {
  "Not Paid": "red",
  "Partially Paid": "yellow",
  "Fully Paid": "green",
};

function safeAmount(amount: MoneyInput): MoneyInput {
  return tryParseMoney(amount) === null ? 0 : amount;
}

/** How much of a booking is paid, and whether more can be added. */
export function paymentSummary(total: MoneyInput, paid: MoneyInput): PaymentSummary {
  const safeTotal = safeAmount(total);
  const safePaid = safeAmount(paid);
  const progress = paymentProgress(safeTotal, safePaid);
  const owed = subtractMoney(safeTotal, safePaid);
  return {
    progress,
    color: PROGRESS_COLORS[progress],
    paid: toMoneyString(tryParseMoney(safePaid) ?? 0n),
    balance: compareMoney(owed, 0) > 0 ? owed : "0.00",
    canAddPayment: progress !== "Fully Paid",
  };
}

/**
 * Spec §5: the amount must parse as a number, otherwise the action is
 * ignored (null). Accepts what a person types: spaces, a peso sign and
 * thousands separators ('₱1,500.50'); more than two decimals does not parse.
 */
export function parsePaymentAmount(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(/^₱\s*/, "")
    .replace(/,(?=\d{3}(?:\D|$))/g, "");
  if (cleaned === "") return null;
  const centavos = tryParseMoney(cleaned);
  return centavos === null ? null : toMoneyString(centavos);
}

/**
 * The server's own refusals (decisions.md "Payments"), checked before the
 * change is queued so a typo does not sit in the outbox: the amount must be
 * positive and not exceed the balance (`null`: no limit, as for a deposit,
 * release-2 §E2). Returns the message, or null when fine.
 */
export function paymentAmountProblem(amount: string, balance: MoneyInput | null): string | null {
  if (compareMoney(amount, 0) <= 0) return errorMessages.PAYMENT_INVALID;
  if (balance !== null && compareMoney(amount, safeAmount(balance)) > 0)
    return errorMessages.PAYMENT_EXCEEDS_BALANCE;
  return null;
}
