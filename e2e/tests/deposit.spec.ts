import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatPeso } from "@car-rental/shared/money";
import { addDays, formatLongDate, formatMonthYear, today } from "../src/dates";
import { E2E_ADMIN_PASSWORD } from "../src/env";

/**
 * Release-2 §E2 through the real server and Chromium: the admin sets a car's
 * security deposit; a customer sees it on the fleet card, under the pricing
 * summary and on the receipt, apart from the total; the admin records the
 * deposit as a payment of kind Deposit and the balance does not move. The
 * car is one no other spec books.
 */

const CAR = "Honda BR-V S";
const DEPOSIT = "4500";

// A 1×1 PNG and the smallest PDF: the server checks the bytes, not the name.
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

type ApiCar = { id: string; name: string; deposit: string };
type ApiBooking = {
  id: string;
  customerEmail: string;
  customerName: string;
  total: string;
  deposit: string;
  amountPaid: string;
};
type ApiPayment = { bookingId: string; amount: string; kind: string };

async function adminGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  expect(answer.status(), `GET ${url}`).toBe(200);
  const body: T = await answer.json();
  return body;
}

async function signInThroughGate(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

function dayButton(page: Page, date: string) {
  return page.getByTestId("calendar-days").locator(`button[data-date="${date}"]`);
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

async function uploadDocument(page: Page, label: string, file: string) {
  await page.getByRole("button", { name: `Upload ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: `Upload ${label}` });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByText(`${label} Uploaded`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("the admin sets a car's deposit, the customer sees it apart from the total, and a deposit payment leaves the balance", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const login = await request.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const car = (await adminGet<ApiCar[]>(request, "/api/admin/cars")).find((c) => c.name === CAR);
  if (!car) throw new Error(`no ${CAR} in the fleet`);

  // The admin sets the car's deposit in the car form.
  await signInThroughGate(page);
  await openTab(page, "Fleet Management");
  const carCard = page.getByRole("article", { name: CAR, exact: true });
  await carCard.getByRole("button", { name: "Edit" }).click();
  const carDialog = page.getByRole("dialog", { name: "Edit Car" });
  await expect(carDialog.getByLabel("Deposit (₱)")).toHaveValue("3000.00");
  await carDialog.getByLabel("Deposit (₱)").fill(DEPOSIT);
  await carDialog.getByRole("button", { name: "Update Car" }).click();
  await expect
    .poll(async () => (await adminGet<ApiCar[]>(request, "/api/cars")).find((c) => c.id === car.id)?.deposit)
    .toBe("4500.00");

  // A customer, in a browser of their own: the fleet card, the summary and the receipt.
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto("/");
  await customer.locator("#cars").scrollIntoViewIfNeeded();
  const fleetCard = customer.getByRole("article", { name: CAR, exact: true });
  await expect(fleetCard.getByTestId("car-deposit")).toHaveText("Deposit ₱4,500, refundable");
  await fleetCard.getByRole("button", { name: "Select This Car" }).click();
  await expect(customer.getByTestId("selected-car-name")).toHaveText(CAR);

  const email = `deposit.${Date.now().toString(36)}@example.com`;
  const form = customer.getByRole("form", { name: "Booking form" });
  await form.getByLabel("Full Name", { exact: true }).fill("Deposit Customer");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Phone Number", { exact: true }).fill("09171230045");
  await form.getByLabel("Driver's license number", { exact: true }).fill("N01-23-456780");
  const pickup = addDays(today(), 45);
  const ret = addDays(pickup, 2);
  await showMonthOf(customer, pickup);
  await dayButton(customer, pickup).click();
  await showMonthOf(customer, ret);
  await dayButton(customer, ret).click();
  await expect(customer.getByTestId("summary-return")).toHaveText(formatLongDate(ret));

  const summaryTotal = (await customer.getByTestId("pricing-total").textContent()) ?? "";
  await expect(customer.getByTestId("deposit-note")).toContainText("Security deposit: ₱4,500");
  await expect(customer.getByTestId("deposit-note")).toContainText("not part of the total");

  const dir = testInfo.outputPath("documents");
  mkdirSync(dir, { recursive: true });
  const files = [
    ["Photo ID #1", path.join(dir, "photo-id-1.png"), PNG_BYTES],
    ["Photo ID #2", path.join(dir, "photo-id-2.png"), PNG_BYTES],
    ["Proof of Billing", path.join(dir, "proof-of-billing.pdf"), PDF_BYTES],
  ] as const;
  for (const [label, file, bytes] of files) {
    writeFileSync(file, bytes);
    await uploadDocument(customer, label, file);
  }
  await customer
    .getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ })
    .check();
  await customer.getByRole("button", { name: "Book Now" }).click();

  const confirmation = customer.getByRole("dialog", { name: "Booking Confirmation" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByTestId("receipt-deposit")).toHaveText("₱4,500");
  await expect(confirmation.getByTestId("receipt-total")).toHaveText(summaryTotal);
  await visitor.close();

  // The booking keeps the deposit apart from its total, which is the rental's price alone.
  const bookings = await adminGet<ApiBooking[]>(request, "/api/admin/bookings");
  const booking = bookings.find((b) => b.customerEmail === email);
  if (!booking) throw new Error("the booking was not stored");
  expect(booking).toMatchObject({ deposit: "4500.00", amountPaid: "0.00" });
  expect(formatPeso(booking.total)).toBe(summaryTotal);

  // The admin records the deposit: a payment of kind Deposit, held apart; the balance does not move.
  // The admin's device pulls the new booking when the page opens again.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await openTab(page, "Bookings");
  await page.getByLabel("Search bookings").fill(email);
  const card = page.getByRole("article").filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Not Paid")).toBeVisible();
  await expect(card.getByTestId("deposit-held")).toHaveText("Deposit held ₱0 of ₱4,500");
  const balance = `Paid ₱0 · Balance ${summaryTotal}`;
  await expect(card.getByText(balance)).toBeVisible();

  await card.getByRole("button", { name: "Add Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Payment" });
  const kind = dialog.getByLabel("Payment Kind");
  await expect(kind).toHaveValue("rental");
  await kind.selectOption("deposit");
  await expect(kind).toHaveValue("deposit");
  await dialog.getByLabel("Payment Amount").fill(DEPOSIT);
  await dialog.getByRole("button", { name: "Add Payment" }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByTestId("deposit-held")).toHaveText("Deposit held ₱4,500 of ₱4,500");
  await expect(card.getByText("Not Paid")).toBeVisible();
  await expect(card.getByText(balance)).toBeVisible();
  await expect
    .poll(async () => {
      const payments = (await adminGet<{ payments: ApiPayment[] }>(request, "/api/admin/sync")).payments;
      return payments.filter((p) => p.bookingId === booking.id).map((p) => [p.kind, p.amount]);
    })
    .toEqual([["deposit", "4500.00"]]);
  const after = (await adminGet<ApiBooking[]>(request, "/api/admin/bookings")).find(
    (b) => b.id === booking.id,
  );
  expect(after).toMatchObject({ amountPaid: "0.00", total: booking.total, deposit: "4500.00" });
});
