/**
 * Notifications to the owner's installed admin app (release-2 §D4), in the
 * service worker: a push shows the notification and sets the app icon's
 * badge to the number of pending bookings; tapping it opens the screen it is
 * about (focusing an open window of the app when there is one).
 */

/** What the server sends (shared `pushMessageSchema`), read defensively: a push may come from an older server. */
type PushPayload = { title: string; body: string; url: string; tag: string; pendingBookings: number | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function readPayload(data: PushMessageData | null): PushPayload {
  let parsed: unknown;
  try {
    parsed = data?.json();
  } catch {
    parsed = null;
  }
  const record = isRecord(parsed) ? parsed : {};
  const field = (name: string): unknown => record[name];
  const text = (name: string, fallback: string) => {
    const value = field(name);
    return typeof value === "string" && value !== "" ? value : fallback;
  };
  const count = field("pendingBookings");
  const url = text("url", "/admin");
  return {
    title: text("title", "Alaminos Car Rental"),
    body: text("body", ""),
    // Only addresses of this app: a notification never opens another site.
    url: url.startsWith("/") && !url.startsWith("//") ? url : "/admin",
    tag: text("tag", "admin"),
    pendingBookings: typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null,
  };
}

/** The Badging API where the platform has it (installed apps on Chromium, Safari on iOS 16.4+). */
async function setBadge(worker: ServiceWorkerGlobalScope, count: number | null): Promise<void> {
  if (count === null) return;
  const nav = worker.navigator as WorkerNavigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    if (count > 0) await nav.setAppBadge?.(count);
    else await nav.clearAppBadge?.();
  } catch {
    // No badge on this platform: the notification is what matters.
  }
}

async function openScreen(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const target = new URL(url, worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    await open.focus();
    if (open.url !== target) await open.navigate(target);
    return;
  }
  await worker.clients.openWindow(target);
}

/** Registers the push and notification-click handlers on the worker. */
export function handlePushNotifications(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener("push", (event) => {
    const message = readPayload(event.data);
    event.waitUntil(
      Promise.all([
        worker.registration.showNotification(message.title, {
          body: message.body,
          tag: message.tag,
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          data: { url: message.url },
        }),
        setBadge(worker, message.pendingBookings),
      ]),
    );
  });

  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url =
      typeof data === "object" && data !== null && "url" in data && typeof data.url === "string"
        ? data.url
        : "/admin";
    event.waitUntil(openScreen(worker, url));
  });
}
