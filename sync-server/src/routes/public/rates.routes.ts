import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { requestDb } from "../../middleware/request-db";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { listRates } from "../../services/rates/rates.service";
import { serialiseAnswer } from "../../services/serialised-answer";
import { sendSnapshot } from "./send-answer";
import { mount } from "../mount";

/**
 * `GET /api/rates` (release-2 §E1), served like the fleet: from the
 * process's in-memory snapshot with a strong ETag, emptied by writes and by
 * the change feed (see PublicReadCaches).
 */
export function publicRateRoutes(caches: PublicReadCaches): Router {
  const router = new Router();
  mount(router, routes.listRates, async (ctx) => {
    const rates = await caches.rates.get(RATES_KEY, async () =>
      serialiseAnswer(await listRates(requestDb(ctx))),
    );
    sendSnapshot(ctx, rates);
  });
  return router;
}

/** The rates' one entry in their cache. */
export const RATES_KEY = "rates";
