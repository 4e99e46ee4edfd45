/** Web Push to the owner's installed admin app (release-2 §D4). */
import * as z from "zod";

/** Answer of `GET /api/admin/push/key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushKeySchema = z.object({ publicKey: z.string().min(1) });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z.object({
  // Push services are https; plain http only on this machine (a local push service in tests).
  endpoint: z
    .url({ protocol: /^https?$/, error: "The endpoint must be an http(s) URL" })
    .max(2000)
    .refine((value) => {
      const url = new URL(value);
      return url.protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
    }, "The endpoint must be an https URL"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** Body of `DELETE /api/admin/push/subscriptions`: the device that stops receiving notifications. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) });

/** What a notification carries to the service worker. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app address the notification opens, e.g. `/admin/bookings/<id>`. */
  url: z.string(),
  /** Notifications with one tag replace each other (a repeat never stacks up). */
  tag: z.string(),
  /** For the app icon's badge (Badging API). */
  pendingBookings: z.number().int().nonnegative(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
