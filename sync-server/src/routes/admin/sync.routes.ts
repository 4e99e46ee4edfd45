import { routes } from "@car-rental/shared/api";
import { manilaToday } from "@car-rental/shared/dates";
import { mirrorWindowStart } from "@car-rental/shared/mirror";
import { SYNC_PAGE_ROWS } from "@car-rental/shared/schemas/sync";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse } from "../../middleware/validate";
import { parseCursor, parsePageToken, readSync, readSyncPage } from "../../services/sync/sync.service";
import { mount } from "../mount";

/**
 * `GET /api/admin/sync?since=<cursor>`: the admin mirror's delta (a reset
 * without a cursor: in one answer, or in pages with `paged=1`, continued with
 * `page=<token>`; `limit` rows a page).
 */
export function adminSyncRoutes(deps: AppDeps): Router {
  const router = new Router();
  mount(router, routes.adminSync, async (ctx) => {
    const query = parse(routes.adminSync.query, ctx.query);
    const limit = query.limit ?? SYNC_PAGE_ROWS.default;
    const db = requestDb(ctx);
    const answer =
      query.page === undefined
        ? await readSync(
            db,
            parseCursor(query.since),
            { windowStart: mirrorWindowStart(manilaToday(deps.clock.now())) },
            query.paged ? { paged: true, limit } : { paged: false },
          )
        : await readSyncPage(db, parsePageToken(query.page), limit);
    ctx.set("Cache-Control", "no-store");
    ctx.body = answer;
  });
  return router;
}
