/**
 * The route table: every call between the PWA and the sync server, with its
 * method, path (Koa-style `:params`), who may call it, and the schemas of its
 * JSON body, query and answer. The server mounts handlers from it and the
 * PWA's client builds requests from it, so the two cannot drift apart.
 */
import * as z from "zod";
import { adminCarSchema, carCreateSchema, carInputSchema } from "./schemas/car";
import {
  adminBookingInputSchema,
  bookingStatusInputSchema,
  bookingViewSchema,
  bookingListQuerySchema,
  bookingTotalsQuerySchema,
  bookingTotalsSchema,
} from "./schemas/booking";
import { blockedNameInputSchema, blockedNameSchema } from "./schemas/blocked-name";
import { blockInputSchema, blockSchema } from "./schemas/block";
import { checkInInputSchema, checkOutInputSchema } from "./schemas/handover";
import { contactMessageListQuerySchema, contactMessageRecordSchema } from "./schemas/contact";
import { okResponseSchema } from "./schemas/common";
import {
  adminCustomerSchema,
  customerChangesSchema,
  customerCreateSchema,
  customerRecordSchema,
} from "./schemas/customer";
import { paymentInputSchema, paymentResponseSchema } from "./schemas/payment";
import {
  lengthDiscountListSchema,
  lengthDiscountsInputSchema,
  ratePeriodInputSchema,
  ratePeriodRecordSchema,
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

import { publicRoutes, type RouteDefinition } from "./api-public";

export {
  buildPath,
  healthResponseSchema,
  publicRoutes,
  type HttpMethod,
  type PathParams,
  type RouteDefinition,
} from "./api-public";

/** Every route: the public ones (`api-public.ts`) and the admin area's. */
export const routes = {
  ...publicRoutes,
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
  /** Release 2 §D4: the contact messages a notification opens, newest first (read online). */
  listContactMessages: {
    method: "GET",
    path: "/api/admin/messages",
    auth: "admin",
    request: null,
    query: contactMessageListQuerySchema,
    response: z.array(contactMessageRecordSchema),
  },
  /** 404 `NOT_FOUND` when there is no such message. */
  getContactMessage: {
    method: "GET",
    path: "/api/admin/messages/:id",
    auth: "admin",
    request: null,
    query: null,
    response: contactMessageRecordSchema,
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
