import Router from "@koa/router";
import { adminPasswordChangeSchema } from "@car-rental/shared/schemas/session";
import type { AppDeps } from "../../deps";
import { Unauthorized } from "../../errors";
import { parseBody } from "../../middleware/validate";
import { sessionTokenOf } from "../../middleware/session-cookie";
import { changePassword } from "../../services/admin/admin-session.service";
import { attemptKeyOf } from "./session.routes";

export const PASSWORD_PATH = "/api/admin/password";

/**
 * `PUT /api/admin/password` `{currentPassword, newPassword}` → 204. Behind the
 * admin guard; a wrong current password is a failed sign-in attempt (401,
 * counted like one, 429 past the limit), a weak new one 422. Every other
 * session ends; this one stays.
 */
export function adminPasswordRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.put(PASSWORD_PATH, async (ctx) => {
    const input = parseBody(adminPasswordChangeSchema, ctx.request.body);
    const token = sessionTokenOf(ctx);
    if (!token) throw new Unauthorized();
    const { limitKey } = await attemptKeyOf(ctx, deps);
    // The shared pool: the route is outside the idempotency layer, and a failed attempt must stay counted.
    await changePassword(deps.db.knex, deps.clock, input, token, limitKey, deps.config.rateLimitScale);
    ctx.set("Cache-Control", "no-store");
    ctx.status = 204;
  });
  return router;
}
