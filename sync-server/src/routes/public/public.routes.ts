import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { publicBookingRoutes } from "./bookings.routes";
import { publicCarRoutes } from "./cars.routes";
import { publicContactRoutes } from "./contact.routes";
import { publicRateRoutes } from "./rates.routes";

/** Every public API route: the fleet, booked dates, booking, documents, the blocked-name check, contact, rates. */
export function publicRoutes(deps: AppDeps, readCaches: PublicReadCaches): Router {
  const router = new Router();
  for (const resource of [
    publicCarRoutes(deps, readCaches),
    publicBookingRoutes(deps, readCaches),
    publicContactRoutes(deps),
    publicRateRoutes(readCaches),
  ]) {
    router.use(resource.routes());
    router.use(resource.allowedMethods());
  }
  return router;
}
