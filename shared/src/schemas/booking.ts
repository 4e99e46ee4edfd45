/**
 * Bookings: the public request and its form, the booking as admin and the
 * confirmation read it, the admin's own booking calls, booked ranges and the
 * price summary.
 */
import * as z from "zod";
import {
  BOOKING_STATUSES,
  DEFAULT_PICKUP_TIME,
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  MAX_RENTAL_DAYS,
} from "../constants";
import { RANGE_KINDS } from "../availability";
import { dateStringSchema, requiredDateSchema } from "../dates";
import { validationMessages } from "../messages";
import { moneySchema } from "../money";
import { discountLineSchema, rentalLineSchema } from "./rates";
import { bookingRules, licenseRequired } from "./booking-rules";
import { carSchema } from "./car";
import {
  clientIdShape,
  documentPathSchema,
  emailSchema,
  fullNameSchema,
  idSchema,
  optionalText,
  phoneSchema,
  requiredText,
  textLimits,
  timeSlotSchema,
  timestampSchema,
  versionSchema,
} from "./common";

export { bookingRules, rentalDatesIssue, type DateIssue } from "./booking-rules";

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export const driverServiceSchema = z.enum(DRIVER_SERVICES);
export const distanceServiceSchema = z.enum(DISTANCE_SERVICES);

/**
 * A car's booking in `GET /api/cars/:id/booked-dates`: the spec's
 * `{start, end}` plus the pickup time, which the slot rules need. A range
 * without one (an older cached answer) counts from 9:00 AM. Blocked periods
 * come as `{start, end, kind: "block"}` (release-2 §C1).
 */
export const bookedRangeSchema = z.object({
  start: dateStringSchema,
  end: dateStringSchema,
  pickupTime: timeSlotSchema.default(DEFAULT_PICKUP_TIME),
  /** Release-2 §C1: "block" for a blocked period (whole days `start`..`end`, its pickup time unused); absent or "booking" for a booking. */
  kind: z.enum(RANGE_KINDS).optional(),
});

/** The quote of `pricing.ts`; also the `details.quote` of a `PRICE_CHANGED` answer. */
export const priceSummarySchema = z.object({
  days: z.number().int().nonnegative(),
  dailyRate: moneySchema,
  subtotal: moneySchema,
  driverFee: moneySchema,
  distanceFee: moneySchema,
  insurance: moneySchema,
  total: moneySchema,
  withDriver: z.boolean(),
  driverService: driverServiceSchema,
  distanceService: distanceServiceSchema,
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;

const deliveryAddressInput = z.string().trim().max(textLimits.address, { error: validationMessages.tooLong });

/**
 * A pickup time in a request body: one of the nine slots; absent, null and
 * "" (an untouched dropdown) all mean the default '9:00 AM'.
 */
export const pickupTimeInputSchema = z
  .union([timeSlotSchema, z.literal(""), z.null()], { error: validationMessages.invalidPickupTime })
  .optional()
  .transform((value) => value || DEFAULT_PICKUP_TIME);

/**
 * The form's terms checkbox, which a client may send along (spec §3: the form
 * collects it). Absent is fine (the server cannot know what the page showed);
 * sent, it must be true.
 */
const acceptTermsInput = z.literal(true, { error: validationMessages.acceptTerms }).optional();

const publicCustomerPartSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  license: optionalText(textLimits.short),
  facebookProfile: optionalText(textLimits.url),
  acceptTerms: acceptTermsInput,
});

// Input schemas are plain (not strict) objects: keys they do not know, such as
// the read-only id or createdAt of a round-tripped record, are dropped, never
// stored and never an error.
const publicBookingPartSchema = z
  .object({
    carId: idSchema,
    pickupDate: requiredDateSchema(validationMessages.pickupDateRequired),
    returnDate: requiredDateSchema(validationMessages.returnDateRequired),
    pickupTime: pickupTimeInputSchema,
    /** Ignored on input: always derived from `driverService`. */
    withDriver: z.boolean().optional(),
    driverService: driverServiceSchema.default("none"),
    distanceService: distanceServiceSchema.default("none"),
    wantsDelivery: z.boolean().default(false),
    deliveryAddress: deliveryAddressInput.nullish(),
    // Longer rentals are refused on the dates with the field message (rentalDatesIssue), not here.
    totalDays: z.number().int().min(1).max(MAX_RENTAL_DAYS),
    dailyRate: moneySchema,
    driverFee: moneySchema,
    subtotal: moneySchema,
    insurance: moneySchema,
    total: moneySchema,
    /** Optional for clients that follow the spec's payload; compared when present. */
    distanceFee: moneySchema.optional(),
    /** Accepted here too, for clients that send the form's fields with the booking part. */
    facebookProfile: optionalText(textLimits.url),
    acceptTerms: acceptTermsInput,
  })
  .superRefine(bookingRules())
  .transform((booking) => ({
    ...booking,
    withDriver: booking.driverService !== "none",
    deliveryAddress: booking.wantsDelivery ? (booking.deliveryAddress ?? null) : null,
  }));

/** Object paths of the three documents; absent and null mean "not uploaded". */
export const documentsShape = {
  photoId1Url: documentPathSchema.nullish().transform((value) => value ?? null),
  photoId2Url: documentPathSchema.nullish().transform((value) => value ?? null),
  proofOfBillingUrl: documentPathSchema.nullish().transform((value) => value ?? null),
};

/**
 * Body of `POST /api/bookings`. The past-date rule needs the server's clock:
 * check `rentalDatesIssue(pickupDate, returnDate, today)` after parsing.
 * Output: `withDriver` derived from `driverService`, `deliveryAddress` null
 * unless delivery is wanted, blank optional texts as null, `pickupTime`
 * '9:00 AM' when absent or blank. `acceptTerms` and `facebookProfile` may come
 * in the customer part, the booking part or at the top level: a false
 * `acceptTerms` anywhere is refused ('You must accept the terms and
 * conditions'), and the first Facebook profile given is the customer's.
 */
export const publicBookingRequestSchema = z
  .object({
    customer: publicCustomerPartSchema,
    booking: publicBookingPartSchema,
    documents: z.object(documentsShape).optional(),
    facebookProfile: optionalText(textLimits.url),
    acceptTerms: acceptTermsInput,
  })
  // The licence stays optional here, as the spec's §3 request has it: the form asks for it for
  // self-drive (release-2 §E3, createBookingFormSchema); a licence sent is compared with the blocklist.
  .transform(({ customer, booking, documents, facebookProfile }) => {
    const { acceptTerms: _customerTerms, ...customerFields } = customer;
    const { acceptTerms: _bookingTerms, facebookProfile: bookingFacebook, ...bookingFields } = booking;
    return {
      customer: {
        ...customerFields,
        facebookProfile: customerFields.facebookProfile ?? bookingFacebook ?? facebookProfile,
      },
      booking: bookingFields,
      ...(documents ? { documents } : {}),
    };
  });
export type PublicBookingRequest = z.infer<typeof publicBookingRequestSchema>;
export type PublicBookingRequestBody = z.input<typeof publicBookingRequestSchema>;

/**
 * The booking page's form, flat as react-hook-form holds it, with the spec's
 * messages. Pass `today` (Manila) to refuse past pickups too.
 */
export function createBookingFormSchema(options: { today?: string } = {}) {
  return z
    .object({
      fullName: fullNameSchema,
      email: emailSchema,
      phone: phoneSchema,
      license: z.string().trim().max(textLimits.short, { error: validationMessages.tooLong }).default(""),
      facebookProfile: z
        .string()
        .trim()
        .max(textLimits.url, { error: validationMessages.tooLong })
        .default(""),
      pickupDate: requiredDateSchema(validationMessages.pickupDateRequired),
      returnDate: requiredDateSchema(validationMessages.returnDateRequired),
      pickupTime: timeSlotSchema.default(DEFAULT_PICKUP_TIME),
      driverService: driverServiceSchema.default("none"),
      distanceService: distanceServiceSchema.default("none"),
      wantsDelivery: z.boolean().default(false),
      deliveryAddress: deliveryAddressInput.default(""),
      acceptTerms: z.boolean({ error: validationMessages.acceptTerms }).refine((accepted) => accepted, {
        error: validationMessages.acceptTerms,
      }),
    })
    .superRefine(bookingRules({ today: options.today }))
    .superRefine(({ driverService, license }, ctx) => {
      if (licenseRequired(driverService, license)) {
        ctx.addIssue({ code: "custom", path: ["license"], message: validationMessages.licenseRequired });
      }
    });
}

/** The booking form without the past-date rule (see `createBookingFormSchema`). */
export const bookingFormSchema = createBookingFormSchema();
export type BookingFormValues = z.infer<typeof bookingFormSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** The `POST /api/bookings` body for a filled form, a car and the quote the customer saw. */
export function toPublicBookingRequest(
  form: BookingFormValues,
  carId: string,
  quote: PriceSummary,
  documents?: { photoId1Url: string | null; photoId2Url: string | null; proofOfBillingUrl: string | null },
): PublicBookingRequestBody {
  return {
    customer: {
      fullName: form.fullName,
      email: form.email,
      phone: form.phone,
      license: form.license || null,
      facebookProfile: form.facebookProfile || null,
    },
    booking: {
      carId,
      pickupDate: form.pickupDate,
      returnDate: form.returnDate,
      pickupTime: form.pickupTime,
      withDriver: quote.withDriver,
      driverService: form.driverService,
      distanceService: form.distanceService,
      wantsDelivery: form.wantsDelivery,
      deliveryAddress: form.wantsDelivery ? form.deliveryAddress : null,
      totalDays: quote.days,
      dailyRate: quote.dailyRate,
      driverFee: quote.driverFee,
      subtotal: quote.subtotal,
      insurance: quote.insurance,
      total: quote.total,
      distanceFee: quote.distanceFee,
    },
    ...(documents ? { documents } : {}),
  };
}

/** The three documents of one booking (object paths; null = not uploaded). */
export const bookingDocumentsSchema = z.object({
  photoId1Url: z.string().nullable(),
  photoId2Url: z.string().nullable(),
  proofOfBillingUrl: z.string().nullable(),
});
export type BookingDocuments = z.infer<typeof bookingDocumentsSchema>;

/**
 * A booking as the admin area and the confirmation read it. `status` falls
 * back to pending for an unknown value (spec §4).
 */
export const bookingViewSchema = z.object({
  id: idSchema,
  /** The short reference people quote (`ACR-7K3Q9P`, release-2 §D1). */
  reference: z.string(),
  createdAt: timestampSchema,
  customerId: idSchema,
  customerName: z.string(),
  customerEmail: z.string(),
  carId: idSchema,
  carName: z.string(),
  carCategory: z.string(),
  pickupDate: dateStringSchema,
  returnDate: dateStringSchema,
  pickupTime: timeSlotSchema,
  totalDays: z.number().int().nonnegative(),
  dailyRate: moneySchema,
  subtotal: moneySchema,
  withDriver: z.boolean(),
  driverFee: moneySchema,
  driverService: driverServiceSchema,
  distanceService: distanceServiceSchema,
  distanceFee: moneySchema,
  insurance: moneySchema,
  total: moneySchema,
  /**
   * Release-2 §E2: the security deposit asked with this booking (its car's at
   * booking time; 0 for bookings made before deposits), never part of `total`.
   * Absent in mirror rows stored before (read as 0).
   */
  deposit: moneySchema.default("0.00"),
  amountPaid: moneySchema,
  status: bookingStatusSchema.catch("pending"),
  wantsDelivery: z.boolean(),
  deliveryAddress: z.string().nullable(),
  /**
   * The vehicle's price lines as the booking was priced (release-2 §E1), and
   * its length discount; absent in older mirrors (then one line: totalDays ×
   * dailyRate = subtotal, see `bookingPriceLines`).
   */
  priceLines: z.array(rentalLineSchema).optional(),
  discount: discountLineSchema.nullable().optional(),
  /** Documents belong to the booking they were uploaded for (release 2 A3); absent in older mirrors. */
  documents: bookingDocumentsSchema.optional(),
  /**
   * The driver's licence number typed with this public booking (release-2
   * §C3, §E3), as typed; null when none was (an admin's booking, one made
   * before it was kept), absent in older mirrors: then the customer's.
   */
  driverLicense: z.string().nullable().optional(),
  version: versionSchema,
  updatedAt: timestampSchema,
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/**
 * Answer of `POST /api/bookings`. `customer` carries only what the visitor
 * typed back and no id, and the booking no `customerId`: a public call must
 * not reveal whether a customer record existed, nor its id or stored details
 * (release 2 A3). `bookingToken` authorizes `PUT /api/bookings/:id/documents`
 * with `booking.id`.
 */
export const publicBookingResponseSchema = z.object({
  customer: z.object({ fullName: z.string(), email: z.string() }),
  booking: bookingViewSchema.omit({ customerId: true }),
  car: carSchema,
  bookingToken: z.string().min(1).max(textLimits.token),
});
export type PublicBookingResponse = z.infer<typeof publicBookingResponseSchema>;

/**
 * Body of `POST /api/admin/bookings` (spec §3 "Admin-created booking"); the car
 * is found by `carId` when given, else by name. The admin's `total` stands.
 */
export const adminBookingInputSchema = z
  .object({
    customerEmail: emailSchema,
    // As in the admin customer form (spec §5: only "required"): its initial booking carries the same name.
    customerName: requiredText(textLimits.name, validationMessages.fullNameRequired),
    carName: requiredText(textLimits.name),
    carId: idSchema.optional(),
    /**
     * The customer on file the booking is for (the admin's New Booking): a
     * customer deleted meanwhile is refused (404), and one whose e-mail was
     * changed elsewhere is still the one booked. Without it the customer is
     * found by `customerEmail`, or created.
     */
    customerId: idSchema.optional(),
    pickupDate: requiredDateSchema(validationMessages.pickupDateRequired),
    returnDate: requiredDateSchema(validationMessages.returnDateRequired),
    pickupTime: pickupTimeInputSchema,
    total: moneySchema,
    status: bookingStatusSchema.default("pending"),
    /** The id the browser chose for the booking. */
    ...clientIdShape,
  })
  .superRefine(bookingRules({ admin: true }));
export type AdminBookingInput = z.infer<typeof adminBookingInputSchema>;
export type AdminBookingInputBody = z.input<typeof adminBookingInputSchema>;

/** Body of `PATCH /api/admin/bookings/:id/status`. */
export const bookingStatusInputSchema = z.object({ status: bookingStatusSchema });
export type BookingStatusInput = z.infer<typeof bookingStatusInputSchema>;

/** Default and largest page of `GET /api/admin/bookings`. */
export const BOOKING_LIST_LIMITS = { default: 500, max: 5000 } as const;

/**
 * Query of `GET /api/admin/bookings` (newest first), every part optional:
 * `status`, `from` (bookings ending on or after), `to` (starting on or
 * before), `before` (ending before: the bookings older than the admin
 * mirror's window, issue #23), `customerId`, `q` (reference, customer name or
 * e-mail, car name), `limit` (default 500, at most 5000) and `offset`, for pages.
 */
export const bookingListQuerySchema = z.object({
  status: bookingStatusSchema.optional(),
  from: dateStringSchema.optional(),
  to: dateStringSchema.optional(),
  before: dateStringSchema.optional(),
  /** One customer's bookings. */
  customerId: idSchema.optional(),
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOOKING_LIST_LIMITS.max).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/**
 * `GET /api/admin/booking-totals?before=<date>`: the overview's figures over
 * the bookings returning before `before` (issue #23: those older than the
 * admin mirror's window, which the tablet adds to its own).
 */
export const bookingTotalsQuerySchema = z.object({ before: dateStringSchema });
export const bookingTotalsSchema = z.object({
  before: dateStringSchema,
  bookings: z.number().int().min(0),
  pendingBookings: z.number().int().min(0),
  /** Totals of the completed bookings. */
  earnings: z.string(),
  /** Totals of the pending, confirmed and active bookings. */
  pendingRevenue: z.string(),
});
export type BookingTotals = z.infer<typeof bookingTotalsSchema>;

/**
 * Body of `PUT /api/bookings/:id/documents`: the three object paths (null or
 * absent = unchanged) and the `bookingToken` the booking call returned.
 */
export const documentsInputSchema = z.object({
  ...documentsShape,
  bookingToken: z.string().min(1).max(textLimits.token),
});
export type DocumentsInput = z.infer<typeof documentsInputSchema>;
export type DocumentsInputBody = z.input<typeof documentsInputSchema>;
