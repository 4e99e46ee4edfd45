import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Accessibility of the public pages (axe): no serious or critical violation,
 * in light and dark, with the booking form open where there is one.
 */

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 40).map((node) => node.target.join(" ")),
    }));
}

async function settle(page: Page, path: string) {
  if (path === "/") {
    // The sections below the fold render as they come into view: pass by each one.
    for (const id of ["cars", "booking", "why-us", "about", "contact"]) {
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
    }
    await expect(page.getByRole("button", { name: "Select This Car" }).first()).toBeAttached();
    await page
      .getByRole("article", { name: "Honda City 1.5 V", exact: true })
      .getByRole("button", { name: "Select This Car" })
      .click();
    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
    // Show the validation messages too: they must be readable.
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
  } else if (path === "/booking") {
    await page
      .getByRole("list", { name: "Vehicles" })
      .getByRole("listitem")
      .filter({ has: page.getByText("Toyota Vios 1.3 XE", { exact: true }) })
      .getByRole("button", { name: "Select This Car" })
      .click();
    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
  } else {
    await expect(page.locator("main")).toBeVisible();
  }
  // Let the lazy sections and their transitions finish.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const path of ["/", "/booking", "/pcc", "/terms", "/privacy", "/my-booking"]) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page, path);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
