import { existsSync } from "node:fs";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Context, Middleware } from "koa";
import { carPicturesDir } from "@car-rental/db";
import { errorBody } from "@car-rental/shared/schemas/error";
import type { AppDeps } from "../../deps";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const ONE_DAY = "public, max-age=86400";

/** Paths the API and the object store own; the PWA never answers them. */
const BACKEND_PREFIXES = ["/api/", "/objects/", "/uploads/"];
const CAR_PICTURE = /^\/cars\/([a-z0-9][a-z0-9-]*\.(?:svg|webp))$/;

/**
 * The file under `root` a URL path names, or null when it would leave the
 * folder or names a hidden file. Works on the decoded path segment by segment,
 * so `..`, encoded slashes and absolute paths cannot escape.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.length === 0 || segments.some((segment) => segment.startsWith("."))) return null;
  const file = path.join(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * The PWA's page routes (pwa/src/routes: index, booking, admin, pcc, terms,
 * privacy; a test keeps the two lists equal). Any other page address is the
 * app's 404 page, and answers HTTP 404.
 */
export const APP_PAGE_PATHS = [
  "/",
  "/booking",
  "/my-booking",
  "/admin",
  "/pcc",
  "/terms",
  "/privacy",
] as const;
const appPages: ReadonlySet<string> = new Set(APP_PAGE_PATHS);
/**
 * The admin's screens (pwa/src/routes/admin/: `/admin/bookings`, `/admin/bookings/<id>`…) are
 * pages too, so a deep link or a reload gets 200; the app itself says when a screen does not exist.
 */
const ADMIN_SCREEN = /^\/admin(?:\/[^/]+){1,2}$/;

/** Whether a URL path is one of the app's pages; like the client router, ignores case and a trailing slash. */
export function isAppPage(urlPath: string): boolean {
  const trimmed = urlPath.length > 1 ? urlPath.replace(/\/$/, "") : urlPath;
  const lower = trimmed.toLowerCase();
  return appPages.has(lower) || ADMIN_SCREEN.test(lower);
}

/**
 * Streams a regular file; false when there is none. A 200 carries validators
 * for conditional requests; another status (the 404 page) carries none, so it
 * is never answered with 304.
 */
async function sendFile(ctx: Context, file: string, cacheControl: string, status = 200): Promise<boolean> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  ctx.status = status;
  ctx.set("Cache-Control", cacheControl);
  ctx.type = path.extname(file);
  if (status === 200) {
    ctx.set("ETag", `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`);
    ctx.lastModified = info.mtime;
    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }
  }
  ctx.length = info.size;
  ctx.body = createReadStream(file);
  return true;
}

/** Whether a router matched the path with another method (it will answer 405 itself). */
function matchedSomeRoute(ctx: Context): boolean {
  if (!("matched" in ctx) || !Array.isArray(ctx.matched)) return false;
  return ctx.matched.some(
    (layer: unknown) =>
      typeof layer === "object" &&
      layer !== null &&
      "methods" in layer &&
      Array.isArray(layer.methods) &&
      layer.methods.length > 0,
  );
}

const accepted = (ctx: Context) => ctx.method === "GET" || ctx.method === "HEAD";
const hasExtension = (urlPath: string) => path.posix.extname(urlPath) !== "";
/** A browser opening a page lists text/html itself; a picture or a script fetched by a page does not. */
const opensPage = (ctx: Context) => ctx.get("Accept").includes("text/html");

/**
 * Serves the built PWA from `config.pwaDist` (when it was built): hashed
 * `assets/` cached for a year, everything else revalidated, and the SPA
 * fallback: a request for one of the app's pages gets `index.html`, so client
 * routes survive a reload; any other extension-less page address gets the
 * same shell with status 404 (the app renders its 404 page). The bundled car pictures are served at
 * `/cars/<name>.svg` even without a build (their WebP renderings, which the
 * pages show, come with the build). Unmatched API paths answer a JSON 404.
 */
export function staticPwa(deps: Pick<AppDeps, "config">): Middleware {
  const dist = path.resolve(deps.config.pwaDist);
  const pictures = path.resolve(carPicturesDir);
  const hasPwa = existsSync(path.join(dist, "index.html"));
  const indexHtml = path.join(dist, "index.html");

  return async function servePwa(ctx, next) {
    if (BACKEND_PREFIXES.some((prefix) => ctx.path.startsWith(prefix))) {
      // Nothing answered: say so in the API's own format (unless a router will answer 405).
      if (!matchedSomeRoute(ctx) && ctx.body == null) {
        ctx.status = 404;
        ctx.body = errorBody("NOT_FOUND");
      }
      return;
    }
    if (!accepted(ctx)) return next();

    const picture = CAR_PICTURE.exec(ctx.path)?.[1];
    if (picture) {
      const fromBuild = hasPwa ? resolveInside(dist, `/cars/${picture}`) : null;
      if (fromBuild && (await sendFile(ctx, fromBuild, ONE_DAY))) return;
      const bundled = resolveInside(pictures, `/${picture}`);
      if (bundled && (await sendFile(ctx, bundled, ONE_DAY))) return;
      return next();
    }
    if (!hasPwa) return next();

    if (ctx.path === "/" || ctx.path === "/index.html") {
      await sendFile(ctx, indexHtml, REVALIDATE);
      return;
    }
    const file = resolveInside(dist, ctx.path);
    if (file && (await sendFile(ctx, file, ctx.path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE))) return;
    // A prerendered page (e.g. /pcc → pcc/index.html) is served as it was built.
    if (
      file &&
      !hasExtension(ctx.path) &&
      ctx.accepts("html") === "html" &&
      (await sendFile(ctx, path.join(file, "index.html"), REVALIDATE))
    ) {
      return;
    }
    // A missing file stays a 404 (so does a hidden or malformed path); only page addresses fall back to the app.
    if (!file || ctx.path.startsWith("/assets/") || ctx.accepts("html") !== "html") {
      return next();
    }
    // '/privacy.html' typed in the address bar: no such page, so the app's 404 page, with a 404.
    // The same address fetched as a file (a picture, a script) stays a plain 404.
    if (hasExtension(ctx.path)) {
      if (!opensPage(ctx)) return next();
      await sendFile(ctx, indexHtml, REVALIDATE, 404);
      return;
    }
    if (isAppPage(ctx.path)) {
      await sendFile(ctx, indexHtml, REVALIDATE);
      return;
    }
    // No such page: the app shell still loads (it shows its 404 page), but the status says so,
    // for crawlers and link checkers.
    await sendFile(ctx, indexHtml, REVALIDATE, 404);
  };
}
