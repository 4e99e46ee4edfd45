import type { Knex } from "knex";
import type { PushSubscriptionInput } from "@car-rental/shared/schemas/push";

/** Stores a device's subscription; the same device subscribing again replaces its keys. */
export async function subscribePush(db: Knex, input: PushSubscriptionInput): Promise<void> {
  await db("push_subscriptions")
    .insert({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflict("endpoint")
    .merge(["p256dh", "auth"]);
}

/** Forgets a device (notifications turned off there). Unknown endpoints are fine: nothing to do. */
export async function unsubscribePush(db: Knex, endpoint: string): Promise<void> {
  await db("push_subscriptions").where({ endpoint }).delete();
}
