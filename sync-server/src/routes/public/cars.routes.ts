import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Context, Middleware } from "koa";
import { manilaTodayMemo } from "@car-rental/shared/dates";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import { bookedDates, listPublicCars } from "../../services/cars/cars.service";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { serialiseAnswer, type SerialisedAnswer } from "../../services/serialised-answer";
import { sendAnswer } from "./send-answer";
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
    sendFleet(ctx, fleet);
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

const FLEET_KEY = "fleet";
const bookedDatesKey = (carId: string | undefined, day: string) => `${carId} ${day}`;

function sendFleet(ctx: Context, fleet: SerialisedAnswer): void {
  ctx.set("Cache-Control", "no-cache");
  sendAnswer(ctx, fleet, { etag: true });
}

function sendBookedDates(ctx: Context, answer: SerialisedAnswer): void {
  ctx.set("Cache-Control", "no-cache");
  sendAnswer(ctx, answer, { etag: false });
}

/** A booked-dates path as the canonical spelling writes it (a record id is a lower-case UUID). */
const BOOKED_DATES_PATH =
  /^\/api\/cars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/booked-dates$/;

/**
 * The two hottest public reads answered in front of the routers when their
 * snapshot is in memory: `GET /api/cars` and a car's booked dates, exactly as
 * their routes above answer them (a hit there reads nothing either). What this
 * skips only matters to writes, to other paths or to a database read; a miss,
 * and every other request, goes on to the routes, which read and keep the answer.
 */
export function publicSnapshotHits(deps: AppDeps, caches: PublicReadCaches): Middleware {
  const today = manilaTodayMemo();
  return function servePublicSnapshotHit(ctx, next) {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    const path = ctx.path;
    if (path === routes.listCars.path) {
      const fleet = caches.fleet.peek(FLEET_KEY);
      if (!fleet) return next();
      sendFleet(ctx, fleet);
      return;
    }
    const carId = path.endsWith("/booked-dates") ? BOOKED_DATES_PATH.exec(path)?.[1] : undefined;
    const answer = carId && caches.bookedDates.peek(bookedDatesKey(carId, today(deps.clock.now())));
    if (!answer) return next();
    sendBookedDates(ctx, answer);
    return;
  };
}
