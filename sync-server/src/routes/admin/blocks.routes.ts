import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { recordId } from "../../middleware/validate";
import {
  BLOCK_NOT_FOUND,
  CAR_NOT_FOUND,
  createBlock,
  deleteBlock,
} from "../../services/blocks/blocks.service";
import { mount } from "../mount";

/**
 * Blocked periods (release-2 §C1): block a car's days (201 with the block;
 * 409 DATES_UNAVAILABLE when they overlap a booking or another block), and
 * remove a block (204).
 */
export function adminBlockRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(
    router,
    routes.createBlock,
    async (ctx, input) => {
      const carId = recordId(ctx.params, CAR_NOT_FOUND);
      const block = await createBlock(requestDb(ctx), carId, input());
      ctx.status = 201;
      ctx.body = block;
    },
    { readOnly: routes.createBlock.response },
  );

  mount(router, routes.deleteBlock, async (ctx) => {
    const id = recordId(ctx.params, BLOCK_NOT_FOUND);
    await deleteBlock(requestDb(ctx), id, deps.clock.now());
    ctx.status = 204;
  });

  return router;
}
