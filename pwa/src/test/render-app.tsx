import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { AppProviders } from "../lib/providers";
import { createAppRouter } from "../router";

/** Renders the whole app (providers, router, header, page, footer) at a path. */
export function renderApp(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  const view = render(
    <AppProviders initialTheme="light">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
