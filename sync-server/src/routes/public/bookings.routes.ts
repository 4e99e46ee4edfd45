import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { blockedNameCheckQuerySchema, type BlockedNameCheck } from "@car-rental/shared/schemas/blocked-name";
import {
  bookingViewSchema,
  publicBookingRequestSchema,
  publicBookingResponseSchema,
} from "@car-rental/shared/schemas/booking";
import * as z from "zod";
import { documentsInputSchema } from "@car-rental/shared/schemas/customer";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse, parseBody, recordId } from "../../middleware/validate";
import { BookingNotFound, Gone } from "../../errors";
import {
  bookingCalendarQuerySchema,
  bookingCancelSchema,
  bookingLookupSchema,
} from "@car-rental/shared/schemas/my-booking";
import { bookingCalendar, cancelBooking, lookupBooking } from "../../services/bookings/my-booking.service";
import {
  CUSTOMER_DOCUMENTS_GONE_MESSAGE,
  attachDocuments,
  createPublicBooking,
  isNameBlocked,
  limitPublicBookings,
} from "../../services/bookings/public-booking.service";

/**
 * The read-only fields a client may send back with a booking (ignored): the
 * answer's, and release 1's `customer.id` and `booking.customerId`, which a
 * client built against release 1 may still round-trip.
 */
const bookingReadOnlyFields = publicBookingResponseSchema.extend({
  customer: publicBookingResponseSchema.shape.customer.extend({ id: z.string().optional() }),
  booking: bookingViewSchema,
});

/** A booking id from the path; anything else is My booking's one 404. */
function bookingIdOrNotFound(params: Record<string, string | undefined>): string {
  try {
    return recordId(params, "Booking not found");
  } catch {
    throw new BookingNotFound();
  }
}

/** Booking, the documents retry path (and its release-1 path, 410), and the blocked-name check. */
export function publicBookingRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post("/api/bookings", async (ctx) => {
    const db = requestDb(ctx);
    await limitPublicBookings(db, ctx.ip, deps.clock.now(), deps.config.rateLimitScale);
    const request = parseBody(publicBookingRequestSchema, ctx.request.body, bookingReadOnlyFields);
    ctx.status = 201;
    ctx.body = await createPublicBooking(deps, db, request);
  });

  router.put(routes.attachDocuments.path, async (ctx) => {
    const id = recordId(ctx.params, "Booking not found");
    const input = parseBody(documentsInputSchema, ctx.request.body);
    ctx.body = await attachDocuments(deps, requestDb(ctx), id, input);
  });

  // My booking (release-2 §D2, §D3). A malformed id is the same 404 as a wrong token.
  router.post(routes.lookupBooking.path, async (ctx) => {
    const input = parseBody(bookingLookupSchema, ctx.request.body);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await lookupBooking(deps, requestDb(ctx), ctx.ip, input);
  });

  router.post(routes.cancelBooking.path, async (ctx) => {
    const id = bookingIdOrNotFound(ctx.params);
    const { bookingToken } = parseBody(bookingCancelSchema, ctx.request.body);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await cancelBooking(deps, requestDb(ctx), id, bookingToken);
  });

  router.get(routes.bookingCalendar.path, async (ctx) => {
    const id = bookingIdOrNotFound(ctx.params);
    const parsed = bookingCalendarQuerySchema.safeParse(ctx.query);
    if (!parsed.success) throw new BookingNotFound();
    const { reference, file } = await bookingCalendar(deps, requestDb(ctx), id, parsed.data.token);
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="${reference}.ics"`);
    ctx.type = "text/calendar; charset=utf-8";
    ctx.body = file;
  });

  // Release 1's path: documents belong to bookings now (release 2 A3). Nothing is read or changed.
  router.put("/api/customers/:id/documents", () => {
    throw new Gone(CUSTOMER_DOCUMENTS_GONE_MESSAGE);
  });

  router.get("/api/blocked-names/check", async (ctx) => {
    const { name } = parse(blockedNameCheckQuerySchema, ctx.query);
    ctx.set("Cache-Control", "no-store");
    const body: BlockedNameCheck = { isBlocked: await isNameBlocked(requestDb(ctx), name) };
    ctx.body = body;
  });

  return router;
}
