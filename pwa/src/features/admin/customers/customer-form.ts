/**
 * The admin customer form (spec §5 "Admin customer form"): full name, e-mail
 * and phone required; address, license number and license expiry optional;
 * on a new customer, an optional first booking (see initial-booking.ts).
 *
 * Unlike the public booking form, the name and the phone are only required
 * (no minimum length: the admin types what the customer gave), and the first
 * booking may start in the past (the admin records rentals after the fact);
 * its return must still come after its pickup.
 */
import * as z from "zod";
import { isValidDate } from "@car-rental/shared/dates";
import { validationMessages } from "@car-rental/shared/messages";
import { rentalDatesIssue } from "@car-rental/shared/schemas/booking";
import { emailSchema, textLimits } from "@car-rental/shared/schemas/common";
import type { CustomerInputBody } from "@car-rental/shared/schemas/customer";
import type { LocalCustomer } from "../../../data/db";
import { INITIAL_BOOKING_STATUSES, NO_CAR, shouldCreateInitialBooking } from "./initial-booking";
import { parsePaymentAmount } from "../frame/payment-rules";

const optionalField = (max: number) => z.string().trim().max(max, { error: validationMessages.tooLong });

const requiredField = (max: number, message: string) =>
  z.string().trim().min(1, { error: message }).max(max, { error: validationMessages.tooLong });

export function createCustomerFormSchema() {
  return z
    .object({
      fullName: requiredField(textLimits.name, validationMessages.fullNameRequired),
      email: emailSchema,
      phone: requiredField(textLimits.phone, validationMessages.validPhoneRequired),
      address: optionalField(textLimits.address),
      license: optionalField(textLimits.short),
      licenseExpiry: z
        .string()
        .refine((value) => value === "" || isValidDate(value), { error: validationMessages.invalidDate }),
      carId: z.string(),
      pickupDate: z.string(),
      returnDate: z.string(),
      total: z.string(),
      status: z.enum(INITIAL_BOOKING_STATUSES),
    })
    .superRefine((values, ctx) => {
      if (!shouldCreateInitialBooking(values)) return;
      if (!isValidDate(values.pickupDate)) {
        ctx.addIssue({
          code: "custom",
          path: ["pickupDate"],
          message: validationMessages.pickupDateRequired,
        });
      }
      if (!isValidDate(values.returnDate)) {
        ctx.addIssue({
          code: "custom",
          path: ["returnDate"],
          message: validationMessages.returnDateRequired,
        });
      }
      // No `today`: a past pickup date is allowed here.
      const issue = rentalDatesIssue(values.pickupDate, values.returnDate);
      if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      if (parsePaymentAmount(values.total) === null) {
        ctx.addIssue({ code: "custom", path: ["total"], message: validationMessages.invalidInput });
      }
    });
}

export type CustomerFormInput = z.input<ReturnType<typeof createCustomerFormSchema>>;
export type CustomerFormOutput = z.output<ReturnType<typeof createCustomerFormSchema>>;

export const EMPTY_CUSTOMER_FORM: CustomerFormInput = {
  fullName: "",
  email: "",
  phone: "",
  address: "",
  license: "",
  licenseExpiry: "",
  carId: NO_CAR,
  pickupDate: "",
  returnDate: "",
  total: "",
  status: "pending",
};

export function customerFormOf(customer: LocalCustomer): CustomerFormInput {
  return {
    ...EMPTY_CUSTOMER_FORM,
    fullName: customer.fullName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address ?? "",
    license: customer.license ?? "",
    licenseExpiry: customer.licenseExpiry ?? "",
  };
}

/** Spec §7: `{fullName, email, phone, address, license, licenseExpiry}`, blanks as null. */
export function customerBodyOf(values: CustomerFormOutput): CustomerInputBody {
  return {
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    address: values.address || null,
    license: values.license || null,
    licenseExpiry: values.licenseExpiry || null,
  };
}
