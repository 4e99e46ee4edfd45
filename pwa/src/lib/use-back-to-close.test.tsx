import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useBackToClose } from "./use-back-to-close";

/** A stand-in dialog: its close button goes through the hook, as a DialogModal's does. */
function Dialog({ name, open, onClose }: { name: string; open: boolean; onClose: () => void }) {
  const close = useBackToClose(open, onClose);
  return open ? (
    <div role="dialog" aria-label={name}>
      <button type="button" onClick={close}>
        Close {name}
      </button>
    </div>
  ) : null;
}

/** A page with an outer dialog and an inner one opened over it; `Save outer` closes the outer one from the page. */
function Page() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open outer
      </button>
      <button type="button" onClick={() => setInner(true)}>
        Open inner
      </button>
      <button type="button" onClick={() => setOuter(false)}>
        Save outer
      </button>
      <Dialog name="outer" open={outer} onClose={() => setOuter(false)} />
      <Dialog name="inner" open={inner} onClose={() => setInner(false)} />
    </>
  );
}

function renderPage() {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: "/page", component: Page });
  const startRoute = createRoute({ getParentRoute: () => rootRoute, path: "/start", component: () => null });
  const history = createMemoryHistory({ initialEntries: ["/start", "/page?tab=1"] });
  const router = createRouter({ routeTree: rootRoute.addChildren([startRoute, pageRoute]), history });
  render(<RouterProvider router={router} />);
  return { history };
}

const dialog = (name: string) => screen.queryByRole("dialog", { name });

describe("useBackToClose", () => {
  it("gives an open dialog an entry of its own at the same address, which Back takes away with the dialog", async () => {
    const user = userEvent.setup();
    const { history } = renderPage();
    const before = history.location.state.__TSR_index;
    await user.click(await screen.findByRole("button", { name: "Open outer" }));
    await waitFor(() => expect(history.location.state.__TSR_index).toBe(before + 1));
    expect(history.location.href).toBe("/page?tab=1");
    expect(history.location.state.backCloses).toBeTruthy();

    act(() => history.back());
    await waitFor(() => expect(dialog("outer")).toBeNull());
    expect(history.location.href).toBe("/page?tab=1");
    expect(history.location.state.__TSR_index).toBe(before);
  });

  it("closed by its own button or by the page, the dialog takes its entry away", async () => {
    const user = userEvent.setup();
    const { history } = renderPage();
    const before = history.location.state.__TSR_index;
    await user.click(await screen.findByRole("button", { name: "Open outer" }));
    await waitFor(() => expect(history.location.state.backCloses).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Close outer" }));
    await waitFor(() => expect(dialog("outer")).toBeNull());
    expect(history.location.state.__TSR_index).toBe(before);

    await user.click(screen.getByRole("button", { name: "Open outer" }));
    await waitFor(() => expect(history.location.state.backCloses).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Save outer" }));
    await waitFor(() => expect(history.location.state.__TSR_index).toBe(before));
    expect(dialog("outer")).toBeNull();
    expect(history.location.state.backCloses).toBeUndefined();
    // Back now leaves the page, as it would have without the dialog.
    act(() => history.back());
    await waitFor(() => expect(history.location.pathname).toBe("/start"));
  });

  it("with a dialog open over another, Back closes the top one first", async () => {
    const user = userEvent.setup();
    const { history } = renderPage();
    const before = history.location.state.__TSR_index;
    await user.click(await screen.findByRole("button", { name: "Open outer" }));
    await waitFor(() => expect(history.location.state.__TSR_index).toBe(before + 1));
    await user.click(screen.getByRole("button", { name: "Open inner" }));
    await waitFor(() => expect(history.location.state.__TSR_index).toBe(before + 2));

    act(() => history.back());
    await waitFor(() => expect(dialog("inner")).toBeNull());
    expect(dialog("outer")).not.toBeNull();
    act(() => history.back());
    await waitFor(() => expect(dialog("outer")).toBeNull());
    expect(history.location.state.__TSR_index).toBe(before);
  });

  it("stays open when the address is replaced while it is open", async () => {
    const user = userEvent.setup();
    const { history } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Open outer" }));
    await waitFor(() => expect(history.location.state.backCloses).toBeTruthy());
    act(() => history.replace("/page?tab=2"));
    expect(history.location.href).toBe("/page?tab=2");
    expect(dialog("outer")).not.toBeNull();
  });
});
