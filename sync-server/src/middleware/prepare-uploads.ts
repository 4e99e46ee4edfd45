import type { Middleware } from "koa";
import { HANDOVER_MAX_PHOTOS } from "@car-rental/shared/constants";
import type { AppDeps } from "../deps";
import { objectPathsIn, prepareUploadedObjects } from "../services/objects/upload.service";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** A check-out names the most: 12 photos and the signature (release-2 §C3). */
const MAX_OBJECTS_PER_REQUEST = HANDOVER_MAX_PHOTOS + 1;

/**
 * With S3, an API mutation naming uploaded objects (a car's image, a
 * booking's documents) gets them checked and moved into place here, before
 * the idempotency layer opens the request's transaction: no storage call
 * runs inside a transaction (release-2 A6). A no-op with local storage.
 */
export function prepareUploads(deps: Pick<AppDeps, "db" | "storage" | "clock">): Middleware {
  return async function checkUploadsFirst(ctx, next) {
    if (deps.storage.presignPost && MUTATING.has(ctx.method) && ctx.path.startsWith("/api/")) {
      await prepareUploadedObjects(deps, objectPathsIn(ctx.request.body, MAX_OBJECTS_PER_REQUEST));
    }
    return next();
  };
}
