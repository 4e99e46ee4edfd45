import Router from "@koa/router";
import { syncQuerySchema } from "@car-rental/shared/schemas/sync";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse } from "../../middleware/validate";
import { parseCursor, readSync } from "../../services/sync/sync.service";

/** `GET /api/admin/sync?since=<cursor>`: the admin mirror's delta (a full snapshot without a cursor). */
export function adminSyncRoutes(_deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/admin/sync", async (ctx) => {
    const { since } = parse(syncQuerySchema, ctx.query);
    const answer = await readSync(requestDb(ctx), parseCursor(since));
    ctx.set("Cache-Control", "no-store");
    ctx.body = answer;
  });
  return router;
}
