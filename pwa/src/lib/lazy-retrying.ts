import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** Tries while online before the error reaches the page: 1 s, 2 s, 4 s, 8 s apart. */
const ONLINE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1000;

/** Resolves at the next `online` event, or at once when the browser is online already. */
function backOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * Loads a piece of code, and when its file cannot be fetched waits for the
 * connection and tries again. Offline it waits as long as it takes: the page
 * keeps showing the Suspense fallback instead of an error. Online it gives up
 * after a few attempts, so a real error (a file gone after a deploy) still shows.
 */
export async function loadRetrying<T>(load: () => Promise<T>): Promise<T> {
  let failedOnline = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) {
        failedOnline += 1;
        if (failedOnline >= ONLINE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, FIRST_DELAY_MS * 2 ** (failedOnline - 1)));
      }
      await backOnline();
    }
  }
}

/**
 * `React.lazy` that survives a lost connection. A plain lazy component whose
 * file fails to load (a first visit, before the service worker holds the app,
 * on a connection that just dropped) throws, and the error replaces the whole
 * page; this one waits for the connection and loads the file then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of React.lazy itself
export function lazyRetrying<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadRetrying(load));
}
