import { expect, test, type Page } from "@playwright/test";

/** The home page's fleet grid (spec §2 "Fleet card", §4), on the seeded fleet. */

function card(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

test.describe("the fleet grid", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    // The sections below the fold render as they come into view.
    await page.locator("#cars").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Select This Car" }).first()).toBeVisible();
  });

  test("shows every car with its picture, rate, seats, transmission and fuel", async ({ page }) => {
    const cars = page.locator("#cars").getByRole("article");
    expect(await cars.count()).toBeGreaterThanOrEqual(20);

    const fortuner = card(page, "Toyota Fortuner 2.8 Q");
    await expect(fortuner.getByText("Premium SUV", { exact: true })).toBeVisible();
    await expect(fortuner.getByText("₱4,500/day")).toBeVisible();
    await expect(fortuner.getByText("7 seats")).toBeVisible();
    await expect(fortuner.getByText("Automatic")).toBeVisible();
    await expect(fortuner.getByText("Diesel")).toBeVisible();
    const picture = fortuner.getByRole("img");
    await expect(picture).toHaveAttribute("alt", "Toyota Fortuner 2.8 Q, Premium SUV");
    await expect(picture).toHaveAttribute("src", "/cars/toyota-fortuner.webp");
    await expect(picture).toHaveAttribute("loading", "lazy");
    await expect(picture).toHaveAttribute("width", "400");
    await expect(picture).toHaveAttribute("height", "240");
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  test("gives each category its badge", async ({ page }) => {
    const expectations: [string, string][] = [
      ["Toyota Fortuner 2.8 Q", "Popular"],
      ["Toyota Rush G", "Available"],
      ["Honda City 1.5 V", "Economy"],
      ["Toyota Innova 2.8 E", "Available"],
      ["Ford Ranger Wildtrak", "Available"],
    ];
    for (const [name, badge] of expectations) {
      await expect(card(page, name).getByText(badge, { exact: true })).toBeVisible();
      await expect(card(page, name).getByRole("button", { name: "Select This Car" })).toBeEnabled();
    }
  });

  test("shows an unavailable car greyed out and not selectable", async ({ page }) => {
    const isuzu = card(page, "Isuzu mu-X LS-A");
    await expect(isuzu.getByText("Unavailable", { exact: true })).toBeVisible();
    await expect(isuzu.getByText("Currently Booked")).toBeVisible();
    await expect(isuzu.getByText("Popular")).toHaveCount(0);
    await expect(isuzu.getByRole("button", { name: "Currently Unavailable" })).toBeDisabled();
    await expect(isuzu.getByRole("button", { name: "Select This Car" })).toHaveCount(0);
    const filter = await isuzu.getByRole("img").evaluate((image) => getComputedStyle(image).filter);
    expect(filter).toContain("grayscale");
  });

  test("filters by category", async ({ page }) => {
    const filters = page.getByRole("group", { name: "Filter by category" });
    await filters.getByText("Compact Sedan", { exact: true }).click();
    await expect(filters.getByRole("radio", { name: "Compact Sedan" })).toBeChecked();
    const cars = page.locator("#cars").getByRole("article");
    await expect(cars).toHaveCount(6);
    for (const text of await cars.allTextContents()) expect(text).toContain("Compact Sedan");
    await filters.getByText("All", { exact: true }).click();
    expect(await cars.count()).toBeGreaterThanOrEqual(20);
  });

  test("selecting a car scrolls to the booking form with that car", async ({ page }) => {
    await card(page, "Suzuki Jimny GLX").getByRole("button", { name: "Select This Car" }).click();
    await expect(page.getByTestId("selected-car-name")).toHaveText("Suzuki Jimny GLX");
    await expect(page.locator("#booking")).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();

    // 'Change Car' goes back to the fleet.
    await page.getByRole("button", { name: "Change Car" }).click();
    await expect(page.locator("#cars")).toBeInViewport();
  });

  test("'Browse Our Fleet' scrolls to the cars when none is chosen", async ({ page }) => {
    const booking = page.locator("#booking");
    await booking.scrollIntoViewIfNeeded();
    await expect(booking.getByText("Please select a car to continue with booking")).toBeVisible();
    await booking.getByRole("button", { name: "Browse Our Fleet" }).click();
    await expect(page.locator("#cars")).toBeInViewport();
  });
});

test("the fleet is still shown offline after one visit", async ({ page, context }) => {
  await page.goto("/");
  await page.locator("#cars").scrollIntoViewIfNeeded();
  await expect(card(page, "Toyota Vios 1.3 XE")).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await page.locator("#cars").scrollIntoViewIfNeeded();
  await expect(card(page, "Toyota Vios 1.3 XE")).toBeVisible();
  await expect(card(page, "Toyota Vios 1.3 XE").getByText("₱1,800/day")).toBeVisible();
  await context.setOffline(false);
});
