import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Context } from "koa";
import type { AdminSession } from "@car-rental/shared/schemas/session";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import {
  clearSessionCookie,
  deviceCookieOf,
  sessionTokenOf,
  setDeviceCookie,
  setSessionCookie,
} from "../../middleware/session-cookie";
import {
  attemptLimitKey,
  deviceCookieSecret,
  issueDeviceCookie,
  login,
  logout,
  readSession,
  verifyDeviceCookie,
} from "../../services/admin/admin-session.service";
import { mount } from "../mount";

export { sessionCookieHeader, setSessionCookie } from "../../middleware/session-cookie";

/**
 * Who a password attempt of this request counts against: its device when it
 * carries a valid device cookie, else its client address (see
 * attemptLimitKey). Also returns the device id, if any.
 */
export async function attemptKeyOf(
  ctx: Context,
  deps: Pick<AppDeps, "db" | "config" | "clock">,
): Promise<{ limitKey: string; deviceId: string | null; secret: string }> {
  const secret = await deviceCookieSecret(deps.db.knex, deps.config.sessionSecret);
  const deviceId = verifyDeviceCookie(secret, deviceCookieOf(ctx), deps.clock.now());
  return { limitKey: attemptLimitKey(deviceId, ctx.ip), deviceId, secret };
}

/**
 * The admin session (decisions.md "Admin access is enforced by the server"):
 * `POST` signs in with `{password}`, `GET` says whether the cookie is valid
 * (never 401: the PWA asks on every load), `DELETE` signs out. Public routes:
 * they are how a session starts and ends.
 */
export function adminSessionRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.adminLogin, async (ctx, input) => {
    const { password } = input();
    const { limitKey, deviceId, secret } = await attemptKeyOf(ctx, deps);
    // The shared pool, not the request's handle: a failed attempt must be counted for good.
    const session = await login(deps.db.knex, deps.clock, password, limitKey, deps.config.rateLimitScale);
    setSessionCookie(ctx, deps, session.token, session.expiresAt);
    if (!deviceId) setDeviceCookie(ctx, deps, issueDeviceCookie(secret, deps.clock.now()));
    ctx.set("Cache-Control", "no-store");
    const body: AdminSession = { authenticated: true, expiresAt: session.expiresAt.toISOString() };
    ctx.body = body;
  });

  mount(router, routes.adminSession, async (ctx) => {
    const token = sessionTokenOf(ctx);
    const session = await readSession(requestDb(ctx), deps.clock, token);
    ctx.set("Cache-Control", "no-store");
    if (!session || !token) {
      const body: AdminSession = { authenticated: false };
      ctx.body = body;
      return;
    }
    // The stored session slides on use; the cookie follows it.
    setSessionCookie(ctx, deps, token, session.expiresAt);
    const body: AdminSession = { authenticated: true, expiresAt: session.expiresAt.toISOString() };
    ctx.body = body;
  });

  mount(router, routes.adminLogout, async (ctx) => {
    await logout(requestDb(ctx), sessionTokenOf(ctx));
    clearSessionCookie(ctx, deps);
    ctx.set("Cache-Control", "no-store");
    const body: AdminSession = { authenticated: false };
    ctx.body = body;
  });

  return router;
}
