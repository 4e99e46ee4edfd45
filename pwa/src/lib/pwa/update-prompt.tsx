import { Suspense, useEffect, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { lazyRetrying } from "../lazy-retrying";

// The banner (Mantine's Paper, Group, Button) loads only when an update is waiting.
const UpdateBanner = lazyRetrying(() => import("./update-banner").then((m) => ({ default: m.UpdateBanner })));

/** How often an open tab asks the server for a new service worker. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // Skip while offline: the check would fail and there is nothing to fetch.
    if (navigator.onLine) void registration.update().catch(() => undefined);
  };
  check();
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * True once the page's load event has fired. The worker registers only then
 * anyway (workbox-window waits for it); mounting its registration no earlier
 * keeps workbox-window's own file out of what the first view loads.
 */
function useLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === "complete");
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, [loaded]);
  return loaded;
}

/**
 * Registers the service worker once the page has loaded, and offers updates
 * (see RegisteredUpdatePrompt). A registration that failed (a first visit
 * whose connection dropped before the worker's files arrived) is tried again
 * when the connection returns, so the visit still ends with the app stored
 * for offline use.
 */
export function UpdatePrompt() {
  const loaded = useLoaded();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    };
    if (navigator.onLine) {
      const timer = window.setTimeout(retry, 5000);
      return () => window.clearTimeout(timer);
    }
    window.addEventListener("online", retry, { once: true });
    return () => window.removeEventListener("online", retry);
  }, [failed]);
  if (!loaded) return null;
  return <RegisteredUpdatePrompt key={attempt} onRegisterError={() => setFailed(attempt < 10)} />;
}

/**
 * Registers the service worker (vite-plugin-pwa, registerType "prompt") and,
 * when a new version is waiting, offers to reload into it. "Reload" tells the
 * waiting worker to skip waiting; the page reloads once it takes control.
 */
function RegisteredUpdatePrompt({ onRegisterError }: { onRegisterError: () => void }) {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
    onRegisterError(error: unknown) {
      console.error("Service worker registration failed", error);
      onRegisterError();
    },
  });

  if (!needRefresh) return null;

  return (
    <Suspense fallback={null}>
      <UpdateBanner onLater={() => setNeedRefresh(false)} onReload={() => void updateServiceWorker(true)} />
    </Suspense>
  );
}
