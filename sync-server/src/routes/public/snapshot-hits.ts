import { routes } from "@car-rental/shared/api";
import { manilaTodayMemo } from "@car-rental/shared/dates";
import { nameKey } from "@car-rental/shared/schemas/blocked-name";
import { textLimits } from "@car-rental/shared/schemas/common";
import type { Middleware } from "koa";
import type { AppDeps } from "../../deps";
import type { PublicReadCaches } from "../../services/public-read-caches";
import { sendBlockedNameCheck } from "./bookings.routes";
import { FLEET_KEY, bookedDatesKey, sendBookedDates } from "./cars.routes";
import { RATES_KEY } from "./rates.routes";
import { sendSnapshot } from "./send-answer";

/** A booked-dates path as the canonical spelling writes it (a record id is a lower-case UUID). */
const BOOKED_DATES_PATH =
  /^\/api\/cars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/booked-dates$/;

/**
 * The name a blocked-name check asks about, when its route would accept the
 * query: exactly one `name`, not too long (blockedNameCheckQuerySchema). The
 * same decoding as Koa's `ctx.query`, without building the query object.
 */
function checkedName(querystring: string): string | undefined {
  const names = new URLSearchParams(querystring).getAll("name");
  const [name] = names;
  return names.length === 1 && name !== undefined && name.length <= textLimits.name ? name : undefined;
}

/**
 * The public reads answered in front of the routers when their snapshot is
 * in memory: `GET /api/cars`, a car's booked dates, the blocked-name check and
 * `GET /api/rates`, exactly as their routes answer them (a hit there reads
 * nothing either).
 * What this skips only matters to writes, to other paths or to a database
 * read; a miss, and every other request, goes on to the routes, which read
 * and keep the answer.
 */
export function publicSnapshotHits(deps: AppDeps, caches: PublicReadCaches): Middleware {
  const today = manilaTodayMemo();
  return function servePublicSnapshotHit(ctx, next) {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    const path = ctx.path;
    if (path === routes.listCars.path) {
      const fleet = caches.fleet.peek(FLEET_KEY);
      if (!fleet) return next();
      sendSnapshot(ctx, fleet);
      return;
    }
    if (path === routes.listRates.path) {
      const rates = caches.rates.peek(RATES_KEY);
      if (!rates) return next();
      sendSnapshot(ctx, rates);
      return;
    }
    if (path === routes.checkBlockedName.path) {
      const name = checkedName(ctx.querystring);
      // Only answers to names the route accepted are kept, each under its normalised name.
      const answer = name === undefined ? undefined : caches.blockedNames.peek(nameKey(name));
      if (!answer) return next();
      sendBlockedNameCheck(ctx, answer);
      return;
    }
    const carId = path.endsWith("/booked-dates") ? BOOKED_DATES_PATH.exec(path)?.[1] : undefined;
    const answer = carId && caches.bookedDates.peek(bookedDatesKey(carId, today(deps.clock.now())));
    if (!answer) return next();
    sendBookedDates(ctx, answer);
    return;
  };
}
