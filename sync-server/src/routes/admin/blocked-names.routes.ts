import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import { blockedNameInputSchema } from "@car-rental/shared/schemas/blocked-name";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parseBody, recordId } from "../../middleware/validate";
import {
  BLOCKED_NAME_NOT_FOUND,
  blockName,
  listBlockedNames,
  unblockName,
} from "../../services/blocked-names/blocked-names.service";

/**
 * The admin's blocklist: list, block (201 with the new entry; 200 with the
 * existing entry when the name is already blocked), unblock.
 */
export function adminBlockedNameRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.get("/api/admin/blocked-names", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listBlockedNames(requestDb(ctx));
  });

  router.post("/api/admin/blocked-names", async (ctx) => {
    const input = parseBody(blockedNameInputSchema, ctx.request.body, routes.blockName.response);
    const { blockedName, created } = await blockName(requestDb(ctx), input);
    ctx.status = created ? 201 : 200;
    ctx.body = blockedName;
  });

  router.delete("/api/admin/blocked-names/:id", async (ctx) => {
    const id = recordId(ctx.params, BLOCKED_NAME_NOT_FOUND);
    await unblockName(requestDb(ctx), id, deps.clock.now());
    ctx.body = { ok: true };
  });

  return router;
}
