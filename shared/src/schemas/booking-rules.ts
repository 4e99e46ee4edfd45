/**
 * The rules across a booking's fields that a field schema cannot see alone:
 * the dates (order, length, past pickups) and the delivery address.
 * Written once; the public request, the booking form and the admin's booking
 * all refine with `bookingRules`.
 */
import type * as z from "zod";
import { MAX_ONLINE_RENTAL_DAYS, MAX_RENTAL_DAYS } from "../constants";
import { diffDays, isValidDate } from "../dates";
import { validationMessages } from "../messages";

export interface DateIssue {
  path: "pickupDate" | "returnDate";
  message: string;
}

/**
 * The date rules of decisions.md that a field schema cannot see alone: the
 * pickup is not in the past (checked when `today` is given), the return is
 * after the pickup, and the rental is at most MAX_ONLINE_RENTAL_DAYS long
 * (release 2 A4: 30 days online, 'Rentals longer than 30 days: please
 * contact us.'). The admin records longer rentals: `admin: true` allows up to
 * MAX_RENTAL_DAYS. Invalid dates are left to the field schemas (no issue here).
 */
export function rentalDatesIssue(
  pickupDate: string,
  returnDate: string,
  today?: string,
  options: { admin?: boolean } = {},
): DateIssue | null {
  if (!isValidDate(pickupDate) || !isValidDate(returnDate)) return null;
  if (today !== undefined && pickupDate < today) {
    return { path: "pickupDate", message: validationMessages.pickupInPast };
  }
  const days = diffDays(pickupDate, returnDate);
  if (days <= 0) return { path: "returnDate", message: validationMessages.returnNotAfterPickup };
  if (options.admin) {
    if (days > MAX_RENTAL_DAYS) return { path: "returnDate", message: validationMessages.rentalTooLong };
  } else if (days > MAX_ONLINE_RENTAL_DAYS) {
    return { path: "returnDate", message: validationMessages.onlineRentalTooLong };
  }
  return null;
}

/** The fields the booking rules read; an admin booking has no delivery. */
interface BookingRuleFields {
  pickupDate: string;
  returnDate: string;
  wantsDelivery?: boolean;
  deliveryAddress?: string | null;
}

/**
 * The rules across a booking's fields, written once for the public request,
 * the booking form and the admin's booking: the dates (rentalDatesIssue, with
 * its `today` and `admin` options) and, when delivery is wanted, an address
 * ('Delivery address is required'). Use as `.superRefine(bookingRules())`.
 */
export function bookingRules(options: { today?: string; admin?: boolean } = {}) {
  return (booking: BookingRuleFields, ctx: z.RefinementCtx): void => {
    const issue = rentalDatesIssue(booking.pickupDate, booking.returnDate, options.today, {
      admin: options.admin,
    });
    if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    if (booking.wantsDelivery && !booking.deliveryAddress) {
      ctx.addIssue({
        code: "custom",
        path: ["deliveryAddress"],
        message: validationMessages.deliveryAddressRequired,
      });
    }
  };
}

/**
 * Release-2 §E3: the booking form requires the driver's licence number for
 * self-drive (`driverService` 'none'), not when the shop's driver drives
 * ('Driver's license number is required'). `POST /api/bookings` keeps it
 * optional, as the spec's §3 request has it.
 */
export function licenseRequired(
  driverService: string | undefined,
  license: string | null | undefined,
): boolean {
  return (driverService ?? "none") === "none" && !license?.trim();
}
