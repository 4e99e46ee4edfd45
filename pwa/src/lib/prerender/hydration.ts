import { useDeferredValue, useSyncExternalStore } from "react";

/**
 * False while React renders on the build machine (prerendering) and while it
 * hydrates that markup in the browser (and in the first render of a page React
 * renders from scratch); true in every render after that. Values that depend
 * on the browser (the saved theme, the clock, IndexedDB) render behind it, so
 * the hydrating render matches the prerendered HTML exactly.
 *
 * A deferred value rather than an external store: the switch to true then
 * re-renders in the background, in slices that yield to the browser, instead
 * of one synchronous render right after hydration.
 */
export function useHydrated(): boolean {
  return useDeferredValue(true, false);
}

const subscribeNever = () => () => {};

/**
 * False while React renders on the build machine and while it hydrates that
 * markup; true in every other render in the browser, including the very first
 * render of a page React renders from scratch (where useHydrated is still
 * false). After hydration, the switch to true is one synchronous re-render
 * (useHydrated's is a background one, in slices): for what the prerendered
 * HTML cannot know, such as the address's query string.
 */
export function useRenderedInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
