import webPush from "web-push";
import type { VapidKeys } from "./vapid";

export type StoredSubscription = { endpoint: string; p256dh: string; auth: string };

/** How long a push service keeps a notification for a device that is off (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;

/**
 * Sends one encrypted notification (RFC 8291 aes128gcm, VAPID RFC 8292) to a
 * device's push service and answers its HTTP status. The `web-push` package
 * encrypts and signs; the request itself goes through `fetch`, which honours
 * the endpoint's scheme, so a test can stand up a plain-http push service.
 */
export async function sendWebPush(
  subscription: StoredSubscription,
  payload: string,
  vapid: VapidKeys & { subject: string },
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TIME_TO_LIVE_S,
      urgency: "high",
    },
  );
  const response = await fetchImpl(details.endpoint, {
    method: details.method,
    headers: details.headers,
    body: new Uint8Array(details.body),
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
