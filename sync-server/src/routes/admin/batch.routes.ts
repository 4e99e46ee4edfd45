import type { IncomingHttpHeaders, RequestListener } from "node:http";
import { routes } from "@car-rental/shared/api";
import type { BatchChange, BatchResult } from "@car-rental/shared/schemas/batch";
import Router from "@koa/router";
import type { Context } from "koa";
import inject from "light-my-request";
import type { AppDeps } from "../../deps";
import { enterBatchScope, type BatchScope } from "../../middleware/batch-scope";
import { sessionTokenOf } from "../../middleware/session-cookie";
import { readSession } from "../../services/admin/admin-session.service";
import { commitOrThrow } from "../../services/in-transaction";
import { objectPathsIn } from "../../services/objects/upload.service";
import { mount } from "../mount";

/** Runs one request through the whole app, in process (no socket), in `scope` if given, and gives its answer. */
export type Dispatch = (ctx: Context, change: BatchChange, scope?: BatchScope) => Promise<BatchResult>;

/**
 * The headers a change inherits from the batch: who sends it (the session
 * cookie), from where (origin, host, the proxy's headers), so the app judges
 * it exactly as it would the request sent alone.
 */
const INHERITED_HEADERS = [
  "cookie",
  "host",
  "origin",
  "sec-fetch-site",
  "user-agent",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
] as const;

function inheritedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const name of INHERITED_HEADERS) {
    const value = headers[name];
    if (typeof value === "string") inherited[name] = value;
  }
  return inherited;
}

/**
 * Dispatches batched changes through `app()` (the app's own request handler,
 * read when the first batch comes: the app is complete by then), with every
 * middleware a lone request meets: the admin guard, the idempotency layer,
 * validation, the error rendering.
 */
export function dispatchThrough(app: () => RequestListener): Dispatch {
  let handler: RequestListener | null = null;
  return async (ctx, change, scope) => {
    const appHandler = (handler ??= app());
    const dispatched: RequestListener = (req, res) => {
      if (scope) enterBatchScope(req, scope);
      return appHandler(req, res);
    };
    const answer = await inject(dispatched, {
      method: change.method,
      url: change.path,
      headers: {
        ...inheritedHeaders(ctx.req.headers),
        accept: "application/json",
        "idempotency-key": change.key,
        ...(change.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(change.body === undefined ? {} : { payload: JSON.stringify(change.body) }),
      remoteAddress: ctx.req.socket.remoteAddress ?? "127.0.0.1",
    });
    const isJson = String(answer.headers["content-type"] ?? "").includes("application/json");
    return {
      key: change.key,
      status: answer.statusCode,
      body: isJson && answer.payload !== "" ? (JSON.parse(answer.payload) as unknown) : null,
      ...(answer.headers["idempotent-replayed"] === "true" ? { replayed: true } : {}),
    };
  };
}

/** The error code of a rendered error answer (`{code}` or `{error: {code}}`), if any. */
function errorCode(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  if ("code" in body && typeof body.code === "string") return body.code;
  if ("error" in body) return errorCode(body.error);
  return null;
}

/**
 * An answer after which the changes behind it must wait: the client tries
 * again later (5xx, 408, 429, a key still in use) or signs in again (401).
 * A refusal (any other 4xx) concerns its change alone.
 */
export function stopsTheBatch(result: BatchResult): boolean {
  const { status } = result;
  if (status === null) return false;
  if (status >= 500 || status === 401 || status === 408 || status === 429) return true;
  return status === 409 && errorCode(result.body) === "IDEMPOTENCY_IN_PROGRESS";
}

/** The calls that start, end or change the admin session: each runs alone, never in the batch's transaction. */
const SESSION_PATHS: ReadonlySet<string> = new Set([
  routes.adminLogin.path,
  routes.adminLogout.path,
  routes.changeAdminPassword.path,
]);

/**
 * Whether a change may run in the batch's shared transaction (see
 * batch-scope.ts): not a session call (what comes after it must see the
 * session as it leaves it), and, with S3, not one naming uploaded objects
 * (they are checked in storage before any transaction opens, release-2 A6).
 */
function sharesTransaction(deps: Pick<AppDeps, "storage">, change: BatchChange): boolean {
  const path = new URL(change.path, "http://batch.invalid").pathname;
  if (SESSION_PATHS.has(path)) return false;
  return !deps.storage.presignPost || objectPathsIn(change.body, 1).length === 0;
}

/**
 * `POST /api/admin/batch`: the outbox's changes, applied in order, each as
 * the request it would have been alone (see shared/src/schemas/batch.ts).
 *
 * The changes run in one database transaction, each in a savepoint of its
 * own with its stored answer (see batch-scope.ts): a refusal rolls back its
 * own change only, and the batch commits once, before it answers. Should the
 * commit fail, the batch fails whole and nothing of it was applied (a replay
 * then applies each change once). A change that may not share the
 * transaction commits what came before it and runs alone.
 */
export function adminBatchRoutes(
  deps: Pick<AppDeps, "db" | "clock" | "storage">,
  dispatch: Dispatch,
): Router {
  const router = new Router();
  mount(router, routes.adminBatch, async (ctx, input) => {
    const { changes } = input();
    const results: BatchResult[] = [];
    // The rows of refused changes: a later change about one of them waits (it depends on the refused one).
    const refusedRows = new Set<string>();
    // The session the batch was let in with (admin guard); read again after a change that ran alone.
    let session = sessionOf(ctx.state.adminSession);
    let scope: BatchScope | null = null;
    const commit = async () => {
      if (!scope) return;
      const { trx } = scope;
      scope = null;
      await commitOrThrow(trx);
    };
    try {
      for (const change of changes) {
        const rows = change.rows ?? [];
        if (rows.some((row) => refusedRows.has(row))) {
          results.push({ key: change.key, status: null, body: null });
          continue;
        }
        let result: BatchResult;
        if (session && sharesTransaction(deps, change)) {
          scope ??= { trx: await deps.db.knex.transaction(), session };
          result = await dispatch(ctx, change, scope);
        } else {
          await commit();
          result = await dispatch(ctx, change);
          session = await readSession(deps.db.knex, deps.clock, sessionTokenOf(ctx));
        }
        results.push(result);
        if (stopsTheBatch(result)) break;
        if (result.status !== null && result.status >= 400) for (const row of rows) refusedRows.add(row);
      }
      await commit();
    } finally {
      // Only after a failure (the answer is then an error, and none of the uncommitted changes was applied).
      const open: BatchScope | null = scope;
      if (open) await open.trx.rollback().catch(() => undefined);
    }
    ctx.set("Cache-Control", "no-store");
    ctx.body = { results };
  });
  return router;
}

/** The admin guard's session (`ctx.state.adminSession`), if it is one. */
function sessionOf(value: unknown): BatchScope["session"] | null {
  if (typeof value !== "object" || value === null || !("expiresAt" in value)) return null;
  return value.expiresAt instanceof Date ? { expiresAt: value.expiresAt } : null;
}
