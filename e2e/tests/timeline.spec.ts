import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import { addDays, formatLongDate, formatMonthYear, today } from "../src/dates";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * Release 2 §C1 and §C2 on a 10-inch tablet in landscape: the owner blocks
 * two days of a car from the Timeline while offline; once the connection is
 * back the block reaches the server, and a customer's calendar refuses those
 * days.
 */
test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

const monthTitle = (date: string) => formatMonthYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

type ApiCar = { id: string; name: string; available: boolean };
type BookedRange = { start: string; end: string; kind?: string };

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

test("blocks two days from the Timeline offline; after reconnecting the customer's calendar refuses them", async ({
  page,
  context,
  browser,
  request,
}) => {
  // A car no other test books, and two days in the Timeline's first two weeks.
  const cars: ApiCar[] = await (await request.get("/api/cars")).json();
  const car = cars.filter((c) => c.available).sort((a, b) => a.name.localeCompare(b.name))[2];
  if (!car) throw new Error("not enough cars");
  const first = addDays(today(), 11);
  const second = addDays(first, 1);

  await signIn(page);
  await page.getByRole("tab", { name: "Timeline", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/timeline$/);
  const row = page.getByRole("row", { name: car.name, exact: true });
  await expect(row).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await row.getByRole("button", { name: `Block ${car.name} on ${formatLongDate(first)}` }).click();
  const dialog = page.getByRole("dialog", { name: "Block dates" });
  await expect(dialog.getByLabel("Car")).toHaveValue(car.id);
  await expect(dialog.getByLabel("Start date")).toHaveValue(first);
  await dialog.getByLabel("End date").fill(second);
  await dialog.getByRole("button", { name: "Block dates" }).click();
  await expect(dialog).toBeHidden();
  const bar = row.getByRole("button", { name: "Maintenance, blocked" });
  await expect(bar).toBeVisible();

  // Back online: the outbox sends the block; the server lists it with the car's booked dates.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const ranges: BookedRange[] = await (await request.get(`/api/cars/${car.id}/booked-dates`)).json();
        return ranges.some((range) => range.kind === "block" && range.start === first);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A customer, in a browser of their own, cannot pick those days.
  const customerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await customerContext.newPage();
  await customer.goto("/");
  await customer.locator("#cars").scrollIntoViewIfNeeded();
  await customer
    .getByRole("article", { name: car.name, exact: true })
    .getByRole("button", { name: "Select This Car" })
    .click();
  const form = customer.locator("#booking, [data-slot='booking-form']").first();
  for (let i = 0; i < 3 && !(await form.getByText(monthTitle(first), { exact: true }).isVisible()); i += 1) {
    await customer.getByRole("button", { name: "Next month" }).click();
  }
  for (const day of [first, second]) {
    const button = customer.getByTestId("calendar-days").locator(`button[data-date="${day}"]`);
    if (!(await button.isVisible())) await customer.getByRole("button", { name: "Next month" }).click();
    await expect(button).toBeDisabled();
  }
  await customerContext.close();

  // The block opens from its bar, and can be removed.
  await bar.click();
  await page
    .getByRole("dialog", { name: "Blocked dates" })
    .getByRole("button", { name: "Remove block" })
    .click();
  await expect(bar).toBeHidden();
  await expect
    .poll(
      async () => {
        const ranges: BookedRange[] = await (await request.get(`/api/cars/${car.id}/booked-dates`)).json();
        return ranges.some((range) => range.kind === "block");
      },
      { timeout: 30_000 },
    )
    .toBe(false);
});

test("a block the server refused (the car was booked meanwhile) says 'not saved' on its bar until it is discarded", async ({
  page,
  context,
  request,
}) => {
  const cars: ApiCar[] = await (await request.get("/api/cars")).json();
  const car = cars.filter((c) => c.available).sort((a, b) => a.name.localeCompare(b.name))[2];
  if (!car) throw new Error("not enough cars");
  const day = addDays(today(), 25);

  await signIn(page);
  await page.getByRole("tab", { name: "Timeline", exact: true }).click();
  const row = page.getByRole("row", { name: car.name, exact: true });
  await expect(row).toBeVisible();
  await waitForServiceWorkerControl(page);
  // The day in view: the Timeline opens on 14 days from today.
  for (let i = 0; i < 2; i += 1) await page.getByRole("button", { name: "Next", exact: true }).click();

  await context.setOffline(true);
  await row.getByRole("button", { name: `Block ${car.name} on ${formatLongDate(day)}` }).click();
  const dialog = page.getByRole("dialog", { name: "Block dates" });
  await dialog.getByRole("button", { name: "Block dates" }).click();
  await expect(dialog).toBeHidden();
  // Meanwhile the shop's other device books the car that day.
  const signedIn = await request.post("/api/admin/session", {
    headers: { Origin: E2E_BASE_URL },
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const booked = await request.post("/api/admin/bookings", {
    headers: { Origin: E2E_BASE_URL },
    data: {
      customerEmail: "rosa.timeline@example.ph",
      customerName: "Rosa Timeline",
      carName: car.name,
      pickupDate: day,
      returnDate: addDays(day, 1),
      total: "3000",
      status: "confirmed",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await context.setOffline(false);
  const refused = row.getByRole("button", { name: /^Maintenance, blocked, not saved: / });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toHaveText("Maintenance · not saved");

  await page.getByRole("button", { name: "Show changes" }).click();
  const panel = page.getByRole("dialog", { name: "Changes waiting to sync" });
  await panel.getByRole("button", { name: "Discard" }).click();
  await panel.getByRole("button", { name: "Yes, discard" }).click();
  await page.keyboard.press("Escape");
  await expect(refused).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Rosa Timeline, confirmed booking" })).toBeVisible();
});
