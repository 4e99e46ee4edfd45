import type { Context } from "koa";
import {
  answerEtag,
  answerMatches,
  chooseEncoding,
  type SerialisedAnswer,
} from "../../services/serialised-answer";

/**
 * Sends a serialised answer as JSON in the encoding the client accepts,
 * bypassing the compression middleware (the bytes are compressed already).
 * With `etag`, it carries its strong ETag and a matching `If-None-Match` is
 * answered 304.
 */
export function sendAnswer(ctx: Context, answer: SerialisedAnswer, options: { etag: boolean }): void {
  ctx.compress = false;
  ctx.vary("Accept-Encoding");
  const encoding = chooseEncoding(ctx.get("Accept-Encoding"), answer);
  if (options.etag) {
    ctx.set("ETag", answerEtag(answer, encoding));
    if (answerMatches(ctx.get("If-None-Match"), answer)) {
      ctx.status = 304;
      return;
    }
  }
  ctx.type = "application/json; charset=utf-8";
  if (encoding !== "identity") ctx.set("Content-Encoding", encoding);
  ctx.body = answer.bodies[encoding] ?? answer.bodies.identity;
}

/**
 * Sends a whole-list snapshot (the fleet, the rates) with its strong ETag;
 * `Cache-Control: no-cache` makes browsers and the service worker revalidate
 * every time (cheap with the ETag).
 */
export function sendSnapshot(ctx: Context, answer: SerialisedAnswer): void {
  ctx.set("Cache-Control", "no-cache");
  sendAnswer(ctx, answer, { etag: true });
}
