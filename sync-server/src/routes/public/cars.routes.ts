import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { manilaToday } from "@car-rental/shared/dates";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import type { BookedDatesCache } from "../../services/cars/booked-dates-cache";
import { bookedDates, etagMatches, listPublicCars, weakEtag } from "../../services/cars/cars.service";
import { mount } from "../mount";

/**
 * The public fleet. `GET /api/cars` carries a weak ETag of its body and
 * answers 304 when `If-None-Match` matches; `Cache-Control: no-cache` makes
 * browsers and the service worker revalidate every time (cheap with the ETag).
 * Booked dates come through the process's micro-cache (see BookedDatesCache).
 */
export function publicCarRoutes(deps: AppDeps, bookedDatesCache: BookedDatesCache): Router {
  const router = new Router();

  mount(router, routes.listCars, async (ctx) => {
    const cars = await listPublicCars(requestDb(ctx));
    const etag = weakEtag(cars);
    ctx.set("Cache-Control", "no-cache");
    ctx.set("ETag", etag);
    if (etagMatches(ctx.get("If-None-Match"), etag)) {
      ctx.status = 304;
      return;
    }
    ctx.body = cars;
  });

  mount(router, routes.carBookedDates, async (ctx) => {
    const id = recordId(ctx.params, "Car not found");
    ctx.set("Cache-Control", "no-cache");
    const today = manilaToday(deps.clock.now());
    ctx.body = await bookedDatesCache.get(`${id} ${today}`, () => bookedDates(requestDb(ctx), id, today));
  });

  return router;
}
