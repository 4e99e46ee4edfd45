import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse } from "../../middleware/validate";
import { parseCursor, readSync } from "../../services/sync/sync.service";
import { mount } from "../mount";

/** `GET /api/admin/sync?since=<cursor>`: the admin mirror's delta (a full snapshot without a cursor). */
export function adminSyncRoutes(_deps: AppDeps): Router {
  const router = new Router();
  mount(router, routes.adminSync, async (ctx) => {
    const { since } = parse(routes.adminSync.query, ctx.query);
    const answer = await readSync(requestDb(ctx), parseCursor(since));
    ctx.set("Cache-Control", "no-store");
    ctx.body = answer;
  });
  return router;
}
