import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../src/env";

/**
 * Issue #23: the tablet mirrors the bookings returning within the last 12
 * months and later. A booking older than that is not on the tablet: the
 * bookings list finds it on the server when a search finds nothing locally,
 * and says that older bookings need the network when offline.
 */

type ApiCar = { id: string; name: string; available: boolean };

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function apiSignIn(request: APIRequestContext): Promise<void> {
  const answer = await request.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(answer.status()).toBe(200);
}

/** A rental recorded after the fact, two years back: completed, so it occupies nothing. */
async function createOldBooking(request: APIRequestContext, customerName: string): Promise<string> {
  const cars: ApiCar[] = await (await request.get("/api/admin/cars")).json();
  const car = cars.find((candidate) => candidate.available);
  if (!car) throw new Error("no car");
  const answer = await request.post("/api/admin/bookings", {
    data: {
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`,
      customerName,
      carName: car.name,
      carId: car.id,
      pickupDate: "2024-03-04",
      returnDate: "2024-03-06",
      total: "6000",
      status: "completed",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const booking: { customerId: string } = await answer.json();
  return booking.customerId;
}

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

test("a search that finds nothing on the tablet shows the older bookings from the server, and says they need the network offline", async ({
  page,
  context,
  request,
}) => {
  const customerName = unique("Older Guest");
  await apiSignIn(request);
  const customerId = await createOldBooking(request, customerName);

  await signIn(page);
  await page.goto("/admin/bookings");
  await expect(page.getByLabel("Search bookings")).toBeVisible();
  await page.getByLabel("Search bookings").fill(customerName);
  const older = page.getByRole("region", { name: "Older bookings" });
  await expect(older.getByRole("article", { name: new RegExp(customerName) })).toBeVisible();
  await expect(older.getByText("March 04, 2024 → March 06, 2024", { exact: false })).toBeVisible();
  await expect(older.getByText("completed")).toBeVisible();

  // Offline, a new search cannot reach the server: the list says so.
  await context.setOffline(true);
  await page.getByLabel("Search bookings").fill(`${customerName} nobody`);
  await expect(older.getByText("Older bookings are shown when online.")).toBeVisible();
  await expect(older.getByRole("article")).toHaveCount(0);
  await expect(older.getByRole("button", { name: "Show older bookings" })).toHaveCount(0);

  // Back online, the search finds it again.
  await context.setOffline(false);
  await page.getByLabel("Search bookings").fill(customerName);
  await expect(older.getByRole("article", { name: new RegExp(customerName) })).toBeVisible();

  // The customer's page lists the tablet's bookings, and the older ones on request.
  await page.goto(`/admin/customers/${customerId}`);
  await expect(page.getByText(customerName).first()).toBeVisible();
  await page.getByRole("button", { name: "Show older bookings" }).click();
  await expect(
    page
      .getByRole("region", { name: "Older bookings" })
      .getByRole("article", { name: new RegExp(customerName) }),
  ).toBeVisible();

  // The customers' export, online, holds the whole history: the old booking too.
  await page.goto("/admin/customers");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  await expect(page.getByText("Export Complete")).toBeVisible();
  const row = readFileSync(await download.path())
    .toString("utf8")
    .split("\r\n")
    .find((line) => line.startsWith(`${customerName},`));
  expect(row).toContain(",1,6000.00,");
  expect(row).toContain("(2024-03-04 to 2024-03-06, completed, ₱6,000)");
});
