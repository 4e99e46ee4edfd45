import type { IncomingHttpHeaders, RequestListener } from "node:http";
import { routes } from "@car-rental/shared/api";
import type { BatchChange, BatchResult } from "@car-rental/shared/schemas/batch";
import Router from "@koa/router";
import type { Context } from "koa";
import inject from "light-my-request";
import { mount } from "../mount";

/** Runs one request through the whole app, in process (no socket), and gives its answer. */
export type Dispatch = (ctx: Context, change: BatchChange) => Promise<BatchResult>;

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
  return async (ctx, change) => {
    handler ??= app();
    const answer = await inject(handler, {
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

/**
 * `POST /api/admin/batch`: the outbox's changes, applied in order, each as
 * the request it would have been alone (see shared/src/schemas/batch.ts).
 */
export function adminBatchRoutes(dispatch: Dispatch): Router {
  const router = new Router();
  mount(router, routes.adminBatch, async (ctx, input) => {
    const { changes } = input();
    const results: BatchResult[] = [];
    // The rows of refused changes: a later change about one of them waits (it depends on the refused one).
    const refusedRows = new Set<string>();
    for (const change of changes) {
      const rows = change.rows ?? [];
      if (rows.some((row) => refusedRows.has(row))) {
        results.push({ key: change.key, status: null, body: null });
        continue;
      }
      const result = await dispatch(ctx, change);
      results.push(result);
      if (stopsTheBatch(result)) break;
      if (result.status !== null && result.status >= 400) for (const row of rows) refusedRows.add(row);
    }
    ctx.set("Cache-Control", "no-store");
    ctx.body = { results };
  });
  return router;
}
