import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";

describe("404 page", () => {
  it("shows for an unknown path, inside the site layout, with its own title", async () => {
    renderApp("/no-such-page");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Page Not Found | Alaminos Car Rental"));
  });

  it("does not show for a known page", async () => {
    renderApp("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Terms of Service | Alaminos Car Rental"));
  });
});
