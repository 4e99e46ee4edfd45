import { routes } from "@car-rental/shared/api";
import Router from "@koa/router";
import type { PushKey } from "@car-rental/shared/schemas/push";
import type { AppDeps } from "../../deps";
import { requestDb } from "../../middleware/request-db";
import { subscribePush, unsubscribePush } from "../../push/push-subscriptions.service";
import { vapidKeys } from "../../push/vapid";
import { mount } from "../mount";

/**
 * Notifications to the owner's devices (release-2 §D4): the server's public
 * key for `pushManager.subscribe`, and a device's subscription on and off.
 */
export function adminPushRoutes(deps: AppDeps): Router {
  const router = new Router();

  mount(router, routes.pushKey, async (ctx) => {
    const body: PushKey = { publicKey: (await vapidKeys(deps.db.knex)).publicKey };
    ctx.body = body;
  });

  mount(router, routes.subscribePush, async (ctx, input) => {
    await subscribePush(requestDb(ctx), input());
    ctx.status = 201;
    ctx.body = { subscribed: true };
  });

  mount(router, routes.unsubscribePush, async (ctx, input) => {
    const { endpoint } = input();
    await unsubscribePush(requestDb(ctx), endpoint);
    ctx.body = { subscribed: false };
  });

  return router;
}
