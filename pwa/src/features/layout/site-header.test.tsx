import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { contactSettings } from "@car-rental/shared/constants";
import { renderApp } from "../../test/render-app";

const ENTRY_LABELS = ["Our Fleet", "Cars Sale", "PCC", "Book Now", "About", "Contact", "My Booking", "Admin"];

function entryLabel(element: HTMLElement): string {
  // The first text node is the entry's label; 'Cars Sale' also carries its badge.
  return element.firstChild?.textContent ?? "";
}

describe("SiteHeader", () => {
  it("shows the entries of spec §2 in order, with their targets", async () => {
    renderApp("/terms");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const entries = within(nav).getAllByRole("link");
    expect(entries.map(entryLabel)).toEqual(ENTRY_LABELS);
    expect(entries.map((entry) => entry.getAttribute("href"))).toEqual([
      "/#cars",
      null,
      "/pcc",
      "/#booking",
      "/#about",
      "/#contact",
      "/my-booking",
      "/admin",
    ]);
  });

  it("shows 'Cars Sale' disabled, with the label 'Coming Soon' and, on hover or focus, the tooltip", async () => {
    const user = userEvent.setup();
    renderApp("/terms");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const carsSale = within(nav).getAllByRole("link")[1];
    if (!carsSale) throw new Error("no Cars Sale entry");
    expect(carsSale.getAttribute("aria-disabled")).toBe("true");
    expect(carsSale.hasAttribute("href")).toBe(false);
    expect(within(carsSale).getByText("Coming Soon")).toBeTruthy();
    // Until asked for, the tooltip is not in the page: 'Coming Soon' is there once.
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull();
    expect(screen.getAllByText("Coming Soon")).toHaveLength(1);
    expect(carsSale.hasAttribute("aria-describedby")).toBe(false);

    await user.hover(carsSale);
    const tooltip = await screen.findByRole("tooltip", {}, { timeout: 2000 });
    expect(tooltip.textContent).toBe("Coming Soon");
    expect(carsSale.getAttribute("aria-describedby")).toBe(tooltip.id);
    await user.unhover(carsSale);
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull();

    // Keyboard focus shows it too, and Escape dismisses it.
    act(() => carsSale.focus());
    expect(await screen.findByRole("tooltip", {}, { timeout: 2000 })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip", { hidden: true })).toBeNull();
  });

  it("has a logo linking home and a labelled theme toggle", async () => {
    const user = userEvent.setup();
    renderApp("/terms");
    const banner = await screen.findByRole("banner");
    expect(
      within(banner)
        .getByRole("link", { name: new RegExp(`^${contactSettings.name}.*, home$`) })
        .getAttribute("href"),
    ).toBe("/");
    await user.click(within(banner).getByRole("button", { name: "Switch to dark theme" }));
    expect(within(banner).getByRole("button", { name: "Switch to light theme" })).toBeTruthy();
  });

  it("toggles the mobile menu, which holds the same entries and a 'Call Now' button", async () => {
    const user = userEvent.setup();
    renderApp("/terms");
    const burger = await screen.findByRole("button", { name: "Open menu" });
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();

    // Closed, the menu element is there for aria-controls, empty and hidden.
    const closedMenu = document.getElementById(burger.getAttribute("aria-controls") ?? "");
    expect(closedMenu?.hidden).toBe(true);
    expect(closedMenu?.childElementCount).toBe(0);
    expect(screen.getAllByText("Our Fleet")).toHaveLength(1);

    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    expect(burger.getAttribute("aria-label")).toBe("Close menu");
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect(burger.getAttribute("aria-controls")).toBe(menu.id);
    // The open menu holds the entries; the (hidden) desktop ones are not there twice.
    expect(screen.getAllByText("Our Fleet")).toHaveLength(1);
    expect(screen.getAllByText("Coming Soon")).toHaveLength(1);
    const links = within(menu).getAllByRole("link");
    expect(links.slice(0, ENTRY_LABELS.length).map(entryLabel)).toEqual(ENTRY_LABELS);
    const callNow = within(menu).getByRole("button", { name: "Call Now" });
    expect(callNow.getAttribute("href")).toBe(`tel:${contactSettings.primaryPhoneTel}`);

    await user.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });

  it("closes the mobile menu with Escape", async () => {
    const user = userEvent.setup();
    renderApp("/terms");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
  });
});
