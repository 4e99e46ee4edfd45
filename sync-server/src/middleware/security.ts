import type { Middleware } from "koa";
import helmet from "koa-helmet";
import { DomainError } from "../errors";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Security headers with a Content-Security-Policy the PWA works under: its own
 * scripts, styles (Mantine injects style attributes), images from itself and
 * data:/blob: URLs (previews of picked files), and fetches to itself only.
 */
export function securityHeaders(extraConnectSrc: string[] = []): Middleware {
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
    hsts: false,
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
