import type { Knex } from "knex";
import { normalizeMoney } from "@car-rental/shared/money";
import { paymentKindSchema, type Payment } from "@car-rental/shared/schemas/payment";

/** A row of the `payments` ledger. */
export type PaymentRow = {
  id: string;
  booking_id: string;
  amount: string;
  kind: string;
  note: string | null;
  created_at: Date;
};

const PAYMENT_COLUMNS = ["p.id", "p.booking_id", "p.amount", "p.kind", "p.note", "p.created_at"];

/** The payments ledger (alias `p`), selecting what `toPayment` needs; callers add their filters. */
export function selectPayments(db: Knex): Knex.QueryBuilder<PaymentRow, PaymentRow[]> {
  return db<PaymentRow>("payments as p").select<PaymentRow[]>(PAYMENT_COLUMNS);
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    bookingId: row.booking_id,
    amount: normalizeMoney(row.amount),
    kind: paymentKindSchema.catch("rental").parse(row.kind),
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}
