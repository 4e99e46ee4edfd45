/**
 * The home page loads the content of its sections only when they come near
 * the viewport, so the first view stays light. Navigating to a section
 * (an anchor link, "Select This Car") reveals them all first, so the target
 * does not move while the page scrolls to it.
 */
const REVEAL_EVENT = "home:reveal-sections";

/** Marks section content that is not rendered yet (waiting to be revealed, or loading). */
export const PENDING_SECTION_ATTRIBUTE = "data-home-pending";

let revealed = false;

export function revealAllSections(): void {
  if (revealed) return;
  revealed = true;
  window.dispatchEvent(new Event(REVEAL_EVENT));
}

export function sectionsRevealed(): boolean {
  return revealed;
}

/** Calls `listener` once every section should render. Returns the unsubscribe. */
export function onRevealAllSections(listener: () => void): () => void {
  window.addEventListener(REVEAL_EVENT, listener);
  return () => window.removeEventListener(REVEAL_EVENT, listener);
}

export function hasPendingSections(): boolean {
  return document.querySelector(`[${PENDING_SECTION_ATTRIBUTE}]`) !== null;
}

/** Runs `then` once no section is pending any more (or after `timeoutMs`). */
export function whenSectionsSettled(then: () => void, timeoutMs = 4000): void {
  if (!hasPendingSections()) {
    then();
    return;
  }
  const observer = new MutationObserver(() => {
    if (hasPendingSections()) return;
    finish();
  });
  const timer = window.setTimeout(finish, timeoutMs);
  function finish() {
    observer.disconnect();
    window.clearTimeout(timer);
    then();
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
}

/** A section waiting for its turn: renders it, resolving once its content is on screen. */
type IdleReveal = () => Promise<void>;

/** Sections not yet revealed, in document order (their registration order). */
const waitingForIdle: IdleReveal[] = [];

/** How long one section may take to load and render before the next one starts anyway. */
const SECTION_SETTLE_TIMEOUT_MS = 4000;

/**
 * Puts a section in the queue of sections rendered one by one once the page
 * is idle (see revealSectionsWhenIdle). Returns the function that takes it out
 * (it was revealed another way, or unmounted).
 */
export function queueIdleReveal(reveal: IdleReveal): () => void {
  waitingForIdle.push(reveal);
  return () => {
    const index = waitingForIdle.indexOf(reveal);
    if (index !== -1) waitingForIdle.splice(index, 1);
  };
}

function whenIdle(then: () => void): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(then, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(then, 500);
  return () => clearTimeout(timer);
}

function settledOrTimedOut(reveal: IdleReveal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SECTION_SETTLE_TIMEOUT_MS);
    void reveal().finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Renders the waiting sections once the page has loaded and the browser is
 * idle: the first paint needs only the hero, but a visitor (or a test) looking
 * for the booking form further down finds it without scrolling there first.
 * One section at a time, each in its own idle period, so no single task
 * renders them all and the page keeps answering input. Returns the stop.
 */
export function revealSectionsWhenIdle(): () => void {
  let stopped = false;
  let cancelIdle: () => void = () => undefined;
  const revealNext = () => {
    cancelIdle = whenIdle(() => {
      const next = waitingForIdle.shift();
      if (stopped || revealed || next === undefined) return;
      void settledOrTimedOut(next).then(() => {
        if (!stopped) revealNext();
      });
    });
  };
  if (document.readyState === "complete") revealNext();
  else window.addEventListener("load", revealNext, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener("load", revealNext);
    cancelIdle();
  };
}
