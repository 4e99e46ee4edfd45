import type { Context } from "koa";
import type { AppDeps } from "../deps";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_TTL_MS,
  SECURE_DEVICE_COOKIE,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from "../services/admin/admin-session.service";

/**
 * One `Set-Cookie` value, attributes in their standard casing (`HttpOnly`,
 * `SameSite=Strict`): the `cookies` package Koa uses writes them in lower
 * case, which browsers accept but strict readers may not. `Max-Age` (what
 * browsers prefer) and `Expires` (for older ones) say the same. Over https
 * the name carries the `__Host-` prefix: the browser then only accepts it
 * Secure, for Path=/ and without a Domain, so no subdomain can plant one.
 */
function cookieHeader(
  names: { plain: string; secure: string },
  value: string,
  expiresAt: Date,
  now: Date,
  secure: boolean,
): string {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  return [
    `${secure ? names.secure : names.plain}=${value}`,
    "Path=/",
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

const SESSION_NAMES = { plain: SESSION_COOKIE, secure: SECURE_SESSION_COOKIE };
const DEVICE_NAMES = { plain: DEVICE_COOKIE, secure: SECURE_DEVICE_COOKIE };

export function sessionCookieHeader(value: string, expiresAt: Date, now: Date, secure: boolean): string {
  return cookieHeader(SESSION_NAMES, value, expiresAt, now, secure);
}

/** Sets a cookie, replacing one of the same name written earlier in the same answer. */
function writeCookie(ctx: Context, header: string): void {
  const name = header.slice(0, header.indexOf("=") + 1);
  const existing = ctx.response.headers["set-cookie"];
  const others = (Array.isArray(existing) ? existing : typeof existing === "string" ? [existing] : []).filter(
    (cookie) => !cookie.startsWith(name),
  );
  ctx.set("Set-Cookie", [...others, header]);
}

/**
 * The session token a request carries: the `__Host-` cookie first, the plain
 * one second (a site that just moved to https still has plain cookies out).
 */
export function sessionTokenOf(ctx: Context): string | undefined {
  return ctx.cookies.get(SECURE_SESSION_COOKIE) ?? ctx.cookies.get(SESSION_COOKIE);
}

export function deviceCookieOf(ctx: Context): string | undefined {
  return ctx.cookies.get(SECURE_DEVICE_COOKIE) ?? ctx.cookies.get(DEVICE_COOKIE);
}

/**
 * Whether the request reached the site over https (release-2 A2): the site's
 * configured PUBLIC_URL is https, or, behind a trusted proxy (TRUST_PROXY),
 * the proxy says the client used https (`X-Forwarded-Proto`). An untrusted
 * proxy's headers never count.
 */
export function servedOverHttps(
  ctx: Context,
  config: Pick<AppDeps["config"], "secureCookies" | "trustProxy">,
): boolean {
  return config.secureCookies || (config.trustProxy && ctx.secure);
}

/**
 * Writes the session cookie: HttpOnly (no script can read it), SameSite=Strict
 * (never sent on a cross-site request), for the whole site, until the session
 * expires (the PWA works offline for days, so it must outlive the browser
 * session), Secure and `__Host-` when the site is served over HTTPS. The
 * session token is base64url, so it needs no encoding.
 */
export function setSessionCookie(
  ctx: Context,
  deps: Pick<AppDeps, "config" | "clock">,
  token: string,
  expiresAt: Date,
): void {
  writeCookie(
    ctx,
    sessionCookieHeader(token, expiresAt, deps.clock.now(), servedOverHttps(ctx, deps.config)),
  );
}

/** Clears the session cookie (both names): empty, expired in 1970, Max-Age=0. */
export function clearSessionCookie(ctx: Context, deps: Pick<AppDeps, "config">): void {
  const epoch = new Date(0);
  const https = servedOverHttps(ctx, deps.config);
  writeCookie(ctx, sessionCookieHeader("", epoch, epoch, https));
  if (https && ctx.cookies.get(SESSION_COOKIE) !== undefined) {
    writeCookie(ctx, sessionCookieHeader("", epoch, epoch, false));
  }
}

/** Writes the long-lived device cookie (a year), same attributes as the session cookie. */
export function setDeviceCookie(ctx: Context, deps: Pick<AppDeps, "config" | "clock">, value: string): void {
  const now = deps.clock.now();
  writeCookie(
    ctx,
    cookieHeader(
      DEVICE_NAMES,
      value,
      new Date(now.getTime() + DEVICE_COOKIE_TTL_MS),
      now,
      servedOverHttps(ctx, deps.config),
    ),
  );
}
