import { randomUUID } from "node:crypto";
import type { Middleware } from "koa";
import type { Logger } from "pino";

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
      const line = { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms };
      if (ctx.status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    }
  };
}
