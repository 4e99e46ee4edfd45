import Router from "@koa/router";
import { contactMessageSchema } from "@car-rental/shared/schemas/contact";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parse } from "../../middleware/validate";
import { limitContactMessages, sendContactMessage } from "../../services/contact/contact.service";

/** `POST /api/contact`: stored, the business notified by mail; 201 `{ok, id, createdAt}`. */
export function publicContactRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post("/api/contact", async (ctx) => {
    const db = requestDb(ctx);
    await limitContactMessages(db, ctx.ip, deps.clock.now(), deps.config.rateLimitScale);
    const message = parse(contactMessageSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await sendContactMessage(deps, db, message);
  });
  return router;
}
