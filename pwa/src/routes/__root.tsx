import { createRootRoute, Outlet } from "@tanstack/react-router";
import { Suspense } from "react";
import { TOAST_DURATION_MS } from "@car-rental/shared/constants";
import { SiteFooter } from "../features/layout/site-footer";
import { SiteHeader } from "../features/layout/site-header";
import { SkipLink } from "../features/layout/skip-link";
import { NotFoundPage } from "../features/not-found/not-found-page";
import { lazyRetrying } from "../lib/lazy-retrying";

// The toast viewport is not needed for the first paint: loading it lazily keeps
// it (and its transition code) out of the first view's bundle. Toasts shown
// before it mounts wait in the notifications store and appear when it does.
const Notifications = lazyRetrying(() =>
  import("@mantine/notifications").then((m) => ({ default: m.Notifications })),
);

/** Spec §9: toasts at most 420 px wide. */
const TOAST_CONTAINER_WIDTH = 420;

function RootLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
      <Suspense fallback={null}>
        {/* One toast at a time, 5000 ms each (spec §7 and §9). */}
        <Notifications
          limit={1}
          autoClose={TOAST_DURATION_MS}
          position="bottom-right"
          containerWidth={TOAST_CONTAINER_WIDTH}
        />
      </Suspense>
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});
