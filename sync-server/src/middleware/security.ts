import type { Context, Middleware } from "koa";
import helmet from "koa-helmet";
import { DomainError, NotFound } from "../errors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers with a Content-Security-Policy the PWA works under: its own
 * scripts, styles (Mantine injects style attributes), images from itself and
 * data:/blob: URLs (previews of picked files), and fetches to itself only.
 * `Strict-Transport-Security` when the site is served over https.
 */
export function securityHeaders(
  extraConnectSrc: string[] = [],
  https: (ctx: Context) => boolean = () => false,
): Middleware {
  let overHttp: [string, string][] = [];
  let overHttps: [string, string][] = [];
  const recorded = Promise.all([
    fixedHeaders(helmetMiddleware(extraConnectSrc, false)),
    fixedHeaders(helmetMiddleware(extraConnectSrc, true)),
  ]).then(([plain, secure]) => {
    overHttp = plain;
    overHttps = secure;
  });
  let ready = false;
  return async function setSecurityHeaders(ctx, next) {
    if (!ready) {
      await recorded;
      ready = true;
    }
    for (const [name, value] of https(ctx) ? overHttps : overHttp) ctx.res.setHeader(name, value);
    return next();
  };
}

/**
 * The headers `middleware` sets, recorded once: helmet's depend on its
 * options only, and running it for every request (its Content-Security-Policy
 * is written anew each time) cost a public read about a tenth of its time.
 */
async function fixedHeaders(middleware: Middleware): Promise<[string, string][]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  const ctx = { req: { headers: {}, method: "GET", url: "/" }, res };
  await middleware(ctx as unknown as Parameters<Middleware>[0], async () => {});
  return [...headers];
}

/** helmet, as the server used to run it on every request (`helmetMiddleware(...)` in the tests compares). */
export function helmetMiddleware(extraConnectSrc: string[], https: boolean): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...extraConnectSrc],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...extraConnectSrc],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Over https the browser is told to never use plain http for a year (release-2 A2).
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}

/**
 * API mutations accept JSON only and must come from this site: with the
 * SameSite=Strict session cookie this closes CSRF. A request without an Origin
 * header is not a browser's cross-site request (browsers always send Origin on
 * cross-origin POST), so it passes; `Sec-Fetch-Site: cross-site` never does.
 */
export function sameOriginJsonMutations(allowedOrigins: () => string[]): Middleware {
  return async function guardMutations(ctx, next) {
    if (!MUTATING.has(ctx.method) || !ctx.path.startsWith("/api/")) return next();
    const origin = ctx.get("Origin");
    const site = ctx.get("Sec-Fetch-Site");
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const allowed = origin === "" || origin === ownOrigin || allowedOrigins().includes(origin);
    if (!allowed || site === "cross-site") {
      throw new DomainError("FORBIDDEN_ORIGIN");
    }
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get("Transfer-Encoding") !== "";
    if (hasBody && !ctx.is("application/json")) {
      throw new DomainError("UNSUPPORTED_MEDIA_TYPE");
    }
    return next();
  };
}

/** The one API path segment with a dot: a booking's calendar file. */
const CALENDAR_FILE_PATH = /^\/api\/bookings\/[a-z0-9-]+\/calendar\.ics$/;

/**
 * Every spelling of an API path reaches the same rules (release 2 A1). The
 * checks in front of the router (the sign-in exemption of the idempotency
 * layer, the admin guard, the same-origin rule, the booking limit) compare
 * exact paths, so an `/api` path is first rewritten to its one canonical
 * spelling: percent-escapes decoded, lower case, no empty segment, no trailing
 * slash. `/API/Admin/Cars/` then meets the admin guard exactly as
 * `/api/admin/cars` does. API paths hold only lower-case words and UUIDs (a
 * UUID means the same in either case), so nothing a client names changes
 * meaning. What still is not such a path (another character, a dot outside a
 * booking's `calendar.ics`) answers 404 before anything else sees it.
 */
export function canonicalApiPaths(): Middleware {
  return async function oneSpellingPerPath(ctx, next) {
    if (/^\/api(?:[^a-z0-9]|$)/i.test(ctx.path)) {
      const canonical = canonicalApiPath(ctx.path);
      if (canonical === null) throw new NotFound("No such API route");
      // Koa keeps the query string.
      if (canonical !== ctx.path) ctx.path = canonical;
    }
    return next();
  };
}

/** The canonical spelling of an `/api` path, or null when no API path is spelled so. */
function canonicalApiPath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const spelled = decoded
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  return /^\/api(?:\/[a-z0-9-]+)*$/.test(spelled) || CALENDAR_FILE_PATH.test(spelled) ? spelled : null;
}
