import Router from "@koa/router";
import type { Context } from "koa";
import type { AdminSession } from "@car-rental/shared/schemas/session";
import { adminLoginSchema } from "@car-rental/shared/schemas/session";
import type { AppDeps } from "../../deps";
import { parse } from "../../middleware/validate";
import { requestDb } from "../../middleware/request-db";
import { SESSION_COOKIE, login, logout, readSession } from "../../services/admin/admin-session.service";

export const SESSION_PATH = "/api/admin/session";

/**
 * Writes the session cookie: HttpOnly (no script can read it), SameSite=Strict
 * (never sent on a cross-site request), for the whole site, until the session
 * expires (the PWA works offline for days, so it must outlive the browser
 * session), Secure when the site is served over HTTPS.
 */
export function setSessionCookie(
  ctx: Context,
  deps: Pick<AppDeps, "config">,
  token: string,
  expiresAt: Date,
): void {
  // TLS may end at a proxy whose headers are not trusted: the configuration,
  // not the socket, says whether the site is HTTPS.
  if (deps.config.secureCookies) ctx.cookies.secure = true;
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: deps.config.secureCookies,
    expires: expiresAt,
    overwrite: true,
  });
}

function clearSessionCookie(ctx: Context, deps: Pick<AppDeps, "config">): void {
  if (deps.config.secureCookies) ctx.cookies.secure = true;
  ctx.cookies.set(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: deps.config.secureCookies,
    expires: new Date(0),
    overwrite: true,
  });
}

/**
 * The admin session (decisions.md "Admin access is enforced by the server"):
 * `POST` signs in with `{password}`, `GET` says whether the cookie is valid
 * (never 401: the PWA asks on every load), `DELETE` signs out. Public routes:
 * they are how a session starts and ends.
 */
export function adminSessionRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post(SESSION_PATH, async (ctx) => {
    const { password } = parse(adminLoginSchema, ctx.request.body);
    const session = await login(requestDb(ctx), deps.clock, password, ctx.ip);
    setSessionCookie(ctx, deps, session.token, session.expiresAt);
    ctx.set("Cache-Control", "no-store");
    const body: AdminSession = { authenticated: true, expiresAt: session.expiresAt.toISOString() };
    ctx.body = body;
  });

  router.get(SESSION_PATH, async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
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

  router.delete(SESSION_PATH, async (ctx) => {
    await logout(requestDb(ctx), ctx.cookies.get(SESSION_COOKIE));
    clearSessionCookie(ctx, deps);
    ctx.set("Cache-Control", "no-store");
    const body: AdminSession = { authenticated: false };
    ctx.body = body;
  });

  return router;
}
