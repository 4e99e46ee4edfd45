import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { formatPeso } from "@car-rental/shared/money";
import { DEFAULT_LENGTH_DISCOUNTS, discountAmountLabel, type Rates } from "@car-rental/shared/rates";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import {
  acceptTermsAndBook,
  chooseTime,
  dayButton,
  fillPersonalInformation,
  pickDates,
  selectCarOnHome,
  showMonthOf,
  uploadAllDocuments,
  writeDocumentFiles,
} from "../src/booking-form";
import { addDays, formatLongDate, today } from "../src/dates";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * Release 2 §E1 on a 10-inch tablet in landscape: the owner adds a Holy Week
 * rate period (and changes the weekly discount) offline; once the connection
 * is back they reach the server, and a customer's quote for a rental across
 * the period shows the day lines, the discount and the total the shared
 * pricing (the server's) gives, and the server books it at that total.
 */
test.use({ viewport: { width: 1280, height: 800 }, hasTouch: true });

type ApiCar = { id: string; name: string; dailyRate: string; available: boolean };

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
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
  await selectCarOnHome(customer, car.name);
  const day = (date: string) => dayButton(customer, date);
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

/** The public rates, once they satisfy `ready` (the outbox delivers on its own schedule). */
async function ratesOnceThey(request: APIRequestContext, ready: (rates: Rates) => boolean): Promise<Rates> {
  let rates: Rates = { periods: [], lengthDiscounts: [] };
  await expect
    .poll(
      async () => {
        rates = await (await request.get("/api/rates")).json();
        return ready(rates);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return rates;
}

test.describe("on a 10-inch tablet held landscape (1024×768)", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test("a Holy Week period and a weekly discount changed offline price a customer's week, and the server books it at that total", async ({
    page,
    context,
    browser,
    request,
  }, testInfo) => {
    // Far from the other tests' periods and bookings.
    const start = addDays(today(), 75);
    const end = addDays(start, 5);

    await signIn(page);
    await page.getByRole("tab", { name: "Rates", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/rates$/);
    await waitForServiceWorkerControl(page);
    const section = page.getByRole("region", { name: "Length discounts" });
    const discounts = section.getByRole("list", { name: "Length discounts" }).getByRole("listitem");
    await expect(discounts).toHaveText(["7 days or more: −10 %", "28 days or more: −20 %"]);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Add period" }).click();
    const periodDialog = page.getByRole("dialog", { name: "Add rate period" });
    await periodDialog.getByLabel("Name").fill("Holy Week");
    await periodDialog.getByLabel("Start date").fill(start);
    await periodDialog.getByLabel("End date").fill(end);
    await periodDialog.getByLabel("Percent").fill("30");
    await periodDialog.getByRole("button", { name: "Add period" }).click();
    await expect(periodDialog).toBeHidden();
    const period = page
      .getByRole("listitem", { name: "Holy Week" })
      .filter({ hasText: `${start} to ${end}` });
    await expect(period).toBeVisible();

    await section.getByRole("button", { name: "Edit discounts" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit length discounts" });
    const first = dialog.getByRole("group", { name: "Discount 1" });
    await expect(first.getByLabel("Minimum days")).toHaveValue("7");
    await first.getByLabel("Percent off").fill("15");
    // A second discount for 7 days is refused, with the reason under its field.
    await dialog.getByRole("button", { name: "Add discount" }).click();
    const third = dialog.getByRole("group", { name: "Discount 3" });
    await third.getByLabel("Minimum days").fill("7");
    await third.getByLabel("Percent off").fill("95");
    await dialog.getByRole("button", { name: "Save discounts" }).click();
    await expect(third.getByText("At most 90 %")).toBeVisible();
    await third.getByLabel("Percent off").fill("12");
    await dialog.getByRole("button", { name: "Save discounts" }).click();
    await expect(third.getByText("Each discount needs its own number of days")).toBeVisible();
    await third.getByRole("button", { name: "Remove" }).click();
    await dialog.getByRole("button", { name: "Save discounts" }).click();
    await expect(dialog).toBeHidden();
    await expect(discounts).toHaveText(["7 days or more: −15 %", "28 days or more: −20 %"]);
    await expect(section.getByText("Waiting to sync")).toBeVisible();
    await expect(period.getByText("Waiting to sync")).toBeVisible();

    // Back online: the outbox drains, each change once; the public rates have both.
    await context.setOffline(false);
    await expect(section.getByText("Waiting to sync")).toBeHidden({ timeout: 30_000 });
    await expect(period.getByText("Waiting to sync")).toBeHidden({ timeout: 30_000 });
    const rates = await ratesOnceThey(
      request,
      (r) =>
        r.periods.some((p) => p.name === "Holy Week" && p.startDate === start) &&
        r.lengthDiscounts.some((d) => d.minDays === 7 && d.percentOff === 15),
    );
    expect(rates.periods.filter((p) => p.name === "Holy Week" && p.startDate === start)).toHaveLength(1);
    expect(rates.lengthDiscounts).toEqual([
      { minDays: 7, percentOff: 15 },
      { minDays: 28, percentOff: 20 },
    ]);
    await expect(discounts).toHaveText(["7 days or more: −15 %", "28 days or more: −20 %"]);

    // A customer's week from four days before the period: 4 days at the car's rate, 4 in Holy Week, −15 %.
    const cars: ApiCar[] = await (await request.get("/api/cars")).json();
    const car = cars.filter((c) => c.available).sort((a, b) => a.name.localeCompare(b.name))[5];
    if (!car) throw new Error("not enough cars");
    const pickup = addDays(start, -4);
    const ret = addDays(start, 4);
    const expected = quoteWithRates({
      dailyRate: car.dailyRate,
      pickupDate: pickup,
      returnDate: ret,
      driverService: "none",
      distanceService: "none",
      rates,
    });
    expect(expected.discount).toMatchObject({ minDays: 7, percentOff: 15, label: "Weekly discount" });

    const customerContext = await browser.newContext({
      baseURL: E2E_BASE_URL,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    });
    const customer = await customerContext.newPage();
    const email = "rosa.holyweek.e2e@example.com";
    await selectCarOnHome(customer, car.name);
    await fillPersonalInformation(customer, { name: "Rosa Mendoza", email, phone: "09175550123" });
    await pickDates(customer, pickup, ret);
    await chooseTime(customer, "10:00 AM");

    const summary = customer.getByTestId("pricing-summary");
    const seasonal = formatPeso(expected.lines[1]?.rate ?? "0");
    await expect(summary.locator('[data-line="rental"]')).toContainText(
      `4 days × ${formatPeso(car.dailyRate)}`,
    );
    await expect(summary.locator('[data-line="rental-2"]')).toContainText(`4 days × ${seasonal} (Holy Week)`);
    const discount = summary.locator('[data-line="discount"]');
    await expect(discount).toContainText("Weekly discount");
    await expect(discount).toContainText(discountAmountLabel(expected.discount ?? { amount: "0" }));
    const total = formatPeso(expected.total);
    await expect(customer.getByTestId("pricing-total")).toHaveText(total);

    await uploadAllDocuments(customer, writeDocumentFiles(testInfo.outputPath("documents")));
    const confirmation = await acceptTermsAndBook(customer);
    await expect(confirmation.getByTestId("receipt-total")).toHaveText(total);
    await customerContext.close();

    // The server stored the total the customer saw, with the lines and the discount.
    const admin = await playwrightRequest.newContext({
      baseURL: E2E_BASE_URL,
      extraHTTPHeaders: { Origin: E2E_BASE_URL },
    });
    expect((await admin.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(
      true,
    );
    const bookings: { customerEmail: string; total: string; subtotal: string; totalDays: number }[] = await (
      await admin.get("/api/admin/bookings")
    ).json();
    const stored = bookings.find((b) => b.customerEmail === email);
    expect(stored).toMatchObject({ total: expected.total, subtotal: expected.subtotal, totalDays: 8 });
    expect(formatPeso(stored?.total ?? "0")).toBe(total);

    // The discounts the other specs expect.
    const reset = await admin.put("/api/admin/length-discounts", {
      data: { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS },
    });
    expect(reset.ok()).toBe(true);
    await admin.dispose();
  });
});
