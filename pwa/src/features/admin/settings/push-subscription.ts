import { adminApi as api } from "../../../data/admin-api";

/** Whether this browser can receive Web Push at all (service worker, Push API, notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** How long the service worker may take to be ready, and the push service to answer a subscription. */
export const READY_WAIT_MS = 10_000;
export const SUBSCRIBE_WAIT_MS = 15_000;

/** `promise`, or a rejection after `ms`: the browser's push calls can wait forever. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The service worker's registration. `ready` never settles while no worker is
 * registered (its registration failed, or the browser blocks workers): the
 * toggle would spin for ever; it fails after a while instead.
 */
async function registration(): Promise<ServiceWorkerRegistration> {
  return within(navigator.serviceWorker.ready, READY_WAIT_MS, "The service worker");
}

/** This device's current subscription, if notifications are on here; none without a service worker. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registered = await navigator.serviceWorker.getRegistration();
  if (!registered) return null;
  return (await registration()).pushManager.getSubscription();
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type TurnOnResult = "on" | "denied" | "failed";

/**
 * Turns notifications on for this device (release-2 §D4): asks the browser's
 * permission, subscribes with the server's key and hands the subscription to
 * the server. Needs a connection: it is not a change the outbox can hold.
 * `onLateSuccess`: the push service answered after the wait was given up,
 * and the server has the subscription (notifications are on after all).
 */
export async function turnOnNotifications(onLateSuccess?: () => void): Promise<TurnOnResult> {
  if (!pushSupported()) return "failed";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const { publicKey } = await api.call("pushKey", {});
  const pushManager = (await registration()).pushManager;
  let subscription = await pushManager.getSubscription();
  if (!subscription) {
    const subscribing = pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    try {
      // The browser's push service answers over the network: on a poor connection it may never.
      subscription = await within(subscribing, SUBSCRIBE_WAIT_MS, "The push service");
    } catch (error) {
      // Given up on here, it may still complete: the server then hears of it all the same.
      subscribing
        .then(async (late) => {
          if (await registerWithServer(late)) onLateSuccess?.();
        })
        .catch(() => undefined);
      throw error;
    }
  }
  return (await registerWithServer(subscription)) ? "on" : "failed";
}

/**
 * Hands this device's subscription to the server, which keeps one per device
 * (sent again, it changes nothing). False when the browser's subscription is
 * not one the server can send to.
 */
async function registerWithServer(subscription: PushSubscription): Promise<boolean> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  await api.call("subscribePush", {
    body: {
      endpoint: json.endpoint,
      expirationTime: null,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    },
  });
  return true;
}

/**
 * Settings shows notifications on for a device the browser has a subscription
 * for: hands it to the server again, so "on" holds also for one the server
 * never heard of (the subscription completed after the toggle gave up, or its
 * answer was lost). Quietly does nothing when it cannot.
 */
export async function confirmWithServer(subscription: PushSubscription): Promise<void> {
  await registerWithServer(subscription).catch(() => undefined);
}

/** Turns notifications off for this device, here and on the server. */
export async function turnOffNotifications(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.call("unsubscribePush", { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
