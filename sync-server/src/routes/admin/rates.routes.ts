import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import {
  RATE_PERIOD_NOT_FOUND,
  createRatePeriod,
  deleteRatePeriod,
  replaceLengthDiscounts,
  updateRatePeriod,
} from "../../services/rates/rates.service";
import { mount } from "../mount";

/**
 * Seasonal rates (release-2 §E1): add (201), change and remove (204) rate
 * periods, and replace the length discounts. Bookings already made keep
 * their prices.
 */
export function adminRateRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(
    router,
    routes.createRatePeriod,
    async (ctx, input) => {
      const period = await createRatePeriod(requestDb(ctx), input());
      ctx.status = 201;
      ctx.body = period;
    },
    { readOnly: routes.createRatePeriod.response },
  );

  mount(
    router,
    routes.updateRatePeriod,
    async (ctx, input) => {
      const id = recordId(ctx.params, RATE_PERIOD_NOT_FOUND);
      ctx.body = await updateRatePeriod(requestDb(ctx), id, input());
    },
    { readOnly: routes.updateRatePeriod.response },
  );

  mount(router, routes.deleteRatePeriod, async (ctx) => {
    const id = recordId(ctx.params, RATE_PERIOD_NOT_FOUND);
    await deleteRatePeriod(requestDb(ctx), id, deps.clock.now());
    ctx.status = 204;
  });

  mount(
    router,
    routes.updateLengthDiscounts,
    async (ctx, input) => {
      ctx.body = await replaceLengthDiscounts(requestDb(ctx), input());
    },
    { readOnly: routes.updateLengthDiscounts.response },
  );

  return router;
}
