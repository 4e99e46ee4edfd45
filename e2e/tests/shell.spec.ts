import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { contactSettings } from "@car-rental/shared/constants";
import { E2E_BASE_URL } from "../src/env";
import { waitForFleet, waitForServiceWorkerControl } from "../src/pwa";

/**
 * The app shell (spec §2 header, §4 theme and mobile menu, §8 pages; issue 4):
 * the installable manifest, the service worker, the saved theme, the header
 * on a desktop and on a phone, the section links, and every page's heading.
 */

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function manifestIcons(manifest: unknown): ManifestIcon[] {
  if (!isRecord(manifest) || !Array.isArray(manifest.icons)) throw new Error("the manifest has no icons");
  return manifest.icons.map((icon: unknown) => {
    if (!isRecord(icon) || typeof icon.src !== "string" || typeof icon.sizes !== "string") {
      throw new Error(`a manifest icon lacks src or sizes: ${JSON.stringify(icon)}`);
    }
    return {
      src: icon.src,
      sizes: icon.sizes,
      type: typeof icon.type === "string" ? icon.type : "",
      purpose: typeof icon.purpose === "string" ? icon.purpose : "any",
    };
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) throw new Error("not a PNG file");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectIconLoads(request: APIRequestContext, icon: ManifestIcon): Promise<void> {
  const response = await request.get(icon.src);
  expect(response.status(), icon.src).toBe(200);
  const contentType = response.headers()["content-type"] ?? "";
  expect(contentType, icon.src).toMatch(/^image\//);
  if (icon.type) expect(contentType, icon.src).toContain(icon.type);
  const body = await response.body();
  if (contentType.startsWith("image/png")) {
    const { width, height } = pngSize(body);
    expect(`${width}x${height}`, `${icon.src} has the size it declares`).toBe(icon.sizes);
  } else {
    expect(body.length, icon.src).toBeGreaterThan(0);
  }
}

/** The section's distance from the top of the viewport, in CSS pixels. */
function sectionTop(page: Page, id: string): Promise<number> {
  return page.locator(`#${id}`).evaluate((element) => element.getBoundingClientRect().top);
}

/** The section was scrolled to: its top sits just under the sticky header. */
async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await expect.poll(() => sectionTop(page, id), { message: `#${id} is at the top` }).toBeGreaterThan(-4);
  await expect.poll(() => sectionTop(page, id), { message: `#${id} is at the top` }).toBeLessThan(160);
  await expect(page.locator(`#${id}`)).toBeInViewport();
}

function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

test("the web app manifest is served and complete, and its icons load", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  if (href === null) throw new Error("index.html links no manifest");
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/application\/(manifest\+)?json/);
  const manifest: unknown = await response.json();

  expect(manifest).toMatchObject({
    name: contactSettings.name,
    short_name: expect.stringMatching(/\S/),
    display: "standalone",
    start_url: "/",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  // The browser's toolbar colour before the manifest is read is the same one.
  const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");
  expect(manifest).toMatchObject({ theme_color: themeColor });

  const icons = manifestIcons(manifest);
  const any = icons.filter((icon) => icon.purpose.split(/\s+/).includes("any"));
  expect(any.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  const maskable = icons.filter((icon) => icon.purpose.split(/\s+/).includes("maskable"));
  expect(maskable.length, "a maskable icon").toBeGreaterThan(0);
  for (const icon of icons) await expectIconLoads(request, icon);
});

test("the service worker activates and controls the page after a reload", async ({ page }) => {
  await page.goto("/");
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
  });
  expect(registration.scope).toBe(`${E2E_BASE_URL}/`);
  expect(registration.script).toBe(`${E2E_BASE_URL}/sw.js`);
  await waitForServiceWorkerControl(page);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /Premium Car Rental/ })).toBeVisible();
  const controller = await page.evaluate(() => {
    const worker = navigator.serviceWorker.controller;
    return worker ? { script: worker.scriptURL, state: worker.state } : null;
  });
  expect(controller).toEqual({ script: `${E2E_BASE_URL}/sw.js`, state: "activated" });
});

test.describe("the theme", () => {
  test.use({ colorScheme: "light" });

  test("the chosen theme survives a reload", async ({ page }) => {
    const html = page.locator("html");
    const savedTheme = () => page.evaluate(() => window.localStorage.getItem("theme"));
    await page.goto("/");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await savedTheme()).toBeNull();

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await savedTheme()).toBe("dark");

    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    expect(await savedTheme()).toBe("dark");
    // The dark palette is applied, not only the attribute.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    expect(Math.max(...channels), `body background ${background} is dark`).toBeLessThan(80);

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await savedTheme()).toBe("light");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("offline, the shop's name and place give way to the sync indicator instead of running under it", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    // Once the app has taken the page over (public/start-app.js), it follows the connection.
    await expect(page.locator("#root")).not.toHaveAttribute("inert", /.*/);
    await context.setOffline(true);
    const indicator = page.getByRole("banner").getByRole("button", { name: /^Offline/ });
    await expect(indicator).toBeVisible();
    const indicatorBox = await indicator.boundingBox();
    for (const text of [contactSettings.name, "Alaminos City, Pangasinan"]) {
      const line = page.getByRole("banner").getByText(text, { exact: true });
      const box = await line.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${text} ends before the indicator`).toBeLessThanOrEqual(
        indicatorBox?.x ?? 0,
      );
      // Its text is cut within its box (an ellipsis), never painted past it.
      expect(
        await line.evaluate(
          (element) =>
            element.scrollWidth <= element.clientWidth || getComputedStyle(element).overflowX === "hidden",
        ),
        `${text} stays within its box`,
      ).toBe(true);
    }
    await context.setOffline(false);
  });

  test("no page is wider than the phone, before and after a car is chosen", async ({ page }) => {
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const path of ["/", "/booking", "/my-booking", "/pcc"]) {
      await page.goto(path);
      await expect(page.locator("#root")).not.toHaveAttribute("inert", /.*/);
      // The form's cards lay out once the app has started: measured after they have.
      await expect
        .poll(pageWidth, { message: `${path} fits 390 px`, intervals: [500, 1000, 1000] })
        .toBe(390);
    }
    await page.goto("/booking");
    await page.getByRole("button", { name: "Select This Car" }).first().click();
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await pageWidth(), "/booking with a car chosen fits 390 px").toBe(390);
  });

  test("the mobile menu opens and closes", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page)).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    const openButton = page.getByRole("button", { name: "Open menu" });
    await expect(openButton).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    // Closed, the menu holds nothing: each entry's text is in the page once.
    await expect(page.locator("#mobile-menu")).toBeEmpty();
    await expect(page.getByText("Coming Soon")).toHaveCount(1);

    await openButton.click();
    // Open, the menu holds the entries and the (hidden) desktop ones are not rendered.
    await expect(page.getByText("Coming Soon")).toHaveCount(1);
    await expect(page.getByText("Our Fleet", { exact: true })).toHaveCount(1);
    const closeButton = page.getByRole("button", { name: "Close menu" });
    await expect(closeButton).toHaveAttribute("aria-expanded", "true");
    await expect(closeButton).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("id", "mobile-menu");
    await expect(menu.getByRole("link")).toHaveText([
      "Our Fleet",
      /^Cars Sale\s*Coming Soon$/,
      "PCC",
      "Book Now",
      "About",
      "Contact",
      "My Booking",
      "Admin",
    ]);
    const carsSale = menu.getByRole("link", { name: /Cars Sale/ });
    await expect(carsSale).toHaveAttribute("aria-disabled", "true");
    await expect(carsSale).toBeDisabled();
    await expect(carsSale).not.toHaveAttribute("href");
    // Spec §2: a 'Call Now' button that opens a telephone link.
    const callNow = menu.getByRole("button", { name: "Call Now" });
    await expect(callNow).toBeVisible();
    await expect(callNow).toHaveAttribute("href", `tel:${contactSettings.primaryPhoneTel}`);
    await expect(menu.getByText(contactSettings.phones[0])).toBeVisible();

    await closeButton.click();
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute("aria-expanded", "false");

    // Escape closes it too.
    await openButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute("aria-expanded", "false");

    // A section link closes the menu and scrolls to its section.
    await waitForFleet(page);
    await openButton.click();
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(openButton).toHaveAttribute("aria-expanded", "false");
    await expectScrolledTo(page, "about");

    // From further down the page too: the closing menu does not shift the section off the top.
    for (const section of ["contact", "cars", "booking"] as const) {
      await openButton.click();
      await menu.locator(`a[href="/#${section}"]`).click();
      await expect(menu).toBeHidden();
      await expectScrolledTo(page, section);
    }
  });
});

test("the header shows its entries in order, with 'Cars Sale' disabled and coming soon", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  const links = mainNav(page).getByRole("link");
  await expect(links).toHaveText([
    "Our Fleet",
    /^Cars Sale\s*Coming Soon$/,
    "PCC",
    "Book Now",
    "About",
    "Contact",
    "My Booking",
    "Admin",
  ]);
  const hrefs = await links.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("href")),
  );
  expect(hrefs).toEqual([
    "/#cars",
    null,
    "/pcc",
    "/#booking",
    "/#about",
    "/#contact",
    "/my-booking",
    "/admin",
  ]);

  const carsSale = mainNav(page).getByRole("link", { name: /Cars Sale/ });
  await expect(carsSale).toHaveAttribute("aria-disabled", "true");
  await expect(carsSale).toBeDisabled();
  await expect(carsSale.getByText("Coming Soon", { exact: true })).toBeVisible();
  // The label is in the page once; the tooltip only while shown.
  await expect(page.getByText("Coming Soon")).toHaveCount(1);
  await expect(page.getByText("Our Fleet", { exact: true })).toHaveCount(1);
  const tooltip = page.getByRole("tooltip", { name: "Coming Soon" });
  await expect(tooltip).toHaveCount(0);
  await carsSale.hover();
  await expect(tooltip).toBeVisible();
  await expect(carsSale).toHaveAttribute("aria-describedby", (await tooltip.getAttribute("id")) ?? "");
  await page.mouse.move(0, 400);
  await expect(tooltip).toHaveCount(0);
  // Keyboard focus shows it too, and Escape dismisses it.
  await carsSale.focus();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
  // A click (forced: it is disabled) goes nowhere.
  await carsSale.click({ force: true });
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
});

test("the section links scroll on the home page and lead home from another page", async ({ page }) => {
  await page.goto("/");
  // The lazy sections above the targets have loaded, so the positions hold still.
  await waitForFleet(page);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();

  const sections: [label: string, id: string][] = [
    ["Contact", "contact"],
    ["Our Fleet", "cars"],
    ["About", "about"],
    ["Book Now", "booking"],
  ];
  for (const [label, id] of sections) {
    await mainNav(page).getByRole("link", { name: label, exact: true }).click();
    await expectScrolledTo(page, id);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  }

  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await mainNav(page).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/#contact`);
  await expect(page.getByRole("heading", { name: "Get in touch" })).toBeVisible();
  await expectScrolledTo(page, "contact");
});

test("an unknown path shows the 404 page, served as the app", async ({ page, request }) => {
  const path = "/no-such-page/anywhere";
  const response = await page.goto(path);
  // The server answers 404 with the app shell, so the app shows its own 404 page.
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toContain("text/html");
  expect(await response?.text()).toContain('<div id="root">');

  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page).toHaveURL(`${E2E_BASE_URL}${path}`);

  // An unknown API path stays a JSON 404: only page addresses get the app.
  const api = await request.get("/api/no-such-endpoint");
  expect(api.status()).toBe(404);
  expect(api.headers()["content-type"]).toContain("application/json");
});

test("the PCC, terms and privacy pages render their headings", async ({ page }) => {
  const pages: [path: string, heading: string][] = [
    ["/pcc", "Pangasinan Car Care"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ];
  for (const [path, heading] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(heading));
  }
  await expect(mainNav(page).getByRole("link", { name: "PCC", exact: true })).not.toHaveAttribute(
    "aria-current",
  );
  await page.goto("/pcc");
  await expect(mainNav(page).getByRole("link", { name: "PCC", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
