/** Payments: one ledger row per payment; a booking's `amountPaid` is their sum. */
import * as z from "zod";
import { errorMessages } from "../messages";
import {
  addMoney,
  compareMoney,
  positiveMoneySchemaWith,
  subtractMoney,
  type MoneyInput,
  moneySchema,
} from "../money";
import { bookingViewSchema } from "./booking";
import { clientIdShape, idSchema, optionalText, textLimits, timestampSchema } from "./common";

/**
 * Release-2 §E2: what a payment is for. `rental` pays the booking's total;
 * `deposit` is the security deposit received and `deposit-refund` its return,
 * both kept apart from the balance.
 */
export const PAYMENT_KINDS = ["rental", "deposit", "deposit-refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const paymentKindSchema = z.enum(PAYMENT_KINDS);
/** How the admin area names each kind (the Add Payment select, the payments list, outbox labels). */
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  rental: "Payment",
  deposit: "Deposit",
  "deposit-refund": "Deposit refund",
};

export const paymentSchema = z.object({
  id: idSchema,
  bookingId: idSchema,
  amount: moneySchema,
  /** Absent in mirror rows stored before kinds existed: those were rental payments. */
  kind: paymentKindSchema.default("rental"),
  note: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Body of `PATCH /api/admin/bookings/:id/payment`. An amount that is not a
 * positive number is refused with the PAYMENT_INVALID message; the balance
 * check needs the booking and is the server's.
 */
export const paymentInputSchema = z.object({
  amount: positiveMoneySchemaWith(errorMessages.PAYMENT_INVALID),
  /** Release-2 §E2: `rental` when absent; an unknown kind is a 400. */
  kind: paymentKindSchema.default("rental"),
  note: optionalText(textLimits.note),
  /** The id the browser chose for the ledger row. */
  ...clientIdShape,
  /**
   * When the owner recorded it (a payment recorded offline reaches the server
   * later): the ledger's date, never later than the server's now; absent, the
   * moment the server stores it.
   */
  recordedAt: timestampSchema.optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export type PaymentInputBody = z.input<typeof paymentInputSchema>;

/** Answer of the payment call: the recorded row and the booking with its new `amountPaid`. */
export const paymentResponseSchema = z.object({ booking: bookingViewSchema, payment: paymentSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

export type PaymentProgress = "Not Paid" | "Partially Paid" | "Fully Paid";

/**
 * The deposit a booking's payments hold (release-2 §E2): deposits received
 * less deposits refunded. Rental payments are not counted.
 */
export function depositHeld(payments: readonly Pick<Payment, "amount" | "kind">[]): string {
  const received = payments.filter((payment) => payment.kind === "deposit").map((payment) => payment.amount);
  const refunded = payments
    .filter((payment) => payment.kind === "deposit-refund")
    .map((payment) => payment.amount);
  return subtractMoney(addMoney("0", ...received), addMoney("0", ...refunded));
}

/** Spec §4: Not Paid (paid is 0), Partially Paid (0 < paid < total), Fully Paid (paid >= total). */
export function paymentProgress(total: MoneyInput, paid: MoneyInput): PaymentProgress {
  if (compareMoney(paid, 0) <= 0) return compareMoney(total, 0) <= 0 ? "Fully Paid" : "Not Paid";
  return compareMoney(paid, total) >= 0 ? "Fully Paid" : "Partially Paid";
}
