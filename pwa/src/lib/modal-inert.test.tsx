import { Button, Drawer, MantineProvider, Modal } from "@mantine/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { mantineTheme } from "./mantine-theme";
import { hideAppWhileModalOpen } from "./modal-inert";

function Page({ drawer = false }: { drawer?: boolean }) {
  const [opened, setOpened] = useState(false);
  const Dialog = drawer ? Drawer : Modal;
  return (
    <MantineProvider theme={mantineTheme}>
      <Button onClick={() => setOpened(true)}>Add Car</Button>
      <Dialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Add Car"
        transitionProps={{ duration: 0 }}
      >
        <Button onClick={() => setOpened(false)}>Add Car</Button>
      </Dialog>
    </MantineProvider>
  );
}

let stop: (() => void) | undefined;

function renderInAppRoot(ui: React.ReactElement) {
  const appRoot = document.createElement("div");
  appRoot.id = "root";
  document.body.append(appRoot);
  stop = hideAppWhileModalOpen(appRoot);
  render(ui, { container: appRoot });
  return appRoot;
}

afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.replaceChildren();
});

describe("hideAppWhileModalOpen", () => {
  it.each([
    ["Modal", false],
    ["Drawer", true],
  ])("hides the app behind an open %s and shows it again when it closes", async (_name, drawer) => {
    const appRoot = renderInAppRoot(<Page drawer={drawer} />);
    const user = userEvent.setup();
    expect(appRoot.hasAttribute("inert")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Add Car" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Car" });
    await waitFor(() => expect(appRoot.getAttribute("aria-hidden")).toBe("true"));
    expect(appRoot.hasAttribute("inert")).toBe(true);
    // Only the dialog's button is left for role queries.
    expect(screen.getAllByRole("button", { name: "Add Car" })).toHaveLength(1);
    // The X has a name.
    expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();

    await user.click(screen.getAllByRole("button", { name: "Add Car" })[0] as HTMLElement);
    await waitFor(() => expect(appRoot.hasAttribute("inert")).toBe(false));
    expect(appRoot.hasAttribute("aria-hidden")).toBe(false);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // The focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add Car" })));
  });

  it("leaves the app alone when it stops watching", async () => {
    const appRoot = renderInAppRoot(<Page />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Add Car" }));
    await waitFor(() => expect(appRoot.hasAttribute("inert")).toBe(true));
    act(() => stop?.());
    expect(appRoot.hasAttribute("inert")).toBe(false);
    expect(appRoot.hasAttribute("aria-hidden")).toBe(false);
  });
});
