/**
 * Loading code over a connection that comes and goes. No React here: the
 * app's start (main.tsx) uses it before React is loaded.
 */

/** Tries while online before the error is passed on: 1 s, 2 s, 4 s, 8 s apart. */
const ONLINE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1000;

/** Resolves at the next `online` event, or at once when the browser is online already. */
function backOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * Loads a piece of code, and when its file cannot be fetched waits for the
 * connection and tries again (the browser fetches a module that failed again).
 * Offline it waits as long as it takes; online it gives up after a few
 * attempts, so a real error (a file gone after a deploy) still shows.
 * `onFailure` hears of each failed attempt.
 */
export async function loadRetrying<T>(
  load: () => Promise<T>,
  onFailure?: (error: unknown) => void,
): Promise<T> {
  let failedOnline = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      onFailure?.(error);
      if (navigator.onLine) {
        failedOnline += 1;
        if (failedOnline >= ONLINE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, FIRST_DELAY_MS * 2 ** (failedOnline - 1)));
      }
      await backOnline();
    }
  }
}
