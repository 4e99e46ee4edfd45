import { createRootRoute, Outlet } from "@tanstack/react-router";
import { Suspense, useEffect } from "react";
import { TOAST_DURATION_MS } from "@car-rental/shared/site";
import { SiteFooter } from "../features/layout/site-footer";
import { SiteHeader } from "../features/layout/site-header";
import { SkipLink } from "../features/layout/skip-link";
import { lazyRetrying } from "../lib/lazy-retrying";
import {
  loadToastViewport,
  loadToastViewportOnFormUse,
  useToastViewportRequested,
} from "../lib/toast-viewport";

// The toast viewport is loaded with the page's first toast, or once a form is used
// (lib/toast-viewport.ts): a visit without either never loads it (nor its transition code).
// A toast shown before it mounts waits in the notifications store and appears when it does.
const Notifications = lazyRetrying(() => loadToastViewport().then((m) => ({ default: m.Notifications })));

// An unknown address is rare: its page (Mantine's components) loads when one is visited.
const NotFoundPage = lazyRetrying(() =>
  import("../features/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage })),
);

function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

/** Spec §9: toasts at most 420 px wide. */
const TOAST_CONTAINER_WIDTH = 420;

function RootLayout() {
  const toastsRequested = useToastViewportRequested();
  useEffect(() => loadToastViewportOnFormUse(), []);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      {toastsRequested && (
        <Suspense fallback={null}>
          {/* One toast at a time, 5000 ms each (spec §7 and §9). */}
          <Notifications
            limit={1}
            autoClose={TOAST_DURATION_MS}
            position="bottom-right"
            containerWidth={TOAST_CONTAINER_WIDTH}
          />
        </Suspense>
      )}
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});
