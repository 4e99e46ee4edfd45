/**
 * The route table: every call between the PWA and the sync server, with its
 * method, path (Koa-style `:params`), who may call it, and the schemas of its
 * JSON body, query and answer. The server mounts handlers from it and the
 * PWA's client builds requests from it, so the two cannot drift apart.
 */
import * as z from "zod";
import { adminCarSchema, carCreateSchema, carInputSchema, carSchema } from "./schemas/car";
import {
  adminBookingInputSchema,
  bookedRangeSchema,
  bookingStatusInputSchema,
  bookingViewSchema,
  publicBookingRequestSchema,
  publicBookingResponseSchema,
  bookingListQuerySchema,
  bookingTotalsQuerySchema,
  bookingTotalsSchema,
} from "./schemas/booking";
import {
  blockedNameCheckQuerySchema,
  blockedNameCheckSchema,
  blockedNameInputSchema,
  blockedNameSchema,
} from "./schemas/blocked-name";
import { blockInputSchema, blockSchema } from "./schemas/block";
import { checkInInputSchema, checkOutInputSchema } from "./schemas/handover";
import { okResponseSchema } from "./schemas/common";
import { contactMessageSchema } from "./schemas/contact";
import {
  adminCustomerSchema,
  customerChangesSchema,
  customerCreateSchema,
  customerRecordSchema,
  documentsInputSchema,
} from "./schemas/customer";
import {
  bookingCalendarQuerySchema,
  bookingCancelSchema,
  bookingLookupSchema,
  myBookingSchema,
} from "./schemas/my-booking";
import { paymentInputSchema, paymentResponseSchema } from "./schemas/payment";
import {
  lengthDiscountListSchema,
  lengthDiscountsInputSchema,
  ratePeriodInputSchema,
  ratePeriodRecordSchema,
  ratesResponseSchema,
} from "./schemas/rates";
import {
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
} from "./schemas/push";
import {
  adminLoginSchema,
  adminPasswordChangeSchema,
  adminSessionSchema,
  noContentSchema,
} from "./schemas/session";
import { batchRequestSchema, batchResponseSchema } from "./schemas/batch";
import { syncQuerySchema, syncResponseSchema } from "./schemas/sync";
import { uploadRequestSchema, uploadResponseSchema } from "./schemas/upload";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDefinition {
  method: HttpMethod;
  /** Koa-style path, e.g. '/api/cars/:id/booked-dates'. */
  path: string;
  /**
   * 'admin' routes answer 401 without a valid session. `requestUpload` is
   * public, but its 'car-image' purpose needs the session too.
   */
  auth: "public" | "admin";
  /** Schema of the JSON body, or null when the call sends none. */
  request: z.ZodType | null;
  /** Schema of the query string (as strings), or null. */
  query: z.ZodType | null;
  /** Schema of the 2xx JSON answer. */
  response: z.ZodType;
}

export const healthResponseSchema = z.object({ status: z.literal("ok") });

export const routes = {
  health: {
    method: "GET",
    path: "/api/health",
    auth: "public",
    request: null,
    query: null,
    response: healthResponseSchema,
  },
  listCars: {
    method: "GET",
    path: "/api/cars",
    auth: "public",
    request: null,
    query: null,
    response: z.array(carSchema),
  },
  carBookedDates: {
    method: "GET",
    path: "/api/cars/:id/booked-dates",
    auth: "public",
    request: null,
    query: null,
    response: z.array(bookedRangeSchema),
  },
  checkBlockedName: {
    method: "GET",
    path: "/api/blocked-names/check",
    auth: "public",
    request: null,
    query: blockedNameCheckQuerySchema,
    response: blockedNameCheckSchema,
  },
  /** Release-2 §E1: the seasonal rate periods and the length discounts the prices follow. */
  listRates: {
    method: "GET",
    path: "/api/rates",
    auth: "public",
    request: null,
    query: null,
    response: ratesResponseSchema,
  },
  requestUpload: {
    method: "POST",
    path: "/api/objects/upload",
    auth: "public",
    request: uploadRequestSchema,
    query: null,
    response: uploadResponseSchema,
  },
  createBooking: {
    method: "POST",
    path: "/api/bookings",
    auth: "public",
    request: publicBookingRequestSchema,
    query: null,
    response: publicBookingResponseSchema,
  },
  attachDocuments: {
    method: "PUT",
    path: "/api/bookings/:id/documents",
    auth: "public",
    request: documentsInputSchema,
    query: null,
    response: okResponseSchema,
  },
  /** 404 `BOOKING_NOT_FOUND` for a wrong reference, contact or token alike; 429 after 10 failures per address in 15 minutes. */
  lookupBooking: {
    method: "POST",
    path: "/api/bookings/lookup",
    auth: "public",
    request: bookingLookupSchema,
    query: null,
    response: myBookingSchema,
  },
  /** With the booking token; 409 `CANCELLATION_CLOSED` unless pending/confirmed and pickup at least 24 h away. */
  cancelBooking: {
    method: "POST",
    path: "/api/bookings/:id/cancel",
    auth: "public",
    request: bookingCancelSchema,
    query: null,
    response: myBookingSchema,
  },
  /** The booking as one iCalendar event (`text/calendar`, not JSON). */
  bookingCalendar: {
    method: "GET",
    path: "/api/bookings/:id/calendar.ics",
    auth: "public",
    request: null,
    query: bookingCalendarQuerySchema,
    response: z.string(),
  },
  sendContactMessage: {
    method: "POST",
    path: "/api/contact",
    auth: "public",
    request: contactMessageSchema,
    query: null,
    response: okResponseSchema,
  },
  adminLogin: {
    method: "POST",
    path: "/api/admin/session",
    auth: "public",
    request: adminLoginSchema,
    query: null,
    response: adminSessionSchema,
  },
  adminSession: {
    method: "GET",
    path: "/api/admin/session",
    auth: "public",
    request: null,
    query: null,
    response: adminSessionSchema,
  },
  adminLogout: {
    method: "DELETE",
    path: "/api/admin/session",
    auth: "public",
    request: null,
    query: null,
    response: adminSessionSchema,
  },
  /** 204 on success; 401 `INVALID_PASSWORD` (counts as a failed sign-in); 422 `PASSWORD_TOO_WEAK`. */
  changeAdminPassword: {
    method: "PUT",
    path: "/api/admin/password",
    auth: "admin",
    request: adminPasswordChangeSchema,
    query: null,
    response: noContentSchema,
  },
  listCustomers: {
    method: "GET",
    path: "/api/admin/customers",
    auth: "admin",
    request: null,
    query: null,
    response: z.array(adminCustomerSchema),
  },
  listBookings: {
    method: "GET",
    path: "/api/admin/bookings",
    auth: "admin",
    request: null,
    query: bookingListQuerySchema,
    response: z.array(bookingViewSchema),
  },
  bookingTotals: {
    method: "GET",
    path: "/api/admin/booking-totals",
    auth: "admin",
    request: null,
    query: bookingTotalsQuerySchema,
    response: bookingTotalsSchema,
  },
  listBlockedNames: {
    method: "GET",
    path: "/api/admin/blocked-names",
    auth: "admin",
    request: null,
    query: null,
    response: z.array(blockedNameSchema),
  },
  listAdminCars: {
    method: "GET",
    path: "/api/admin/cars",
    auth: "admin",
    request: null,
    query: null,
    response: z.array(adminCarSchema),
  },
  createCar: {
    method: "POST",
    path: "/api/admin/cars",
    auth: "admin",
    request: carCreateSchema,
    query: null,
    response: adminCarSchema,
  },
  updateCar: {
    method: "PUT",
    path: "/api/admin/cars/:id",
    auth: "admin",
    request: carInputSchema,
    query: null,
    response: adminCarSchema,
  },
  deleteCar: {
    method: "DELETE",
    path: "/api/admin/cars/:id",
    auth: "admin",
    request: null,
    query: null,
    response: okResponseSchema,
  },
  createCustomer: {
    method: "POST",
    path: "/api/admin/customers",
    auth: "admin",
    request: customerCreateSchema,
    query: null,
    response: customerRecordSchema,
  },
  updateCustomer: {
    method: "PUT",
    path: "/api/admin/customers/:id",
    auth: "admin",
    request: customerChangesSchema,
    query: null,
    response: customerRecordSchema,
  },
  deleteCustomer: {
    method: "DELETE",
    path: "/api/admin/customers/:id",
    auth: "admin",
    request: null,
    query: null,
    response: okResponseSchema,
  },
  createAdminBooking: {
    method: "POST",
    path: "/api/admin/bookings",
    auth: "admin",
    request: adminBookingInputSchema,
    query: null,
    response: bookingViewSchema,
  },
  updateBookingStatus: {
    method: "PATCH",
    path: "/api/admin/bookings/:id/status",
    auth: "admin",
    request: bookingStatusInputSchema,
    query: null,
    response: bookingViewSchema,
  },
  addPayment: {
    method: "PATCH",
    path: "/api/admin/bookings/:id/payment",
    auth: "admin",
    request: paymentInputSchema,
    query: null,
    response: paymentResponseSchema,
  },
  /**
   * Release-2 §C3: a confirmed booking's car goes out (200, the booking, status `active`).
   * 409 `INVALID_TRANSITION` unless confirmed; a replay of the same check-out answers the booking again.
   */
  checkOutBooking: {
    method: "POST",
    path: "/api/admin/bookings/:id/check-out",
    auth: "admin",
    request: checkOutInputSchema,
    query: null,
    response: bookingViewSchema,
  },
  /**
   * Release-2 §C3: an active booking's car is back (200, the booking, status `completed`, the
   * charges added to its total). 409 `INVALID_TRANSITION` unless active; 422 `ODOMETER_BEFORE_CHECKOUT`.
   */
  checkInBooking: {
    method: "POST",
    path: "/api/admin/bookings/:id/check-in",
    auth: "admin",
    request: checkInInputSchema,
    query: null,
    response: bookingViewSchema,
  },
  createBlock: {
    method: "POST",
    path: "/api/admin/cars/:id/blocks",
    auth: "admin",
    request: blockInputSchema,
    query: null,
    response: blockSchema,
  },
  deleteBlock: {
    method: "DELETE",
    path: "/api/admin/blocks/:id",
    auth: "admin",
    request: null,
    query: null,
    response: noContentSchema,
  },
  createRatePeriod: {
    method: "POST",
    path: "/api/admin/rate-periods",
    auth: "admin",
    request: ratePeriodInputSchema,
    query: null,
    response: ratePeriodRecordSchema,
  },
  updateRatePeriod: {
    method: "PUT",
    path: "/api/admin/rate-periods/:id",
    auth: "admin",
    request: ratePeriodInputSchema,
    query: null,
    response: ratePeriodRecordSchema,
  },
  deleteRatePeriod: {
    method: "DELETE",
    path: "/api/admin/rate-periods/:id",
    auth: "admin",
    request: null,
    query: null,
    response: noContentSchema,
  },
  updateLengthDiscounts: {
    method: "PUT",
    path: "/api/admin/length-discounts",
    auth: "admin",
    request: lengthDiscountsInputSchema,
    query: null,
    response: lengthDiscountListSchema,
  },
  blockName: {
    method: "POST",
    path: "/api/admin/blocked-names",
    auth: "admin",
    request: blockedNameInputSchema,
    query: null,
    response: blockedNameSchema,
  },
  unblockName: {
    method: "DELETE",
    path: "/api/admin/blocked-names/:id",
    auth: "admin",
    request: null,
    query: null,
    response: okResponseSchema,
  },
  adminSync: {
    method: "GET",
    path: "/api/admin/sync",
    auth: "admin",
    request: null,
    query: syncQuerySchema,
    response: syncResponseSchema,
  },
  adminBatch: {
    method: "POST",
    path: "/api/admin/batch",
    auth: "admin",
    request: batchRequestSchema,
    query: null,
    response: batchResponseSchema,
  },
  pushKey: {
    method: "GET",
    path: "/api/admin/push/key",
    auth: "admin",
    request: null,
    query: null,
    response: pushKeySchema,
  },
  subscribePush: {
    method: "POST",
    path: "/api/admin/push/subscriptions",
    auth: "admin",
    request: pushSubscriptionInputSchema,
    query: null,
    response: pushSubscriptionStateSchema,
  },
  unsubscribePush: {
    method: "POST",
    path: "/api/admin/push/subscriptions/delete",
    auth: "admin",
    request: pushUnsubscribeSchema,
    query: null,
    response: pushSubscriptionStateSchema,
  },
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The body a client sends to route `N` (before defaults), or undefined when none. */
export type RouteRequestBody<N extends RouteName> = SchemaInput<Routes[N]["request"]>;
/** The body a handler works with after parsing. */
export type RouteRequest<N extends RouteName> = SchemaOutput<Routes[N]["request"]>;
export type RouteQuery<N extends RouteName> = SchemaInput<Routes[N]["query"]>;
/** The parsed answer of route `N`. */
export type RouteResponse<N extends RouteName> = SchemaOutput<Routes[N]["response"]>;

type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:params` of a path as an object: PathParams<'/api/cars/:id'> is {id: string}. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/**
 * A concrete URL path: each `:param` replaced by its URL-encoded value, and
 * the defined `query` entries appended.
 * @throws Error when a parameter is missing or empty.
 */
export function buildPath<P extends string>(
  path: P,
  params: PathParams<P>,
  query?: Record<string, string | undefined>,
): string {
  const values: Partial<Record<string, string>> = params;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(key, value);
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}
