/**
 * Keeps the admin mirror and an outbox entry's label in step with an edited
 * request: what the panel and the lists show is what will be sent.
 */
import { addMoney, formatPeso, normalizeMoney, subtractMoney, tryParseMoney } from "@car-rental/shared/money";
import type { CarRentalDb, OutboxEntry } from "./db";

function amountOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("amount" in body)) return null;
  const amount: unknown = body.amount;
  if (typeof amount !== "string" && typeof amount !== "number") return null;
  return tryParseMoney(amount) === null ? null : normalizeMoney(amount);
}

/**
 * A payment whose amount was edited: its optimistic row and the booking's
 * amount paid follow, and the label names the new amount. Returns the new
 * label, or nothing when the entry needs no revision.
 */
export async function reviseOptimisticRows(
  db: CarRentalDb,
  entry: OutboxEntry,
  body: unknown,
): Promise<string | undefined> {
  if (entry.entity !== "payments") return undefined;
  const before = amountOf(entry.body);
  const after = amountOf(body);
  if (before === null || after === null) return undefined;
  const payment = await db.payments.get(entry.entityId);
  if (payment) {
    await db.payments.update(payment.id, { amount: after });
    const booking = await db.bookings.get(payment.bookingId);
    if (booking) {
      await db.bookings.update(booking.id, {
        amountPaid: addMoney(subtractMoney(booking.amountPaid, payment.amount), after),
      });
    }
  }
  return entry.label.replace(formatPeso(before), formatPeso(after));
}
