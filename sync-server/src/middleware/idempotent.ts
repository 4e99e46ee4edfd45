import type { Middleware } from "koa";
import type { AppDeps } from "../deps";
import { DomainError } from "../errors";
import { claimKey, requestHash, storeResponse } from "../services/idempotency.service";
import { setRequestDb } from "./request-db";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY_PATTERN = /^[\w.:-]{8,200}$/;
/** Answers that must not be replayed: the client should really try again later. */
const NOT_STORED = new Set([401, 408, 429]);

/**
 * Every API mutation may carry an `Idempotency-Key`. The first answer is
 * stored with a hash of the request, in the same transaction as the change;
 * a repeat gets that answer without anything being applied again; the same
 * key with another payload answers 422; a repeat while the first still runs
 * answers 409. Must sit outside the inner error handler, so it sees the
 * rendered status of refusals.
 */
export function idempotent(deps: Pick<AppDeps, "db" | "clock">): Middleware {
  return async function applyOnce(ctx, next) {
    const key = ctx.get("Idempotency-Key");
    // Sign-in is never replayed: its answer is a cookie, and a rollback would forget failed attempts.
    if (
      !key ||
      !MUTATING.has(ctx.method) ||
      !ctx.path.startsWith("/api/") ||
      ctx.path === "/api/admin/session"
    ) {
      return next();
    }
    if (!KEY_PATTERN.test(key)) {
      throw new DomainError(
        "VALIDATION_FAILED",
        "The Idempotency-Key header must be 8 to 200 letters, digits, '-', '_', '.' or ':'.",
      );
    }
    const { knex } = deps.db;
    const hash = requestHash(ctx.method, ctx.path, ctx.request.body);
    const trx = await knex.transaction();
    let committed = false;
    try {
      const state = await claimKey(trx, key, ctx.method, ctx.path, hash);
      if (state.kind === "mismatch") throw new DomainError("IDEMPOTENCY_KEY_REUSED");
      if (state.kind === "in-progress") throw new DomainError("IDEMPOTENCY_IN_PROGRESS");
      if (state.kind === "replay") {
        await trx.commit();
        committed = true;
        ctx.status = state.response.status;
        ctx.body = state.response.body;
        ctx.set("Idempotent-Replayed", "true");
        return;
      }
      setRequestDb(ctx, trx);
      await next();
      if (ctx.status < 400) {
        await storeResponse(
          trx,
          key,
          ctx.method,
          ctx.path,
          hash,
          { status: ctx.status, body: ctx.body },
          deps.clock.now(),
        );
        await trx.commit();
        committed = true;
        return;
      }
    } finally {
      if (!committed) await trx.rollback().catch(() => undefined);
    }
    // A refusal changed nothing (rolled back); remember it so a replay gets the same answer.
    if (ctx.status < 500 && !NOT_STORED.has(ctx.status)) {
      await storeResponse(
        knex,
        key,
        ctx.method,
        ctx.path,
        hash,
        { status: ctx.status, body: ctx.body },
        deps.clock.now(),
      );
    }
  };
}
