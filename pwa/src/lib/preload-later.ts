/**
 * Requests the files a prerendered page loads once its data features start:
 * the data libraries and the page's lazy sections, with every file they
 * import (listed by the build: vite-plugins/prerender.ts; prefetched by
 * public/start-app.js, one link per task). The app still evaluates them in its own
 * order and pace (lib/data-libraries.ts); this only makes them arrive together
 * instead of one round trip after another as each file names the next, which
 * on a link with 2 s of latency halved the time until /booking listed its cars.
 * A page without the list (a test, the dev server), or another page than the
 * one the visitor landed on, requests nothing.
 */
let started = false;

export function preloadLaterFiles(): void {
  if (started) return;
  started = true;
  (window as { preloadLater?: () => void }).preloadLater?.();
}
