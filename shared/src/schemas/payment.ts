/** Payments: one ledger row per payment; a booking's `amountPaid` is their sum. */
import * as z from "zod";
import { errorMessages } from "../messages";
import { compareMoney, positiveMoneySchemaWith, type MoneyInput, moneySchema } from "../money";
import { bookingViewSchema } from "./booking";
import { clientIdShape, idSchema, optionalText, textLimits, timestampSchema } from "./common";

export const paymentSchema = z.object({
  id: idSchema,
  bookingId: idSchema,
  amount: moneySchema,
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
  note: optionalText(textLimits.note),
  /** The id the browser chose for the ledger row. */
  ...clientIdShape,
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export type PaymentInputBody = z.input<typeof paymentInputSchema>;

/** Answer of the payment call: the recorded row and the booking with its new `amountPaid`. */
export const paymentResponseSchema = z.object({ booking: bookingViewSchema, payment: paymentSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

export type PaymentProgress = "Not Paid" | "Partially Paid" | "Fully Paid";

/** Spec §4: Not Paid (paid is 0), Partially Paid (0 < paid < total), Fully Paid (paid >= total). */
export function paymentProgress(total: MoneyInput, paid: MoneyInput): PaymentProgress {
  if (compareMoney(paid, 0) <= 0) return compareMoney(total, 0) <= 0 ? "Fully Paid" : "Not Paid";
  return compareMoney(paid, total) >= 0 ? "Fully Paid" : "Partially Paid";
}
