import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../lib/providers";
import { renderApp } from "../../test/render-app";
import { AnchorLink } from "./anchor-link";

/** A one-page app at "/" with a link to #cars and, optionally, the section. */
function renderHomeWithLink(withSection: boolean) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <AnchorLink section="cars">Our Fleet</AnchorLink>
        {withSection && <section id="cars">Fleet</section>}
        <Outlet />
      </>
    ),
  });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <AppProviders initialTheme="light">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("AnchorLink", () => {
  it("is a real link to the home page section", async () => {
    renderHomeWithLink(true);
    expect((await screen.findByRole("link", { name: "Our Fleet" })).getAttribute("href")).toBe("/#cars");
  });

  it("scrolls smoothly to the section on the home page", async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const router = renderHomeWithLink(true);
    await user.click(await screen.findByRole("link", { name: "Our Fleet" }));
    expect(scroll).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(scroll.mock.contexts[0]).toBe(document.getElementById("cars"));
    expect(router.state.location.pathname).toBe("/");
  });

  it("logs an error when the section is missing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderHomeWithLink(false);
    await user.click(await screen.findByRole("link", { name: "Our Fleet" }));
    expect(error).toHaveBeenCalledWith('Anchor target "#cars" was not found on this page.');
  });

  it("goes to '/#anchor' from another path and scrolls there once the section renders", async () => {
    const scroll = vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = renderApp("/terms");
    const nav = await screen.findByRole("navigation", { name: "Main" }, { timeout: 10_000 });
    await user.click(within(nav).getByRole("link", { name: "Our Fleet" }));

    // The home page is a lazy route: on a loaded machine its chunk takes longer than waitFor's default second.
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe("/");
        expect(router.state.location.hash).toBe("cars");
      },
      { timeout: 10_000 },
    );
    await waitFor(
      () => {
        expect(scroll.mock.contexts).toContain(document.getElementById("cars"));
      },
      { timeout: 10_000 },
    );
  });

  it("footer quick links: sections scroll, Terms and Privacy navigate", async () => {
    renderApp("/pcc");
    const footerNav = await screen.findByRole("navigation", { name: "Quick links" }, { timeout: 10_000 });
    const hrefs = Object.fromEntries(
      within(footerNav)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    );
    expect(hrefs).toMatchObject({
      Fleet: "/#cars",
      "Book Now": "/#booking",
      About: "/#about",
      Contact: "/#contact",
      "Terms of Service": "/terms",
      "Privacy Policy": "/privacy",
    });
  });
});
