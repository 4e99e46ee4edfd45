import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadRetrying } from "./load-retrying";

export { loadRetrying } from "./load-retrying";

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
