import type { Middleware } from "koa";
import type { AppDeps } from "../deps";
import { Unauthorized } from "../errors";
import { readSession } from "../services/admin/admin-session.service";
import { batchScopeOf } from "./batch-scope";
import { sessionTokenOf } from "./session-cookie";
import { requestDb } from "./request-db";

/** Lets the request through only with a valid admin session cookie; otherwise 401. */
export function requireAdmin(deps: Pick<AppDeps, "db" | "clock">): Middleware {
  return async function checkAdminSession(ctx, next) {
    // A change of a batch comes with the batch's cookie, already checked for the batch.
    // Else the request's own handle: inside an idempotency transaction the pool may have no other connection (PGlite).
    const session =
      batchScopeOf(ctx)?.session ?? (await readSession(requestDb(ctx), deps.clock, sessionTokenOf(ctx)));
    if (!session) throw new Unauthorized();
    ctx.state.adminSession = session;
    return next();
  };
}
