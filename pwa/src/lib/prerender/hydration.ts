import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False while React renders on the build machine (prerendering) and while it
 * hydrates that markup in the browser; true in every render after that, and
 * right away in a page React renders from scratch. Values that depend on the
 * browser (the saved theme, the clock, IndexedDB) render behind it, so the
 * hydrating render matches the prerendered HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
