import Router from "@koa/router";
import type { PushKey } from "@car-rental/shared/schemas/push";
import { pushSubscriptionInputSchema, pushUnsubscribeSchema } from "@car-rental/shared/schemas/push";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { parseBody } from "../../middleware/validate";
import { subscribePush, unsubscribePush } from "../../push/push-subscriptions.service";
import { vapidKeys } from "../../push/vapid";

/**
 * Notifications to the owner's devices (release-2 §D4): the server's public
 * key for `pushManager.subscribe`, and a device's subscription on and off.
 */
export function adminPushRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.get("/api/admin/push/key", async (ctx) => {
    const body: PushKey = { publicKey: (await vapidKeys(deps.db.knex)).publicKey };
    ctx.body = body;
  });

  router.post("/api/admin/push/subscriptions", async (ctx) => {
    const input = parseBody(pushSubscriptionInputSchema, ctx.request.body);
    await subscribePush(requestDb(ctx), input);
    ctx.status = 201;
    ctx.body = { subscribed: true };
  });

  router.post("/api/admin/push/subscriptions/delete", async (ctx) => {
    const { endpoint } = parseBody(pushUnsubscribeSchema, ctx.request.body);
    await unsubscribePush(requestDb(ctx), endpoint);
    ctx.body = { subscribed: false };
  });

  return router;
}
