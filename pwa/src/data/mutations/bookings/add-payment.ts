/**
 * Add Payment: `PATCH /api/admin/bookings/:id/payment` records a ledger row
 * (its id chosen here) and answers the payment with the booking's new amount paid.
 */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { addMoney, formatPeso, normalizeMoney, subtractMoney, tryParseMoney } from "@car-rental/shared/money";
import { idSchema } from "@car-rental/shared/schemas/common";
import {
  PAYMENT_KIND_LABELS,
  paymentInputSchema,
  paymentResponseSchema,
} from "@car-rental/shared/schemas/payment";
import { defineMutation, nowIso, replaceRow, bookingTag } from "../mutation";

function amountOf(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  return tryParseMoney(value) === null ? null : normalizeMoney(value);
}

export const addPayment = defineMutation({
  name: "addPayment",
  route: routes.addPayment,
  input: paymentInputSchema.extend({ id: idSchema, bookingId: idSchema }),
  entity: "payments",
  rows: (args) => ({ entityId: args.id, related: [{ entity: "bookings", id: args.bookingId }] }),
  request: ({ bookingId, ...body }) => ({ params: { id: bookingId }, body }),
  label: async (db, args) => {
    const booking = await db.bookings.get(args.bookingId);
    const about = booking ? `${booking.customerName}'s ${booking.carName} booking` : "booking";
    const what = PAYMENT_KIND_LABELS[args.kind ?? "rental"];
    return `${what} ${formatPeso(args.amount)} for ${about} (${bookingTag(booking, args.bookingId)})`;
  },
  apply: async (db, args) => {
    const amount = normalizeMoney(args.amount);
    const kind = args.kind ?? "rental";
    const booking = await db.bookings.get(args.bookingId);
    await db.payments.add({
      id: args.id,
      bookingId: args.bookingId,
      amount,
      kind,
      note: args.note ?? null,
      createdAt: args.recordedAt ?? nowIso(),
      _pending: true,
    });
    // Release-2 §E2: a deposit or its refund is kept apart from the amount paid.
    if (booking && kind === "rental") {
      await db.bookings.update(booking.id, {
        amountPaid: addMoney(booking.amountPaid, amount),
        _pending: true,
      });
    }
  },
  answer: async (db, entry, answer, waiting) => {
    const parsed = paymentResponseSchema.safeParse(answer);
    if (!parsed.success) return null;
    const { payment, booking } = parsed.data;
    await replaceRow(db.payments, entry.entityId, payment, waiting.has(`payments:${entry.entityId}`));
    if (!waiting.has(`bookings:${booking.id}`)) await db.bookings.put(booking);
    return payment.id;
  },
  creates: true,
  messages: { success: adminSuccess.updatePayment, failure: adminFailures.updatePayment },
  fixed: ["bookingId", "recordedAt"],
  // An edited amount: the optimistic row and the booking's amount paid follow, the label names the new amount.
  revise: async (db, entry, next) => {
    const before = amountOf(entry.args.amount);
    const after = amountOf(next.amount);
    if (before === null || after === null) return undefined;
    const payment = await db.payments.get(entry.entityId);
    if (payment) {
      await db.payments.update(payment.id, { amount: after });
      const booking = await db.bookings.get(payment.bookingId);
      if (booking && (payment.kind ?? "rental") === "rental") {
        await db.bookings.update(booking.id, {
          amountPaid: addMoney(subtractMoney(booking.amountPaid, payment.amount), after),
        });
      }
    }
    return entry.label.replace(formatPeso(before), formatPeso(after));
  },
});
