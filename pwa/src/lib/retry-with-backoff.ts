/**
 * Something the page must get done over a connection that may fail for a
 * while (the server hearing of a logout, a car's booked days): tried again
 * after a wait that doubles from `firstMs` up to `maxMs` while it fails, and
 * at once whenever the browser comes back online (the wait then starts over
 * from `firstMs`). One try at a time: a try asked for while one is under way
 * is not started. A flaky link may fire no "online" event at all, hence the timer.
 */
export type Retry = {
  /** Tries now, unless a try is under way. */
  now(): void;
  /** Tries after the current wait (a try made elsewhere has just failed). */
  later(): void;
  /** No more tries, and no listener left behind. */
  stop(): void;
};

export type RetryOptions = { firstMs: number; maxMs: number };

/**
 * @param attempt resolves true once it is done (or trying again would not
 *   help), false to be tried again; a rejection counts as false.
 */
export function retryWithBackoff(attempt: () => Promise<boolean>, { firstMs, maxMs }: RetryOptions): Retry {
  let delay = firstMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let trying = false;
  let stopped = false;

  const later = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(now, delay);
    delay = Math.min(delay * 2, maxMs);
  };
  const settle = (done: boolean) => {
    trying = false;
    if (done) delay = firstMs;
    else later();
  };
  function now() {
    if (stopped || trying) return;
    clearTimeout(timer);
    trying = true;
    attempt().then(settle, () => settle(false));
  }
  const backOnline = () => {
    delay = firstMs;
    now();
  };
  // globalThis, not window: the same code runs where there is no window (Node's tests).
  globalThis.addEventListener?.("online", backOnline);
  return {
    now,
    later,
    stop() {
      stopped = true;
      clearTimeout(timer);
      globalThis.removeEventListener?.("online", backOnline);
    },
  };
}
