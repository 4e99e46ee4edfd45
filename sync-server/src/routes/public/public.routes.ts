import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import type { BookedDatesCache } from "../../services/cars/booked-dates-cache";
import { publicBookingRoutes } from "./bookings.routes";
import { publicCarRoutes } from "./cars.routes";
import { publicContactRoutes } from "./contact.routes";

/** Every public API route: the fleet, booked dates, booking, documents, the blocked-name check, contact. */
export function publicRoutes(deps: AppDeps, bookedDatesCache: BookedDatesCache): Router {
  const router = new Router();
  for (const resource of [
    publicCarRoutes(deps, bookedDatesCache),
    publicBookingRoutes(deps),
    publicContactRoutes(deps),
  ]) {
    router.use(resource.routes());
    router.use(resource.allowedMethods());
  }
  return router;
}
