import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Context } from "koa";
import { manilaTodayMemo } from "@car-rental/shared/dates";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import { bookedDates, listPublicCars } from "../../services/cars/cars.service";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { serialiseAnswer, type SerialisedAnswer } from "../../services/serialised-answer";
import { sendAnswer, sendSnapshot } from "./send-answer";
import { mount } from "../mount";

/**
 * The public fleet, served from the process's in-memory snapshot: the JSON
 * serialised and compressed once, with a strong ETag (a matching
 * `If-None-Match` is answered 304); `Cache-Control: no-cache` makes browsers
 * and the service worker revalidate every time (cheap with the ETag). Booked
 * dates come through the per-car-and-day micro-cache, kept serialised too.
 * Both are emptied by writes and by the change feed (see PublicReadCaches).
 */
export function publicCarRoutes(deps: AppDeps, caches: PublicReadCaches): Router {
  const router = new Router();

  mount(router, routes.listCars, async (ctx) => {
    const fleet = await caches.fleet.get(FLEET_KEY, async () =>
      serialiseAnswer(await listPublicCars(requestDb(ctx))),
    );
    sendSnapshot(ctx, fleet);
  });

  const today = manilaTodayMemo();
  mount(router, routes.carBookedDates, async (ctx) => {
    // Set first: a refusal (an unknown car) or a failed read is not kept by a cache either.
    ctx.set("Cache-Control", "no-cache");
    const day = today(deps.clock.now());
    // A hit needs no check of the id: only an answer to a valid id is ever kept.
    const answer = await caches.bookedDates.get(bookedDatesKey(ctx.params.id, day), async () => {
      const id = recordId(ctx.params, "Car not found");
      return serialiseAnswer(await bookedDates(requestDb(ctx), id, day));
    });
    sendBookedDates(ctx, answer);
  });

  return router;
}

/** The fleet's one entry in its cache. */
export const FLEET_KEY = "fleet";
/** A booked-dates answer's entry: the car and the Manila day it was read on. */
export const bookedDatesKey = (carId: string | undefined, day: string) => `${carId} ${day}`;

export function sendBookedDates(ctx: Context, answer: SerialisedAnswer): void {
  ctx.set("Cache-Control", "no-cache");
  sendAnswer(ctx, answer, { etag: false });
}
