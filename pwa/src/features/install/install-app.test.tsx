import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../lib/providers";
import { isAppleMobile } from "../../lib/pwa/install-prompt";
import type { InstallApp as InstallAppComponent } from "./install-app";

// The install state lives in the module (one per page): each test loads it afresh.
let captureInstallPrompt: () => void;
let InstallApp: typeof InstallAppComponent;

/** A `beforeinstallprompt` as Chromium fires it: an Event with prompt() and userChoice. */
function installPromptEvent(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

function renderInstall() {
  return render(
    <AppProviders initialTheme="light">
      <InstallApp />
    </AppProviders>,
  );
}

describe("InstallApp", () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ captureInstallPrompt } = await import("../../lib/pwa/install-prompt"));
    ({ InstallApp } = await import("./install-app"));
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("offers nothing until the browser says the app can be installed, then opens the browser's prompt once", async () => {
    captureInstallPrompt();
    renderInstall();
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();

    const { event, prompt } = installPromptEvent("dismissed");
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    const button = await screen.findByRole("button", { name: "Install app" });
    await userEvent.setup().click(button);
    expect(prompt).toHaveBeenCalledTimes(1);
    // The browser's event can be used once: the offer is gone until it is announced again.
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
  });

  it("offers nothing once the app is installed", async () => {
    captureInstallPrompt();
    renderInstall();
    act(() => {
      window.dispatchEvent(installPromptEvent("accepted").event);
    });
    expect(await screen.findByRole("button", { name: "Install app" })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(screen.queryByRole("button", { name: "Install app" })).toBeNull();
  });

  it("recognises iPhone and iPad Safari, which have no install event", () => {
    const iPhone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const iPadAsMac =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
    const android =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
    expect(isAppleMobile(iPhone, "iPhone", 5)).toBe(true);
    expect(isAppleMobile(iPadAsMac, "MacIntel", 5)).toBe(true);
    expect(isAppleMobile(iPadAsMac, "MacIntel", 0)).toBe(false);
    expect(isAppleMobile(android, "Linux armv8l", 5)).toBe(false);
  });

  it("on an iPhone, shows how to add the app from Safari's Share menu", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    );
    renderInstall();
    const button = screen.getByRole("button", { name: "Install app" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.setup().click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(/tap Share, then/).textContent).toBe(
      "In Safari, tap Share, then Add to Home Screen.",
    );
  });
});
