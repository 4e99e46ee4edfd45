/**
 * My booking (release-2 §D2, §D3): a customer finds their booking by its
 * reference and their e-mail or phone (or the booking token of the
 * confirmation e-mail's link), reads it, cancels it, downloads its calendar
 * file and adds missing documents.
 */
import * as z from "zod";
import { validationMessages } from "../messages";
import { moneySchema } from "../money";
import { carSchema } from "./car";
import { bookingStatusSchema, bookingViewSchema } from "./booking";
import { textLimits } from "./common";
import { myBookingMessages } from "../my-booking";

export { myBookingLabels, myBookingMessages, myBookingPath } from "../my-booking";

const tokenSchema = z.string().min(1).max(textLimits.token);

/**
 * Body of `POST /api/bookings/lookup`: the reference and either the e-mail or
 * phone the booking was made with (`contact`), or the booking token of the
 * confirmation e-mail's `/my-booking?ref=…&token=…` link (`bookingToken`).
 */
export const bookingLookupSchema = z
  .object({
    reference: z
      .string({ error: myBookingMessages.referenceRequired })
      .trim()
      .min(1, { error: myBookingMessages.referenceRequired })
      .max(textLimits.short, { error: validationMessages.tooLong }),
    contact: z
      .string({ error: myBookingMessages.contactRequired })
      .trim()
      .min(1, { error: myBookingMessages.contactRequired })
      .max(textLimits.email, { error: validationMessages.tooLong })
      .optional(),
    bookingToken: tokenSchema.optional(),
  })
  .superRefine((lookup, ctx) => {
    if (lookup.contact === undefined && lookup.bookingToken === undefined) {
      ctx.addIssue({ code: "custom", path: ["contact"], message: myBookingMessages.contactRequired });
    }
  });
export type BookingLookup = z.infer<typeof bookingLookupSchema>;
export type BookingLookupBody = z.input<typeof bookingLookupSchema>;

/** The My booking form, as react-hook-form holds it. */
export const myBookingFormSchema = z.object({
  reference: z.string().trim().min(1, { error: myBookingMessages.referenceRequired }),
  contact: z.string().trim().min(1, { error: myBookingMessages.contactRequired }),
});
export type MyBookingFormValues = z.infer<typeof myBookingFormSchema>;

/** Body of `POST /api/bookings/:id/cancel`: the booking token, as `PUT /api/bookings/:id/documents` takes it. */
export const bookingCancelSchema = z.object({ bookingToken: tokenSchema });
export type BookingCancelBody = z.input<typeof bookingCancelSchema>;

/** Query of `GET /api/bookings/:id/calendar.ics`. */
export const bookingCalendarQuerySchema = z.object({ token: tokenSchema });

/** Which documents the booking has (never their addresses). */
export const documentsStateSchema = z.object({
  photoId1: z.boolean(),
  photoId2: z.boolean(),
  proofOfBilling: z.boolean(),
  /** All three are there. */
  complete: z.boolean(),
});
export type DocumentsState = z.infer<typeof documentsStateSchema>;

/**
 * Why a cancellation is refused (`details.reason` of 409 CANCELLATION_CLOSED):
 * the booking is no longer pending or confirmed, or its pickup is less than
 * 24 hours away.
 */
export const cancellationClosedReasonSchema = z.enum(["status", "too-late"]);
export type CancellationClosedReason = z.infer<typeof cancellationClosedReasonSchema>;

/**
 * Answer of the lookup and of the cancel call: the booking as the
 * confirmation shows it (no customer id, no document addresses) with its
 * status, amount paid, balance and documents state, the car, who booked
 * (as typed), and a booking token for this page (cancel, calendar, documents).
 */
export const myBookingSchema = z.object({
  customer: z.object({ fullName: z.string(), email: z.string() }),
  booking: bookingViewSchema.omit({ customerId: true, documents: true, driverLicense: true }).extend({
    balance: moneySchema,
    documents: documentsStateSchema,
    /** Whether `Cancel booking` can still succeed now (pending/confirmed, pickup at least 24 h away). */
    cancellable: z.boolean(),
  }),
  car: carSchema,
  bookingToken: tokenSchema,
  /**
   * The booking's status again, at the top of the answer (release-2 §D3: the cancel call answers
   * "`200` status `cancelled`"). Optional: the answers kept in the browser before it was sent lack it.
   */
  status: bookingStatusSchema.optional(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;
