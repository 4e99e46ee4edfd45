import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import {
  BLOCKED_NAME_NOT_FOUND,
  blockName,
  listBlockedNames,
  unblockName,
} from "../../services/blocked-names/blocked-names.service";
import { mount } from "../mount";

/**
 * The admin's blocklist: list, block (201 with the new entry; 200 with the
 * existing entry when the name is already blocked), unblock.
 */
export function adminBlockedNameRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.listBlockedNames, async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await listBlockedNames(requestDb(ctx));
  });

  mount(
    router,
    routes.blockName,
    async (ctx, input) => {
      const { blockedName, created } = await blockName(requestDb(ctx), input());
      ctx.status = created ? 201 : 200;
      ctx.body = blockedName;
    },
    { readOnly: routes.blockName.response },
  );

  mount(router, routes.unblockName, async (ctx) => {
    const id = recordId(ctx.params, BLOCKED_NAME_NOT_FOUND);
    await unblockName(requestDb(ctx), id, deps.clock.now());
    ctx.body = { ok: true };
  });

  return router;
}
