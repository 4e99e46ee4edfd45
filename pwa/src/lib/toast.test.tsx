import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { showToast } from "./toast";

describe("toasts (toast.ts, toast-viewport.ts)", () => {
  it("mount the toast viewport with the first toast, which then shows", async () => {
    renderApp("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
    expect(document.querySelector(".mantine-Notifications-root")).toBeNull();
    act(() => showToast({ title: "Message sent", description: "We reply the same day." }, "success"));
    expect(await screen.findByText("Message sent")).toBeTruthy();
    expect(screen.getByText("We reply the same day.")).toBeTruthy();
  });
});
