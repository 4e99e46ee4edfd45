/** Customers: the stored record, the admin's view with history and totals, and the admin form. */
import * as z from "zod";
import { dateStringSchema } from "../dates";
import { validationMessages } from "../messages";
import { moneySchema } from "../money";
import { bookingViewSchema } from "./booking";
import {
  clientIdShape,
  emailSchema,
  idSchema,
  optionalText,
  recordMetaShape,
  requiredText,
  textLimits,
  timestampSchema,
} from "./common";
import { paymentSchema } from "./payment";

export const customerSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  license: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  licenseExpiry: dateStringSchema.nullable(),
  address: z.string().nullable(),
  facebookProfile: z.string().nullable(),
  /**
   * The documents stored on the customer (release 1), else those of its first
   * booking: a later booking never changes them (release 2 A3: documents
   * belong to bookings; each booking carries its own).
   */
  photoId1Url: z.string().nullable(),
  photoId2Url: z.string().nullable(),
  proofOfBillingUrl: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Customer = z.infer<typeof customerSchema>;

/** A customer row with its sync bookkeeping: what sync and admin mutations answer. */
export const customerRecordSchema = customerSchema.extend(recordMetaShape);
export type CustomerRecord = z.infer<typeof customerRecordSchema>;

/** A booking in a customer's history, with its payments (oldest first). */
export const bookingWithPaymentsSchema = bookingViewSchema.extend({ payments: z.array(paymentSchema) });
export type BookingWithPayments = z.infer<typeof bookingWithPaymentsSchema>;

/**
 * A customer as `GET /api/admin/customers` lists it: the record, the booking
 * history, and the spec's totals (total, paid, pending = total minus paid),
 * over bookings that are not cancelled.
 */
export const adminCustomerSchema = customerRecordSchema.extend({
  bookings: z.array(bookingWithPaymentsSchema),
  totalAmount: moneySchema,
  amountPaid: moneySchema,
  /** totalAmount minus amountPaid; negative when the customer overpaid. */
  pendingAmount: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

const optionalDate = z
  .union([z.literal(""), dateStringSchema], { error: validationMessages.invalidDate })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Body of `POST /api/admin/customers` (and, every field optional, of
 * `PUT /api/admin/customers/:id`). Spec §5 asks only that full name, e-mail
 * and phone be given: the admin records walk-in customers as they are, so the
 * booking form's minimum lengths (name 2, phone 10) do not apply here.
 * Unknown keys (a round-tripped id, createdAt, …) are dropped.
 */
export const customerInputSchema = z.object({
  fullName: requiredText(textLimits.name, validationMessages.fullNameRequired),
  email: emailSchema,
  phone: requiredText(textLimits.phone, validationMessages.validPhoneRequired),
  address: optionalText(textLimits.address),
  license: optionalText(textLimits.short),
  licenseExpiry: optionalDate,
  facebookProfile: optionalText(textLimits.url),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;
export type CustomerInputBody = z.input<typeof customerInputSchema>;

/** Body of `POST /api/admin/customers`: the fields and, optionally, the id the browser chose. */
export const customerCreateSchema = customerInputSchema.extend(clientIdShape);
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
export type CustomerCreateBody = z.input<typeof customerCreateSchema>;

/** Body of `PUT /api/admin/customers/:id`: the fields to change; the ones left out stay as they are. */
export const customerChangesSchema = customerInputSchema.partial();
export type CustomerChangesBody = z.input<typeof customerChangesSchema>;

// The documents' body is a booking's (release 2 A3): in ./booking, where the public pages load it
// without this module's admin schemas.
export { documentsInputSchema, type DocumentsInput, type DocumentsInputBody } from "./booking";
