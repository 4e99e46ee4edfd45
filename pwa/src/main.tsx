import "./lib/zod-without-eval";
import "./styles/mantine";
import "./styles/global.css";
import { loadRetrying } from "./lib/load-retrying";
import { nextTask } from "./lib/next-task";
import { outboxMayHaveEntries } from "./lib/outbox-hint";
import { watchPendingLogout } from "./lib/pending-logout";
import { captureInstallPrompt } from "./lib/pwa/install-prompt";
import { PRERENDERED_PATH_META } from "./lib/prerender/routes";

// The outbox engine (Dexie) is not part of a visitor's first view: it starts, once
// the page is idle, only when changes may be waiting; a feature that queues a
// change (or the admin area) starts it itself.
if (outboxMayHaveEntries()) {
  const startEngine = () => {
    void import("./data/sync-engine").then(({ startSyncEngine }) => startSyncEngine());
    // A queued contact message is announced when it is delivered, wherever the form is.
    void import("./features/contact/contact-delivery-toasts").then((m) => m.announceContactDeliveries());
  };
  if ("requestIdleCallback" in window) window.requestIdleCallback(startEngine, { timeout: 3000 });
  else setTimeout(startEngine, 1500);
}

// The browser may announce that the app can be installed soon after load: listen from the start.
captureInstallPrompt();

// A logout made offline ends the server session once a page is online.
watchPendingLogout();

declare global {
  interface Window {
    /** public/theme-init.js: puts back the header indicator as built, for hydration. */
    restoreBuiltIndicator?: () => void;
  }
}

const container = document.getElementById("root");
if (!container) {
  throw new Error("index.html has no #root element");
}

/** "/pcc/" and "/pcc" are the same page. */
function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/**
 * Whether #root holds the build-time HTML of this very page (vite-plugins/prerender.ts).
 * Other addresses (the admin area, a 404, a page the server or the service worker
 * answered with the home page's file) render from scratch.
 */
function holdsThisPage(root: HTMLElement): boolean {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PRERENDERED_PATH_META}"]`);
  return (
    root.firstElementChild !== null &&
    meta !== null &&
    normalizePath(meta.content) === normalizePath(window.location.pathname)
  );
}

/**
 * Starts the app in several short tasks, not one long one. Its code arrives as
 * a few modules (src/boot/), evaluated one per task: evaluating React, the
 * router, Mantine and the routes at once would block a slow phone for a few
 * hundred milliseconds. The build preloads them all (vite-plugins/prerender.ts).
 * Then the router is built, the page's route chunk loaded, and the page hydrated.
 */
async function start(root: HTMLElement): Promise<void> {
  // A first visit whose connection drops before these files arrive: the page's HTML works meanwhile
  // (its links no longer wait for the app), and the app starts once the connection is back.
  const boot = <T,>(load: () => Promise<T>) => loadRetrying(load, () => root.removeAttribute("inert"));
  const { createRoot, hydrateRoot, startTransition } = await boot(() => import("./boot/react-dom"));
  await nextTask();
  const { RouterProvider } = await boot(() => import("./boot/router-library"));
  await nextTask();
  const { AppTree, InteractiveRoot, UpdatePrompt } = await boot(() => import("./boot/app-shell"));
  await nextTask();
  const { createAppRouter, loadCurrentRoute } = await boot(() => import("./boot/routes"));
  await nextTask();
  const router = createAppRouter();
  // public/theme-init.js may have shown the connection on the built indicator: the app shows it from now on.
  window.restoreBuiltIndicator?.();
  const app = (
    <AppTree>
      <RouterProvider router={router} />
      <UpdatePrompt />
      <InteractiveRoot container={root} />
    </AppTree>
  );

  if (!holdsThisPage(root)) {
    // Another page's HTML (hidden by public/theme-init.js and global.css): render this one from scratch.
    root.replaceChildren();
    document.documentElement.removeAttribute("data-prerendered-other-page");
    createRoot(root).render(app);
    return;
  }
  // The page's route chunk must be loaded before hydrating, so the first render matches the HTML.
  await nextTask();
  try {
    await loadCurrentRoute(router);
  } catch {
    createRoot(root).render(app);
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds
  // instead of blocking the main thread (the page is already on screen).
  await nextTask();
  startTransition(() => void hydrateRoot(root, app));
}

void start(container);
