import type { Context, Middleware } from "koa";
import { routes } from "@car-rental/shared/api";
import type { AppDeps } from "../deps";
import { DomainError, Unauthorized } from "../errors";
import { batchScopeOf } from "./batch-scope";
import { readSession } from "../services/admin/admin-session.service";
import { claimKey, requestHash, storeResponse, type KeyOwner } from "../services/idempotency.service";
import { commitOrThrow } from "../services/in-transaction";
import { setRequestDb } from "./request-db";
import { sessionTokenOf } from "./session-cookie";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const KEY_PATTERN = /^[\w.:-]{8,200}$/;
/** Answers that must not be replayed: the client should really try again later. */
const NOT_STORED = new Set([401, 408, 429]);
/**
 * Never replayed, never run inside a transaction: sign-in answers with a
 * cookie, and a failed password (sign-in or password change) must stay
 * counted, which a rollback would undo. Paths here are canonical (see
 * canonicalApiPaths), so no other spelling slips past this list.
 */
const NOT_IDEMPOTENT: ReadonlySet<string> = new Set([
  routes.adminLogin.path,
  routes.changeAdminPassword.path,
]);

/** `admin` with a valid admin session, else the client address. */
async function ownerOf(ctx: Context, deps: Pick<AppDeps, "db" | "clock">): Promise<KeyOwner> {
  const session = await readSession(deps.db.knex, deps.clock, sessionTokenOf(ctx));
  return session ? "admin" : `public:${ctx.ip}`;
}

/**
 * Whether the stored answer may go to this request. An admin's key replays
 * only with a valid admin session (else 401, as the call itself would
 * answer); a public key only from the client address that used it first
 * (else 422, like a key reused for another request: nothing is revealed).
 * Keys stored before owners were recorded: an admin path needs a session.
 */
function checkReplayOwner(
  stored: string | null,
  current: KeyOwner,
  clientAddress: string,
  path: string,
): void {
  const storedOwner = stored ?? (path.startsWith("/api/admin/") ? "admin" : null);
  if (storedOwner === null || storedOwner === current) return;
  if (storedOwner === "admin") throw new Unauthorized();
  // A public key is bound to the address that used it, signed in or not: the
  // admin's own browser replaying its contact message is the same client.
  if (storedOwner === `public:${clientAddress}`) return;
  throw new DomainError("IDEMPOTENCY_KEY_REUSED");
}

/**
 * Every API mutation may carry an `Idempotency-Key`. The first answer is
 * stored with a hash of the request and its owner, in the same transaction as
 * the change (refusals: the admin's only); a repeat by the same owner gets that answer without anything
 * being applied again; the same key with another payload answers 422; a
 * repeat while the first still runs answers 409. Must sit outside the inner
 * error handler, so it sees the rendered status of refusals.
 */
export function idempotent(deps: Pick<AppDeps, "db" | "clock">): Middleware {
  return async function applyOnce(ctx, next) {
    const key = ctx.get("Idempotency-Key");
    if (!key || !MUTATING.has(ctx.method) || !ctx.path.startsWith("/api/") || NOT_IDEMPOTENT.has(ctx.path)) {
      return next();
    }
    if (!KEY_PATTERN.test(key)) {
      throw new DomainError(
        "VALIDATION_FAILED",
        "The Idempotency-Key header must be 8 to 200 letters, digits, '-', '_', '.' or ':'.",
      );
    }
    // A change of a batch runs in a savepoint of the batch's transaction, as the admin the batch was let
    // in as (see batch-scope.ts); any other request in a transaction of its own.
    const scope = batchScopeOf(ctx);
    const knex = scope?.trx ?? deps.db.knex;
    const hash = requestHash(ctx.method, ctx.path, ctx.request.body);
    // Read before the transaction: PGlite has one connection, which the transaction then holds.
    const owner = scope ? "admin" : await ownerOf(ctx, deps);
    const trx = await knex.transaction();
    let committed = false;
    try {
      const state = await claimKey(trx, key, ctx.method, ctx.path, hash, owner);
      if (state.kind === "mismatch") throw new DomainError("IDEMPOTENCY_KEY_REUSED");
      if (state.kind === "in-progress") throw new DomainError("IDEMPOTENCY_IN_PROGRESS");
      if (state.kind === "replay") {
        await commitOrThrow(trx);
        committed = true;
        checkReplayOwner(state.owner, owner, ctx.ip, ctx.path);
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
          owner,
          { beforeCommit: true },
        );
        await commitOrThrow(trx);
        committed = true;
        return;
      }
    } finally {
      if (!committed) await trx.rollback().catch(() => undefined);
    }
    // A refusal changed nothing (rolled back); remember the admin's, so a replay from the outbox gets the
    // same answer. A public refusal is not kept: anyone can send endless refused requests with fresh keys,
    // which would fill the table for 90 days; replayed, it is simply judged again.
    if (owner === "admin" && ctx.status < 500 && !NOT_STORED.has(ctx.status)) {
      await storeResponse(
        knex,
        key,
        ctx.method,
        ctx.path,
        hash,
        { status: ctx.status, body: ctx.body },
        deps.clock.now(),
        owner,
      );
    }
  };
}
