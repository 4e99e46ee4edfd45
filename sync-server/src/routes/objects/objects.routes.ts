import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { Context } from "koa";
import { errorMessages } from "@car-rental/shared/messages";
import type { UploadRequest } from "@car-rental/shared/schemas/upload";
import type { AppDeps } from "../../deps";
import { NotFound, TooManyRequests, Unauthorized, UploadRefused } from "../../errors";
import { parseBody } from "../../middleware/validate";
import { requestDb } from "../../middleware/request-db";
import { readSession } from "../../services/admin/admin-session.service";
import { sessionTokenOf } from "../../middleware/session-cookie";
import { hitRateLimit, type RateLimit } from "../../services/rate-limit.service";
import { createUpload, openObject, receiveUpload } from "../../services/objects/upload.service";
import { parseObjectPath } from "../../storage/object-key";
import { mount } from "../mount";

/**
 * Upload addresses a visitor may ask for, per client address (times
 * RATE_LIMIT_SCALE). A booking needs three, and one address may be a whole
 * office or a carrier's NAT: 300 is 100 bookings' worth in 10 minutes, far
 * above what the booking limit lets through, while still capping abuse.
 */
export const UPLOAD_RATE_LIMIT: RateLimit = { limit: 300, windowSeconds: 10 * 60 };

/**
 * The shared schema words an impossible declared size or type as a field
 * issue; the API answers those with 413 / 415 like the bytes themselves would.
 */
function parseUploadRequest(body: unknown): UploadRequest {
  const schema = routes.requestUpload.request;
  const result = schema.safeParse(body);
  if (!result.success) {
    const refused = (field: string, message: string) =>
      result.error.issues.some((issue) => issue.path[0] === field && issue.message === message);
    if (refused("size", errorMessages.UPLOAD_TOO_LARGE)) throw new UploadRefused("UPLOAD_TOO_LARGE");
    if (refused("contentType", errorMessages.UPLOAD_INVALID)) throw new UploadRefused("UPLOAD_INVALID");
  }
  return parseBody(schema, body);
}

const extensionOf: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** On the request's database handle: an API call may run inside its idempotency transaction. */
const isAdmin = async (deps: AppDeps, ctx: Context) =>
  (await readSession(requestDb(ctx), deps.clock, sessionTokenOf(ctx))) !== null;

/**
 * `POST /api/objects/upload` (documents: anyone; car images: admin),
 * `PUT /uploads/:token` (the bytes, when storage is local) and
 * `GET /objects/<folder>/<id>` (car images public, documents admin only).
 */
export function objectRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(
    router,
    routes.requestUpload,
    async (ctx, input) => {
      const request = input();
      if (request.purpose === "car-image") {
        if (!(await isAdmin(deps, ctx))) throw new Unauthorized();
      } else {
        const hit = await hitRateLimit(
          requestDb(ctx),
          `objects-upload:${ctx.ip}`,
          UPLOAD_RATE_LIMIT,
          deps.clock.now(),
          deps.config.rateLimitScale,
        );
        if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
      }
      ctx.set("Cache-Control", "no-store");
      // Koa 3's ctx.origin is the Origin request header; this is the address the client reached us at.
      ctx.body = await createUpload(deps, request, `${ctx.protocol}://${ctx.host}`, requestDb(ctx));
    },
    { parse: (body: unknown) => parseUploadRequest(body ?? {}) },
  );

  router.put("/uploads/:token", async (ctx) => {
    // One upload per connection: a refused body is not read to its end, so the connection cannot be reused.
    ctx.set("Connection", "close");
    ctx.set("Cache-Control", "no-store");
    ctx.body = await receiveUpload(deps, ctx.params.token ?? "", ctx.req, ctx.request.length);
  });

  router.get("/objects/*path", async (ctx) => {
    // The raw path must be exactly /objects/<folder>/<uuid>: no dots, no encoded slashes, nothing else.
    const parsed = parseObjectPath(ctx.path);
    if (!parsed) throw new NotFound();
    const isPublic = parsed.purpose === "car-image";
    if (!isPublic && !(await isAdmin(deps, ctx))) throw new Unauthorized();
    const object = await openObject(deps, parsed.key);
    if (!object || object.purpose !== parsed.purpose) throw new NotFound();
    ctx.set("Cache-Control", isPublic ? "public, max-age=31536000, immutable" : "private, no-store");
    ctx.set("X-Content-Type-Options", "nosniff");
    // Shown in the browser, and saved under a name with the right extension.
    ctx.set(
      "Content-Disposition",
      `inline; filename="${parsed.key.split("/")[1] ?? "file"}.${extensionOf[object.contentType] ?? "bin"}"`,
    );
    ctx.type = object.contentType;
    ctx.length = object.size;
    ctx.body = object.body;
  });

  return router;
}
