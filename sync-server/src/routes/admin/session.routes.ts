import Router from "@koa/router";
import type { Context } from "koa";
import type { AdminSession } from "@car-rental/shared/schemas/session";
import { adminLoginSchema } from "@car-rental/shared/schemas/session";
import type { AppDeps } from "../../deps";
import { parseBody } from "../../middleware/validate";
import { requestDb } from "../../middleware/request-db";
import { SESSION_COOKIE, login, logout, readSession } from "../../services/admin/admin-session.service";

export const SESSION_PATH = "/api/admin/session";

/**
 * One `Set-Cookie` value for the session cookie, attributes in their standard
 * casing (`HttpOnly`, `SameSite=Strict`): the `cookies` package Koa uses
 * writes them in lower case, which browsers accept but strict readers may not.
 * `Max-Age` (what browsers prefer) and `Expires` (for older ones) say the same.
 */
export function sessionCookieHeader(value: string, expiresAt: Date, now: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Sets the session cookie, replacing one written earlier in the same answer. */
function writeSessionCookie(ctx: Context, header: string): void {
  const existing = ctx.response.headers["set-cookie"];
  const others = (Array.isArray(existing) ? existing : typeof existing === "string" ? [existing] : []).filter(
    (cookie) => !cookie.startsWith(`${SESSION_COOKIE}=`),
  );
  ctx.set("Set-Cookie", [...others, header]);
}

/**
 * Writes the session cookie: HttpOnly (no script can read it), SameSite=Strict
 * (never sent on a cross-site request), for the whole site, until the session
 * expires (the PWA works offline for days, so it must outlive the browser
 * session), Secure when the site is served over HTTPS. The session token is
 * base64url, so it needs no encoding.
 */
export function setSessionCookie(
  ctx: Context,
  deps: Pick<AppDeps, "config" | "clock">,
  token: string,
  expiresAt: Date,
): void {
  // TLS may end at a proxy whose headers are not trusted: the configuration,
  // not the socket, says whether the site is HTTPS.
  writeSessionCookie(ctx, sessionCookieHeader(token, expiresAt, deps.clock.now(), deps.config.secureCookies));
}

/** Clears the session cookie: empty, expired in 1970, Max-Age=0. */
function clearSessionCookie(ctx: Context, deps: Pick<AppDeps, "config">): void {
  const epoch = new Date(0);
  writeSessionCookie(ctx, sessionCookieHeader("", epoch, epoch, deps.config.secureCookies));
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
    const { password } = parseBody(adminLoginSchema, ctx.request.body);
    const session = await login(requestDb(ctx), deps.clock, password, ctx.ip, deps.config.rateLimitScale);
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
