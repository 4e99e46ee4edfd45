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

/**
 * Reveals every section once the page has loaded and the browser is idle: the
 * first paint needs only the hero, but a visitor (or a test) looking for the
 * booking form further down finds it without scrolling there first.
 */
export function revealAllSectionsWhenIdle(): () => void {
  if (revealed) return () => undefined;
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") {
      idle = window.requestIdleCallback(revealAllSections, { timeout: 1500 });
    } else {
      timer = setTimeout(revealAllSections, 500);
    }
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle && typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
