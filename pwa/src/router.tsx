import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { PageError } from "./features/not-found/page-error";
import { routeTree } from "./routeTree.gen";

type AppRouterOptions = {
  /**
   * Build-time prerendering (lib/prerender): render exactly what the browser's
   * first render produces, so the HTML hydrates. The router takes its browser
   * code path (no server-only script or Suspense layout) without touching
   * window, and leaves scroll restoration to the browser.
   */
  prerendering?: boolean;
};

/** The app's router; tests and the prerender pass a memory history. */
export function createAppRouter(history?: RouterHistory, { prerendering = false }: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    defaultErrorComponent: PageError,
    scrollRestoration: !prerendering,
    ...(prerendering ? { isServer: false, origin: "http://localhost" } : {}),
  });
}

/**
 * Resolves the current location and loads the code of every matched route, so
 * the first render does not suspend (hydration and prerendering need that).
 */
export async function loadCurrentRoute(router: ReturnType<typeof createAppRouter>): Promise<void> {
  await router.load();
  await Promise.all(
    router.state.matches.map((match) => router.loadRouteChunk(router.routesById[match.routeId])),
  );
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
