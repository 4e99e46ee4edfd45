import type { Knex } from "knex";
import { SQLSTATE, constraintName, sqlState } from "@car-rental/db";
import { customerTotals } from "@car-rental/shared/customer-totals";
import { DUPLICATE_EMAIL_MESSAGE } from "@car-rental/shared/messages";
import type {
  AdminCustomer,
  BookingWithPayments,
  CustomerCreate,
  CustomerInput,
  CustomerRecord,
} from "@car-rental/shared/schemas/customer";
import { NotFound, ValidationFailed } from "../../errors";
import { selectBookingViews, toBookingView } from "../bookings/booking-view";
import { replayedCreate, rethrowIdClash } from "../client-id";
import { customersTable, selectCustomers, toCustomerRecord, type CustomerRow } from "./customer-record";
import { selectPayments, toPayment } from "./payment-record";

export const CUSTOMER_NOT_FOUND = "Customer not found";

/**
 * Every customer (not deleted), newest first, each with the booking history
 * (newest first, every booking with its payments, oldest first) and the
 * spec's totals. Three queries whatever the number of customers.
 *
 * Totals count the bookings that are not cancelled: a cancelled booking is
 * neither owed nor (for the balance) paid. pendingAmount = totalAmount -
 * amountPaid, negative when the customer overpaid.
 */
export async function listAdminCustomers(db: Knex): Promise<AdminCustomer[]> {
  const liveCustomerIds = customersTable(db).select("id").whereNull("deleted_at");
  const [customerRows, bookingRows, paymentRows] = await Promise.all([
    selectCustomers(db)
      .whereNull("c.deleted_at")
      .orderBy([
        { column: "c.created_at", order: "desc" },
        { column: "c.id", order: "desc" },
      ]),
    selectBookingViews(db)
      .whereIn("b.customer_id", liveCustomerIds.clone())
      .orderBy([
        { column: "b.created_at", order: "desc" },
        { column: "b.id", order: "desc" },
      ]),
    selectPayments(db)
      .join("bookings as b", "b.id", "p.booking_id")
      .whereIn("b.customer_id", liveCustomerIds.clone())
      .orderBy([
        { column: "p.created_at", order: "asc" },
        { column: "p.id", order: "asc" },
      ]),
  ]);

  const paymentsByBooking = groupBy(paymentRows.map(toPayment), (payment) => payment.bookingId);
  const bookingsByCustomer = groupBy(
    bookingRows.map((row): BookingWithPayments => {
      const view = toBookingView(row);
      return { ...view, payments: paymentsByBooking.get(view.id) ?? [] };
    }),
    (booking) => booking.customerId,
  );
  return customerRows.map((row) => {
    const bookings = bookingsByCustomer.get(row.id) ?? [];
    return { ...toCustomerRecord(row), bookings, ...customerTotals(bookings) };
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

function toColumns(input: Partial<CustomerInput>): Partial<CustomerRow> {
  const columns: Partial<CustomerRow> = {};
  if (input.fullName !== undefined) columns.full_name = input.fullName;
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.address !== undefined) columns.address = input.address;
  if (input.license !== undefined) columns.license = input.license;
  if (input.licenseExpiry !== undefined) columns.license_expiry = input.licenseExpiry;
  if (input.facebookProfile !== undefined) columns.facebook_profile = input.facebookProfile;
  return columns;
}

/** A live customer as the admin reads it (documents of the latest booking). */
async function readCustomer(db: Knex, id: string): Promise<CustomerRecord> {
  const row = await selectCustomers(db).where("c.id", id).whereNull("c.deleted_at").first();
  if (!row) throw new NotFound(CUSTOMER_NOT_FOUND);
  return toCustomerRecord(row);
}

function duplicateEmail(): ValidationFailed {
  return new ValidationFailed(DUPLICATE_EMAIL_MESSAGE, { fields: { email: [DUPLICATE_EMAIL_MESSAGE] } });
}

/** Whether another live customer already uses this e-mail (compared case-insensitively). */
async function emailTaken(db: Knex, email: string, exceptId?: string): Promise<boolean> {
  const query = customersTable(db)
    .select("id")
    .whereNull("deleted_at")
    .whereRaw("lower(email) = lower(?)", [email]);
  if (exceptId) query.whereNot("id", exceptId);
  return (await query.first()) !== undefined;
}

/** The unique index on lower(email) caught a race the check above missed. */
function isDuplicateEmail(error: unknown): boolean {
  return sqlState(error) === SQLSTATE.uniqueViolation && constraintName(error) === "customers_email_unique";
}

/**
 * Adds a customer from the admin form. E-mails are unique among live
 * customers, case-insensitively: a duplicate is refused (ValidationFailed,
 * 'A customer with this email already exists.').
 */
export async function createCustomer(db: Knex, input: CustomerCreate): Promise<CustomerRecord> {
  const columns = toColumns(input);
  if (input.id !== undefined) {
    const stored = replayedCreate(await customersTable(db).where({ id: input.id }).first(), columns);
    if (stored) return readCustomer(db, stored.id);
  }
  if (await emailTaken(db, input.email)) throw duplicateEmail();
  try {
    const [row] = await customersTable(db)
      .insert({ ...columns, ...(input.id === undefined ? {} : { id: input.id }) })
      .returning("id");
    if (!row) throw new Error("insert returned no customer");
    return await readCustomer(db, row.id);
  } catch (error) {
    if (isDuplicateEmail(error)) throw duplicateEmail();
    return rethrowIdClash(error, "customers");
  }
}

/**
 * Changes the given fields of a live customer (fields left out stay as they
 * are, so an older client cannot wipe what it does not know about, such as
 * the documents or the Facebook profile).
 * @throws NotFound when there is no such customer, or it was deleted.
 */
export async function updateCustomer(
  db: Knex,
  id: string,
  changes: Partial<CustomerInput>,
): Promise<CustomerRecord> {
  if (changes.email !== undefined && (await emailTaken(db, changes.email, id))) throw duplicateEmail();
  const columns = toColumns(changes);
  if (Object.keys(columns).length === 0) {
    // Nothing to change: answer the record as it is (knex refuses an empty update).
    return readCustomer(db, id);
  }
  try {
    const [row] = await customersTable(db)
      .where({ id })
      .whereNull("deleted_at")
      .update(columns)
      .returning("id");
    if (!row) throw new NotFound(CUSTOMER_NOT_FOUND);
    return await readCustomer(db, row.id);
  } catch (error) {
    if (isDuplicateEmail(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * Deletes a customer as a tombstone (deleted_at), so the admin mirrors learn
 * of it; the bookings keep their history. Deleting a deleted customer again
 * is a no-op (a replayed delete succeeds).
 * @throws NotFound when there never was such a customer.
 */
export async function deleteCustomer(db: Knex, id: string, now: Date): Promise<void> {
  const updated = await customersTable(db).where({ id }).whereNull("deleted_at").update({ deleted_at: now });
  if (updated > 0) return;
  const existing = await customersTable(db).select("id").where({ id }).first();
  if (!existing) throw new NotFound(CUSTOMER_NOT_FOUND);
}
