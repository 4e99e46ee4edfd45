/**
 * The public part of the route table (`api.ts`): the calls the public pages
 * make (the fleet, booking, My Booking, uploads, contact). Kept apart so that
 * a visitor's browser loads these routes' schemas only, not the admin area's
 * (`api.ts` spreads them into the one table the server mounts).
 */
import * as z from "zod";
import { carSchema } from "./schemas/car";
import {
  bookedRangeSchema,
  documentsInputSchema,
  publicBookingRequestSchema,
  publicBookingResponseSchema,
} from "./schemas/booking";
import { blockedNameCheckQuerySchema, blockedNameCheckSchema } from "./schemas/blocked-name-check";
import { okResponseSchema } from "./schemas/common";
import { contactMessageSchema } from "./schemas/contact";
import {
  bookingCalendarQuerySchema,
  bookingCancelSchema,
  bookingLookupSchema,
  myBookingSchema,
} from "./schemas/my-booking";
import { ratesResponseSchema } from "./schemas/rates";
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

/** The routes the public pages call (all `auth: "public"`). */
export const publicRoutes = {
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
} as const satisfies Record<string, RouteDefinition>;

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
