import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { Unauthorized } from "../../errors";
import { sessionTokenOf } from "../../middleware/session-cookie";
import { changePassword } from "../../services/admin/admin-session.service";
import { mount } from "../mount";
import { attemptKeyOf } from "./session.routes";

/**
 * `PUT /api/admin/password` `{currentPassword, newPassword}` → 204. Behind the
 * admin guard; a wrong current password is a failed sign-in attempt (401,
 * counted like one, 429 past the limit), a weak new one 422. Every other
 * session ends; this one stays.
 */
export function adminPasswordRoutes(deps: AppDeps): Router {
  const router = new Router();
  mount(router, routes.changeAdminPassword, async (ctx, input) => {
    const change = input();
    const token = sessionTokenOf(ctx);
    if (!token) throw new Unauthorized();
    const { limitKey } = await attemptKeyOf(ctx, deps);
    // The shared pool: the route is outside the idempotency layer, and a failed attempt must stay counted.
    await changePassword(deps.db.knex, deps.clock, change, token, limitKey, deps.config.rateLimitScale);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });
  return router;
}
