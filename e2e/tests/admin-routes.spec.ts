import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * Issue #19: the admin's screens are addresses (`/admin/<screen>`,
 * `/admin/bookings/<id>`…), so a deep link, a reload and the back button land
 * on the same screen, offline too after one visit.
 */

type ApiCar = { id: string; name: string; available: boolean };
type ApiBooking = { id: string; customerName: string; carName: string };

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function apiSignIn(request: APIRequestContext): Promise<void> {
  const answer = await request.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(answer.status()).toBe(200);
}

/**
 * A booking of its own: the seventh car from the end of the fleet, in a far-future week
 * (admin.spec's slot scheme, slots it does not use) that only this test books.
 */
async function createBooking(
  request: APIRequestContext,
  customerName: string,
  slot: number,
): Promise<ApiBooking> {
  const cars: ApiCar[] = await (await request.get("/api/admin/cars")).json();
  const available = cars.filter((car) => car.available).sort((a, b) => a.name.localeCompare(b.name));
  const car = available[available.length - 7];
  if (!car) throw new Error("not enough cars");
  const start = Date.UTC(2028, 0, 3) + slot * 7 * 86_400_000;
  const answer = await request.post("/api/admin/bookings", {
    data: {
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`,
      customerName,
      carName: car.name,
      carId: car.id,
      pickupDate: new Date(start).toISOString().slice(0, 10),
      returnDate: new Date(start + 86_400_000).toISOString().slice(0, 10),
      total: "3000",
      status: "pending",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const booking: ApiBooking = await answer.json();
  return booking;
}

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

async function expectOnTab(page: Page, name: string, path: string): Promise<void> {
  await expect(page).toHaveURL(`${E2E_BASE_URL}${path}`);
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
}

test.describe("the admin's screens are routes", () => {
  test("/admin opens the Overview after the gate; a deep link and a reload land on their screen", async ({
    page,
  }) => {
    await signIn(page);
    await expectOnTab(page, "Overview", "/admin/overview");
    await expect(page.getByText("Total Bookings")).toBeVisible();

    const response = await page.goto("/admin/bookings");
    expect(response?.status()).toBe(200);
    await expectOnTab(page, "Bookings", "/admin/bookings");
    await expect(page.getByLabel("Search bookings")).toBeVisible();
    await page.reload();
    await expectOnTab(page, "Bookings", "/admin/bookings");
    await expect(page.getByLabel("Search bookings")).toBeVisible();

    await page.goto("/admin/settings");
    await expectOnTab(page, "Settings", "/admin/settings");
    await expect(page.getByRole("button", { name: "Change password" })).toBeVisible();
  });

  test("tabs change the address, and the back button returns to the previous tab", async ({ page }) => {
    await signIn(page);
    await expectOnTab(page, "Overview", "/admin/overview");
    await page.getByRole("tab", { name: "Fleet Management" }).click();
    await expectOnTab(page, "Fleet Management", "/admin/fleet");
    await page.getByRole("tab", { name: "Blocked Names" }).click();
    await expectOnTab(page, "Blocked Names", "/admin/blocklist");

    await page.goBack();
    await expectOnTab(page, "Fleet Management", "/admin/fleet");
    await page.goBack();
    await expectOnTab(page, "Overview", "/admin/overview");
    await page.goForward();
    await expectOnTab(page, "Fleet Management", "/admin/fleet");
  });

  test("/admin/bookings/<id> shows that booking, from the list's link and from a deep link", async ({
    page,
    request,
  }) => {
    await apiSignIn(request);
    const customerName = unique("Routes Delta");
    const booking = await createBooking(request, customerName, 61);

    await signIn(page);
    await page.getByRole("tab", { name: "Bookings" }).click();
    await page.getByLabel("Search bookings").fill(customerName);
    const card = page.getByRole("article").filter({ hasText: customerName });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name: /^Details/ }).click();
    await expectOnTab(page, "Bookings", `/admin/bookings/${booking.id}`);
    await expect(page.getByRole("heading", { name: `Booking of ${customerName}` })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: booking.carName })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payments" })).toBeVisible();
    await expect(page.getByText("Photo ID #1: not uploaded")).toBeVisible();

    // Its customer's page, then back to the booking.
    await page.getByRole("link", { name: customerName, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/customers\/[^/]+$/);
    await expect(page.getByRole("tab", { name: "Customers" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("article", { name: customerName })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/bookings/${booking.id}`);

    // A deep link, and a reload.
    const response = await page.goto(`/admin/bookings/${booking.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: `Booking of ${customerName}` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: `Booking of ${customerName}` })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Bookings" })).toHaveAttribute("aria-selected", "true");
  });

  test("after one visit, a deep link and a reload work offline", async ({ page, context, request }) => {
    await apiSignIn(request);
    const customerName = unique("Routes Echo");
    const booking = await createBooking(request, customerName, 62);

    await signIn(page);
    await waitForServiceWorkerControl(page);
    await page.getByRole("tab", { name: "Bookings" }).click();
    await page.getByLabel("Search bookings").fill(customerName);
    await expect(page.getByRole("article").filter({ hasText: customerName })).toHaveCount(1);

    await context.setOffline(true);
    const response = await page.goto("/admin/bookings");
    expect(response?.fromServiceWorker()).toBe(true);
    await expectOnTab(page, "Bookings", "/admin/bookings");
    await page.reload();
    await expectOnTab(page, "Bookings", "/admin/bookings");
    await expect(page.getByLabel("Search bookings")).toBeVisible();

    await page.goto(`/admin/bookings/${booking.id}`);
    await expect(page.getByRole("heading", { name: `Booking of ${customerName}` })).toBeVisible();
    // Settings needs the connection: the password is never queued.
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByRole("button", { name: "Change password" })).toBeDisabled();
    await expect(page.getByText("Changing the password needs a connection.")).toBeVisible();
    await context.setOffline(false);
  });
});
