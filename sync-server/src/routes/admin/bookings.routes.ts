import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { PaymentInput } from "@car-rental/shared/schemas/payment";
import type { AppDeps } from "../../deps";
import { PaymentRefused } from "../../errors";
import { requestDb } from "../../middleware/request-db";
import { parse, parseBody, recordId } from "../../middleware/validate";
import {
  addPayment,
  bookingTotalsBefore,
  createAdminBooking,
  listBookings,
  setBookingStatus,
} from "../../services/bookings/admin-bookings.service";
import { checkInBooking, checkOutBooking } from "../../services/bookings/handover.service";
import { mount } from "../mount";

const BOOKING_NOT_FOUND = "Booking not found";

/** A payment amount that is missing, zero, negative or not a number is PAYMENT_INVALID (422), as decisions.md asks. */
function parsePayment(body: unknown): PaymentInput {
  const schema = routes.addPayment.request;
  const result = schema.safeParse(body);
  if (!result.success && result.error.issues.some((issue) => issue.path[0] === "amount")) {
    throw new PaymentRefused("PAYMENT_INVALID");
  }
  return parseBody(schema, body);
}

/**
 * The admin's bookings: the list (booking views, newest first), creating one
 * (201, the view), changing its status (the view) and recording a payment
 * (the view with amountPaid updated, plus `booking` and the `payment` row).
 */
export function adminBookingRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.listBookings, async (ctx) => {
    const filter = parse(routes.listBookings.query, ctx.query);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listBookings(requestDb(ctx), filter);
  });

  mount(router, routes.bookingTotals, async (ctx) => {
    const { before } = parse(routes.bookingTotals.query, ctx.query);
    ctx.set("Cache-Control", "no-store");
    ctx.body = await bookingTotalsBefore(requestDb(ctx), before);
  });

  mount(
    router,
    routes.createAdminBooking,
    async (ctx, input) => {
      const fields = input();
      ctx.status = 201;
      ctx.body = await createAdminBooking(requestDb(ctx), fields);
    },
    { readOnly: routes.createAdminBooking.response },
  );

  mount(
    router,
    routes.updateBookingStatus,
    async (ctx, input) => {
      const id = recordId(ctx.params, BOOKING_NOT_FOUND);
      const { status } = input();
      ctx.body = await setBookingStatus(requestDb(ctx), id, status);
    },
    { readOnly: routes.updateBookingStatus.response },
  );

  mount(
    router,
    routes.addPayment,
    async (ctx, input) => {
      const id = recordId(ctx.params, BOOKING_NOT_FOUND);
      ctx.body = await addPayment(requestDb(ctx), id, input());
    },
    { parse: parsePayment },
  );

  // Release-2 §C3: the car goes out (confirmed → active) and comes back (active → completed).
  mount(router, routes.checkOutBooking, async (ctx, input) => {
    const id = recordId(ctx.params, BOOKING_NOT_FOUND);
    ctx.body = await checkOutBooking(deps, requestDb(ctx), id, input());
  });

  mount(router, routes.checkInBooking, async (ctx, input) => {
    const id = recordId(ctx.params, BOOKING_NOT_FOUND);
    ctx.body = await checkInBooking(deps, requestDb(ctx), id, input());
  });

  return router;
}
