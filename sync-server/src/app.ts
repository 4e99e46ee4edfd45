import { constants as zlib } from "node:zlib";
import Koa, { type Middleware } from "koa";
import compress from "koa-compress";
import { bodyParser } from "@koa/bodyparser";
import type { AppDeps } from "./deps";
import { NotFound } from "./errors";
import { errorHandler, methodErrorsAsJson } from "./middleware/error-handler";
import { idempotent } from "./middleware/idempotent";
import { prepareUploads } from "./middleware/prepare-uploads";
import { provideRequestDb } from "./middleware/request-db";
import { requestLog } from "./middleware/request-log";
import { servedOverHttps } from "./middleware/session-cookie";
import { canonicalApiPaths, sameOriginJsonMutations, securityHeaders } from "./middleware/security";
import { healthRoutes } from "./routes/health.routes";
import { limitBookingAttempts } from "./routes/public/bookings.routes";
import { publicSnapshotHits } from "./routes/public/snapshot-hits";
import { publicRoutes } from "./routes/public/public.routes";
import { adminRoutes } from "./routes/admin/admin.routes";
import { dispatchThrough } from "./routes/admin/batch.routes";
import { objectRoutes } from "./routes/objects/objects.routes";
import { staticPwa } from "./routes/static/static-pwa";
import { changeFeed } from "./services/change-feed";
import { PublicReadCaches } from "./services/public-read-caches";

export type { AppDeps } from "./deps";

/** Requests that change nothing: no body, no idempotency key, no write of the caches. */
const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Runs `layers` (in order) for every request but a read, which goes straight on. */
function onlyForWrites(layers: Middleware[]): Middleware {
  const chain = layers.reduceRight<Middleware>(
    (inner, layer) => (ctx, next) => layer(ctx, () => inner(ctx, next)),
    (_ctx, next) => next(),
  );
  return function writesOnly(ctx, next) {
    return READ_METHODS.has(ctx.method) ? next() : chain(ctx, next);
  };
}

/** An array or plain object (not a Buffer, stream, Blob or Response, which Koa sends as they are). */
function isPlainJson(body: unknown): boolean {
  if (Array.isArray(body)) return true;
  if (body === null || typeof body !== "object") return false;
  const prototype: unknown = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Turns an object body into its JSON text on the way out, once: koa-compress
 * otherwise serialises it twice (for its size threshold, then to compress it),
 * which for a page of the admin sync (about 2 MB) costs tens of milliseconds.
 */
async function jsonBodyAsText(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  await next();
  const { body } = ctx;
  if (!isPlainJson(body) || ctx.res.headersSent) return;
  ctx.body = JSON.stringify(body);
}

/** JSON bodies above this are refused with 413 (a booking is about 2 KB). */
const JSON_BODY_LIMIT = "100kb";

/**
 * Builds the Koa application from its dependencies. Routes are grouped by
 * audience; each handler parses with the shared schema, calls one service and
 * presents the result.
 */
export function createApp(deps: AppDeps): Koa {
  // ctx.ip is the TRUST_PROXY_HOPS-th X-Forwarded-For entry from the right (Koa keeps only that many).
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.trustProxyHops });
  const allowedOrigins = () => (deps.config.publicUrl ? [new URL(deps.config.publicUrl).origin] : []);

  app.use(requestLog(deps.logger));
  // JSON, HTML, JS, CSS and SVG go out compressed (a fleet list or a sync shrinks about 10×).
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  app.use(jsonBodyAsText);
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders(deps.storage.publicOrigins(), (ctx) => servedOverHttps(ctx, deps.config)));
  // Outside the idempotency layer, so a write clears the public snapshots after it committed.
  const readCaches = new PublicReadCaches();
  // Changes made by other processes (and background work) reach them through the feed.
  readCaches.clearOnChanges(changeFeed(deps.db, deps.logger));
  // The fleet, booked dates and blocked-name checks already in memory go out from here, past what only other requests need.
  app.use(publicSnapshotHits(deps, readCaches));
  app.use(canonicalApiPaths());
  app.use(sameOriginJsonMutations(allowedOrigins));
  const parseJson = bodyParser({ enableTypes: ["json"], jsonLimit: JSON_BODY_LIMIT, encoding: "utf-8" });
  app.use(provideRequestDb(deps.db.knex));
  // What only a write needs: a read (the public reads above all) passes all of it with one check.
  app.use(
    onlyForWrites([
      // Only /api/ takes JSON bodies; uploads stream their bytes themselves.
      (ctx, next) => (ctx.path.startsWith("/api/") ? parseJson(ctx, next) : next()),
      readCaches.clearOnWrites(),
      // A booking attempt counts before any work on it, and outside the idempotency transaction.
      limitBookingAttempts(deps),
      // Outside the idempotency transaction: S3 checks of the uploads a mutation names.
      prepareUploads(deps),
      idempotent(deps),
      // Renders route errors inside the idempotency layer, so it can store refusals (a read's are rendered
      // by the one above).
      errorHandler(deps.logger),
    ]),
  );
  app.use(methodErrorsAsJson());

  for (const router of [
    healthRoutes(deps),
    publicRoutes(deps, readCaches),
    adminRoutes(
      deps,
      dispatchThrough(() => app.callback()),
    ),
    objectRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(async function apiNotFound(ctx, next) {
    // No API route matched: a JSON 404, never the PWA's index.html.
    if (ctx.path === "/api" || ctx.path.startsWith("/api/")) throw new NotFound("No such API route");
    return next();
  });
  app.use(staticPwa(deps));

  // Koa's default handler prints every stream error; a browser dropping a download is routine.
  const routine = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ECONNABORTED"]);
  app.on("error", (err: unknown) => {
    const code = err instanceof Error && "code" in err ? String(err.code) : "";
    if (routine.has(code)) return;
    deps.logger.error({ err }, "server error");
  });
  return app;
}
