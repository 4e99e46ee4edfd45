import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { prerender } from "react-dom/static";
import { takePrerenderedTitle } from "../page-title";
import { createAppRouter, loadCurrentRoute } from "../../router";
import { AppTree } from "./app-tree";
import { PRERENDERED_PATHS, type PrerenderedPath } from "./routes";

export { PRERENDERED_PATH_META, prerenderedFile } from "./routes";

/** The pages to prerender. */
export const paths: readonly PrerenderedPath[] = PRERENDERED_PATHS;

/**
 * The markup of `#root` for one page, as the browser's first render produces
 * it (main.tsx hydrates it): light theme, the sections below the fold as
 * their placeholders. Runs at build time in Node (vite-plugins/prerender.ts).
 */
export async function renderPage(path: PrerenderedPath): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), { prerendering: true });
  await loadCurrentRoute(router);
  const page = (
    <AppTree initialTheme="light">
      <RouterProvider router={router} />
    </AppTree>
  );
  // One piece: React would otherwise outline large Suspense boundaries, to be
  // put in place by inline scripts (which the CSP refuses).
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** The document title the last rendered page set. */
export function takePageTitle(): string | null {
  return takePrerenderedTitle();
}
