import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";

/**
 * The path as it may be logged: an upload address's token (`/uploads/<id>.<secret>`)
 * and anything else token-shaped (40+ URL-safe base64 characters) is replaced.
 * The query string, headers (cookies) and bodies are never logged.
 */
export function loggablePath(path: string): string {
  if (path.startsWith("/uploads/")) return "/uploads/[redacted]";
  return path.replace(/[A-Za-z0-9_-]{40,}/g, "[redacted]");
}

/** Gives every request an id (echoed as X-Request-Id) and logs one structured line when it ends. */
export function requestLog(logger: Logger): Middleware {
  return async function logRequest(ctx, next) {
    const incoming = ctx.get("X-Request-Id");
    const requestId = /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { requestId, method: ctx.method, path: loggablePath(ctx.path), status: ctx.status, ms };
      if (ctx.status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    }
  };
}
