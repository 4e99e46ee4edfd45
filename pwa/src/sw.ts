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

// ---- Lifecycle -------------------------------------------------------------
// A new worker waits until the user accepts the update prompt (registerType
// "prompt"), then skips waiting; the page reloads when it takes control.
self.addEventListener("message", (event) => {
  if (isMessageOfType(event.data, SKIP_WAITING_MESSAGE_TYPE)) void self.skipWaiting();
});
// Control the first page right away, so it works offline without a reload (clientsClaim()).
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
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
    cacheName: "car-images",
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
    ],
  }),
);

// Nothing else is cached: /api/admin/* and /objects/documents/* (private) and
// every other API call go straight to the network.

// ---- Background Sync of the outbox ----------------------------------------
self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(drainOutboxFromWorker());
});
