import { expect, test, type Page } from "@playwright/test";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { formatPeso } from "@car-rental/shared/money";
import type { Rates } from "@car-rental/shared/rates";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import { addDays, formatLongDate, formatMonthYear, today } from "../src/dates";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * Release 2 §E1 on a 10-inch tablet in landscape: the owner adds a Holy Week
 * rate period offline; once the connection is back it reaches the server,
 * and a customer's quote for a rental across it shows the day lines and the
 * total the shared pricing (the server's) gives.
 */
test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

type ApiCar = { id: string; name: string; dailyRate: string; available: boolean };

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

async function showMonthOf(page: Page, date: string) {
  const title = formatMonthYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
  const booking = page.locator("#booking, [data-slot='booking-form']").first();
  for (let i = 0; i < 13; i += 1) {
    if (await booking.getByText(title, { exact: true }).isVisible()) return;
    await page.getByRole("button", { name: "Next month" }).click();
  }
  throw new Error(`The calendar never showed ${title}`);
}

test("a Holy Week period added offline prices a customer's rental day by day", async ({
  page,
  context,
  browser,
  request,
}) => {
  const start = addDays(today(), 40);
  const end = addDays(start, 2);

  await signIn(page);
  await page.getByRole("tab", { name: "Rates", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/rates$/);
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Add period" }).click();
  const dialog = page.getByRole("dialog", { name: "Add rate period" });
  await dialog.getByLabel("Name").fill("Holy Week");
  await dialog.getByLabel("Start date").fill(start);
  await dialog.getByLabel("End date").fill(end);
  await dialog.getByLabel("Percent").fill("30");
  await dialog.getByRole("button", { name: "Add period" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("listitem", { name: "Holy Week" })).toBeVisible();

  // Back online: the outbox sends the period; the public rates list it.
  await context.setOffline(false);
  let rates: Rates = { periods: [], lengthDiscounts: [] };
  await expect
    .poll(
      async () => {
        rates = await (await request.get("/api/rates")).json();
        return rates.periods.some((period) => period.name === "Holy Week" && period.startDate === start);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A customer's rental from two days before the period to its second day: 2 days at the car's rate, 2 in Holy Week.
  const cars: ApiCar[] = await (await request.get("/api/cars")).json();
  const car = cars.filter((c) => c.available).sort((a, b) => a.name.localeCompare(b.name))[3];
  if (!car) throw new Error("not enough cars");
  const pickup = addDays(start, -2);
  const ret = addDays(start, 2);
  const expected = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate: pickup,
    returnDate: ret,
    driverService: "none",
    distanceService: "none",
    rates,
  });

  const customerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const customer = await customerContext.newPage();
  await customer.goto("/");
  await customer.locator("#cars").scrollIntoViewIfNeeded();
  await customer
    .getByRole("article", { name: car.name, exact: true })
    .getByRole("button", { name: "Select This Car" })
    .click();
  await showMonthOf(customer, pickup);
  const day = (date: string) => customer.getByTestId("calendar-days").locator(`button[data-date="${date}"]`);
  // The period's days carry the mark and say their rate.
  await showMonthOf(customer, start);
  await expect(day(start)).toHaveAttribute("data-seasonal", "true");
  await expect(day(start)).toHaveAccessibleDescription(`${formatLongDate(start)}, Holy Week rate, +30 %`);
  await showMonthOf(customer, pickup);
  await day(pickup).click();
  await showMonthOf(customer, ret);
  await day(ret).click();

  const summary = customer.getByTestId("pricing-summary");
  const rate = formatPeso(car.dailyRate);
  const seasonal = formatPeso(expected.lines[1]?.rate ?? "0");
  await expect(summary.locator('[data-line="rental"]')).toContainText(`2 days × ${rate}`);
  await expect(summary.locator('[data-line="rental-2"]')).toContainText(`2 days × ${seasonal} (Holy Week)`);
  await expect(customer.getByTestId("pricing-total")).toHaveText(formatPeso(expected.total));
  await customerContext.close();
});
