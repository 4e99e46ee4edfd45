import type { Middleware } from "koa";
import type { Logger } from "pino";
import { errorBody } from "@car-rental/shared/schemas/error";
import { DomainError, TooManyRequests, errorStatus } from "../errors";

/** SQLSTATE classes and driver errors that mean "the database is not reachable right now". */
function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = "code" in err && typeof err.code === "string" ? err.code : "";
  return (
    code.startsWith("08") || // connection exception
    code === "57P01" || // admin shutdown
    code === "57P02" ||
    code === "57P03" || // cannot connect now (starting up)
    // A transaction PostgreSQL ended to break a deadlock or a serialization conflict: nothing of it was
    // committed, and the same request sent again succeeds (the outbox retries a 503 with its key).
    code === "40P01" ||
    code === "40001" ||
    code === "ECONNREFUSED" ||
    code === "ECONNRESET" ||
    code === "ETIMEDOUT" ||
    code === "EPIPE" ||
    /Connection terminated|Knex: Timeout acquiring a connection|connect ECONNREFUSED|Client has encountered a connection error/i.test(
      err.message,
    ) ||
    // knex ended a transaction whose connection died before the next query of it ran (nothing was committed).
    err.message.startsWith("Transaction query already complete")
  );
}

/** The HTTP status Koa or a body parser attached to an error it threw. */
function httpStatusOf(err: unknown): number | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const status = "status" in err ? err.status : "statusCode" in err ? err.statusCode : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The one error renderer: domain errors become `{error: {code, message, details?}}`
 * (plus top-level copies, see `errorBody`) with their status; anything unexpected is logged and answered as a plain 500
 * without a stack trace.
 */
export function errorHandler(logger: Logger): Middleware {
  return async function renderErrors(ctx, next) {
    try {
      await next();
    } catch (err) {
      if (err instanceof DomainError) {
        ctx.status = errorStatus[err.code];
        if (err instanceof TooManyRequests) ctx.set("Retry-After", String(err.retryAfterSeconds));
        ctx.body = errorBody(err.code, err.message, err.details);
        return;
      }
      if (isDatabaseUnavailable(err)) {
        logger.warn({ err, requestId: ctx.state.requestId }, "database unavailable");
        ctx.status = 503;
        ctx.set("Retry-After", "2");
        ctx.body = errorBody("DATABASE_UNAVAILABLE");
        return;
      }
      // zlib (Z_DATA_ERROR) or brotli (ERR__ERROR_*) could not decode the body its Content-Encoding claims: a bad request.
      const status =
        httpStatusOf(err) ??
        (err instanceof Error && "code" in err && /^(Z_|ERR__ERROR)/.test(String(err.code))
          ? 400
          : undefined);
      if (status !== undefined) {
        // Errors raised by Koa itself or the body parser (malformed JSON, too large, ...).
        ctx.status = status;
        ctx.body =
          status === 413
            ? errorBody("PAYLOAD_TOO_LARGE")
            : status === 415
              ? errorBody("UNSUPPORTED_MEDIA_TYPE")
              : errorBody("VALIDATION_FAILED", "The request body is not valid JSON.");
        return;
      }
      logger.error({ err, requestId: ctx.state.requestId }, "unhandled error");
      ctx.status = 500;
      ctx.body = errorBody("INTERNAL");
    }
  };
}

/**
 * A router that knows the path but not the method answers 405 (or 501 for a
 * method HTTP does not know) with an `Allow` header and no body: give it the
 * API's error body, as every other refusal has.
 */
export function methodErrorsAsJson(): Middleware {
  return async function describeMethodErrors(ctx, next) {
    await next();
    if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
      ctx.body = errorBody("METHOD_NOT_ALLOWED");
    }
  };
}
