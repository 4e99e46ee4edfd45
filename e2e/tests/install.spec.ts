import { expect, test, type Page } from "@playwright/test";

/**
 * Installing the app (release-2 §D5): where the browser announces that the
 * app can be installed (`beforeinstallprompt`), the header menu offers
 * `Install app`, which opens the browser's own prompt; on iPhone Safari the
 * same place shows how to add it from the Share menu.
 */

/** Fires a `beforeinstallprompt` as Chromium does, recording whether the page called prompt(). */
async function announceInstallable(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        document.documentElement.dataset.installPrompted = "true";
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "dismissed" }),
    });
    window.dispatchEvent(event);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the header menu offers 'Install app' once the browser says it can install, and it opens the browser's prompt", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("button", { name: "Call Now" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Install app" })).toHaveCount(0);

    await announceInstallable(page);
    await menu.getByRole("button", { name: "Install app" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-install-prompted", "true");
    // The browser's event is used once: the offer is gone until it is announced again.
    await expect(menu.getByRole("button", { name: "Install app" })).toHaveCount(0);
  });

  test("an announcement made before the app's script has started is kept, and the menu offers 'Install app'", async ({
    page,
  }) => {
    // Chromium may fire the event as soon as the page is parsed; the home page's script starts after
    // its first paint. Fired here when the HTML is parsed, before any of the app's modules run.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const event = new Event("beforeinstallprompt", { cancelable: true });
        Object.assign(event, {
          prompt: () => {
            document.documentElement.dataset.installPrompted = "true";
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: "dismissed" }),
        });
        window.dispatchEvent(event);
        document.documentElement.dataset.announcedBeforeApp = String(event.defaultPrevented);
      });
    });
    await page.goto("/");
    // Kept (and the browser's own mini-infobar held back) by the head script.
    await expect(page.locator("html")).toHaveAttribute("data-announced-before-app", "true");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Install app" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-install-prompted", "true");
  });
});

test.describe("on an iPhone", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  });

  test("the header menu shows how to add the app to the home screen", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("button", { name: "Install app" }).click();
    await expect(menu.getByText("In Safari, tap Share, then Add to Home Screen.")).toBeVisible();
  });
});
