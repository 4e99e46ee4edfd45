import "./lib/zod-without-eval";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { isMessageOfType, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE_TYPE } from "./lib/pwa/sw-messages";
import { drainOutboxFromWorker } from "./data/worker-sync";
import { handlePushNotifications } from "./service-worker/push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

declare global {
  /** Background Sync (not in TypeScript's WebWorker lib). */
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
    readonly lastChance: boolean;
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

const DAY_SECONDS = 24 * 60 * 60;
const CAR_IMAGES_CACHE = "car-images";
const UPLOADED_CAR_IMAGE = "/objects/car-images/";

/**
 * "The pictures are available offline after one visit" (decisions.md): the
 * bundled pictures are precached; uploaded ones are fetched into the cache as
 * soon as the fleet is known, not only when their card scrolls into view.
 */
async function warmUploadedCarImages(fleet: Response): Promise<void> {
  const cars: unknown = await fleet.json().catch(() => null);
  if (!Array.isArray(cars)) return;
  const cache = await caches.open(CAR_IMAGES_CACHE);
  for (const car of cars as unknown[]) {
    const image = typeof car === "object" && car !== null && "image" in car ? car.image : null;
    if (typeof image !== "string" || !image.startsWith(UPLOADED_CAR_IMAGE)) continue;
    if (await cache.match(image)) continue;
    try {
      const response = await fetch(image);
      if (response.ok) await cache.put(image, response);
    } catch {
      // Offline again: the next fleet answer tries once more.
    }
  }
}

// ---- Lifecycle -------------------------------------------------------------
// A new worker waits until the user accepts the update prompt (registerType
// "prompt"), then skips waiting; the page reloads when it takes control.
self.addEventListener("message", (event) => {
  if (isMessageOfType(event.data, SKIP_WAITING_MESSAGE_TYPE)) void self.skipWaiting();
});
// Control the first page right away, so it works offline without a reload (clientsClaim()).
// The first visit's fleet may have loaded before this worker took control: it reads it once itself.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.claim().then(() =>
      fetch("/api/cars")
        .then((fleet) => (fleet.ok ? warmUploadedCarImages(fleet) : undefined))
        .catch(() => undefined),
    ),
  );
});

// ---- The app shell ---------------------------------------------------------
// Every built file: HTML, JS and CSS chunks of every route, icons, car pictures.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page path opens offline from the precached index.html; the router takes it from there.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [/^\/api\//, /^\/objects\//],
  }),
);

// ---- Runtime caches --------------------------------------------------------
// Car pictures: bundled ones not in this build's precache, and uploaded ones.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (url.pathname.startsWith("/cars/") || url.pathname.startsWith("/objects/car-images/")),
  new CacheFirst({
    cacheName: CAR_IMAGES_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// Public fleet reads: fresh when online, last answer when offline. IndexedDB
// (src/data/) is the real offline store; this only helps the first paint.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/api\/cars(?:\/[^/]+\/booked-dates)?$/.test(url.pathname),
  new NetworkFirst({
    cacheName: "public-api",
    networkTimeoutSeconds: 4,
    plugins: [
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
      {
        // A fresh fleet: its uploaded pictures go into the cache while the page goes on.
        fetchDidSucceed: ({ request, response, event }) => {
          if (response.ok && new URL(request.url).pathname === "/api/cars") {
            event.waitUntil(warmUploadedCarImages(response.clone()).catch(() => undefined));
          }
          return Promise.resolve(response);
        },
      },
    ],
  }),
);

// Nothing else is cached: /api/admin/* and /objects/documents/* (private) and
// every other API call go straight to the network.

// ---- Background Sync of the outbox ----------------------------------------
self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(drainOutboxFromWorker());
});

// ---- Notifications to the owner's installed app ------------------------------
handlePushNotifications(self);
