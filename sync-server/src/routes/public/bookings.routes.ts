import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Context, Middleware } from "koa";
import { nameKey, type BlockedNameCheck } from "@car-rental/shared/schemas/blocked-name";
import { bookingViewSchema, publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import * as z from "zod";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse, recordId } from "../../middleware/validate";
import { BookingNotFound, Gone } from "../../errors";
import { bookingCalendarQuerySchema } from "@car-rental/shared/schemas/my-booking";
import { bookingCalendar, cancelBooking, lookupBooking } from "../../services/bookings/my-booking.service";
import {
  CUSTOMER_DOCUMENTS_GONE_MESSAGE,
  attachDocuments,
  createPublicBooking,
  limitPublicBookings,
} from "../../services/bookings/public-booking.service";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { serialiseAnswer, type SerialisedAnswer } from "../../services/serialised-answer";
import { sendAnswer } from "./send-answer";
import { isNameBlocked } from "../../services/blocked-names/blocklist-match";
import { mount, parseBodyEarly } from "../mount";

/**
 * The read-only fields a client may send back with a booking (ignored): the
 * answer's, and release 1's `customer.id` and `booking.customerId`, which a
 * client built against release 1 may still round-trip.
 */
const bookingReadOnlyFields = publicBookingResponseSchema.extend({
  customer: publicBookingResponseSchema.shape.customer.extend({ id: z.string().optional() }),
  booking: bookingViewSchema,
});

/** How POST /api/bookings's body is parsed (by its route, or before the transaction: limitBookingAttempts). */
const createBookingOptions = { readOnly: bookingReadOnlyFields };

/** A booking id from the path; anything else is My booking's one 404. */
function bookingIdOrNotFound(params: Record<string, string | undefined>): string {
  try {
    return recordId(params, "Booking not found");
  } catch {
    throw new BookingNotFound();
  }
}

/**
 * Counts every public booking attempt against its address's limit (429 past
 * it), before anything else works on the request: in front of the upload
 * checks and outside the idempotency layer's transaction. In the transaction,
 * the count's row would stay locked until the booking commits (every booking
 * from one address, a whole carrier-grade NAT, would wait for the one before),
 * and a refused attempt's rollback would take its count back.
 */
export function limitBookingAttempts(deps: AppDeps): Middleware {
  const { method, path } = routes.createBooking;
  // The body is parsed here too, before the idempotency layer's transaction opens (parseBodyEarly).
  const parseEarly = parseBodyEarly(routes.createBooking, createBookingOptions);
  return async function countBookingAttempt(ctx, next) {
    if (ctx.method === method && ctx.path === path) {
      await limitPublicBookings(deps.db.knex, ctx.ip, deps.clock.now(), deps.config.rateLimitScale);
      return parseEarly(ctx, next);
    }
    return next();
  };
}

/** The body's booking token when the body holds a valid one, else `fallback`. */
function tokenOfBodyOr(input: () => { bookingToken: string }, fallback: string): string {
  try {
    return input().bookingToken;
  } catch {
    return fallback;
  }
}

/** Booking, the documents retry path (and its release-1 path, 410), and the blocked-name check. */
export function publicBookingRoutes(deps: AppDeps, caches: PublicReadCaches): Router {
  const router = new Router();

  mount(
    router,
    routes.createBooking,
    // The attempt was counted before (limitBookingAttempts).
    async (ctx, input) => {
      const request = input();
      ctx.status = 201;
      ctx.body = await createPublicBooking(deps, requestDb(ctx), request);
    },
    createBookingOptions,
  );

  mount(router, routes.attachDocuments, async (ctx, input) => {
    const id = recordId(ctx.params, "Booking not found");
    ctx.body = await attachDocuments(deps, requestDb(ctx), id, input());
  });

  // My booking (release-2 §D2, §D3). A malformed id is the same 404 as a wrong token.
  mount(router, routes.lookupBooking, async (ctx, input) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await lookupBooking(deps, requestDb(ctx), ctx.ip, input());
  });

  mount(router, routes.cancelBooking, async (ctx, input) => {
    const id = bookingIdOrNotFound(ctx.params);
    // The token in the body ({bookingToken}), or in the address as calendar.ics takes it (?token=).
    const inAddress = bookingCalendarQuerySchema.safeParse(ctx.query);
    const bookingToken = inAddress.success
      ? tokenOfBodyOr(input, inAddress.data.token)
      : input().bookingToken;
    ctx.set("Cache-Control", "no-store");
    ctx.body = await cancelBooking(deps, requestDb(ctx), id, bookingToken);
  });

  mount(router, routes.bookingCalendar, async (ctx) => {
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

  mount(router, routes.checkBlockedName, async (ctx) => {
    const { name } = parse(routes.checkBlockedName.query, ctx.query);
    ctx.set("Cache-Control", "no-store");
    // One answer per normalised name, kept serialised until blocked_names changes.
    const answer = await caches.blockedNames.get(nameKey(name), async () => {
      const body: BlockedNameCheck = { isBlocked: await isNameBlocked(requestDb(ctx), name) };
      return serialiseAnswer(body);
    });
    sendBlockedNameCheck(ctx, answer);
  });

  return router;
}

/** The blocked-name check's answer: never stored by a browser (whether a name is blocked is not for caches). */
export function sendBlockedNameCheck(ctx: Context, answer: SerialisedAnswer): void {
  ctx.set("Cache-Control", "no-store");
  sendAnswer(ctx, answer, { etag: false });
}
