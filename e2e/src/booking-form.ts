import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "./dates";

/**
 * Filling the public booking form as a customer does (spec §2): choose a car
 * on the home page, personal details, dates on the calendar, a time, three
 * real documents, the terms. The same steps as booking.spec.ts, for specs
 * that end in a booking.
 */

// A 1×1 PNG and the smallest PDF: the server checks the bytes, not the name.
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export type DocumentFiles = { photo1: string; photo2: string; billing: string };

/** Writes the three documents the form asks for into `dir`. */
export function writeDocumentFiles(dir: string): DocumentFiles {
  mkdirSync(dir, { recursive: true });
  const files = {
    photo1: path.join(dir, "photo-id-1.png"),
    photo2: path.join(dir, "photo-id-2.png"),
    billing: path.join(dir, "proof-of-billing.pdf"),
  };
  writeFileSync(files.photo1, PNG_BYTES);
  writeFileSync(files.photo2, PNG_BYTES);
  writeFileSync(files.billing, PDF_BYTES);
  return files;
}

/** The booking form: on the home page the contact form has an 'Email' field too. */
export function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Booking form" });
}

/** Chooses a car from the home page's fleet grid; the form below opens with it. */
export async function selectCarOnHome(page: Page, carName: string): Promise<void> {
  await page.goto("/");
  // The sections below the fold render as they come into view.
  await page.locator("#cars").scrollIntoViewIfNeeded();
  const card = page.getByRole("article", { name: carName, exact: true });
  await card.getByRole("button", { name: "Select This Car" }).click();
  await expect(page.getByTestId("selected-car-name")).toHaveText(carName);
}

export async function fillPersonalInformation(
  page: Page,
  person: { name: string; email: string; phone: string; license?: string },
): Promise<void> {
  const form = bookingForm(page);
  await form.getByLabel("Full Name", { exact: true }).fill(person.name);
  await form.getByLabel("Email", { exact: true }).fill(person.email);
  await form.getByLabel("Phone Number", { exact: true }).fill(person.phone);
  // Release-2 §E3: required for self-drive.
  await form.getByLabel("Driver's license number", { exact: true }).fill(person.license ?? "N01-23-456789");
}

/** The calendar's day button of a date (in the month shown, or a neighbour's day in the grid), whatever its state. */
export function dayButton(page: Page, date: string) {
  return page.getByTestId("calendar-days").locator(`button[data-date="${date}"]`);
}

/**
 * Pages the calendar to the month of `date`, forward or back: after a refusal the calendar may
 * show another month of the period (the return's, when the rental crosses into the next month).
 */
export async function showMonthOf(page: Page, date: string): Promise<void> {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const title = formatMonthYear(year, month);
  const booking = page.locator("#booking, [data-slot='booking-form']").first();
  for (let i = 0; i < 13; i += 1) {
    if (await booking.getByText(title, { exact: true }).isVisible()) return;
    // The month shown: the day grid's title ("December 2026").
    const titleId = await booking.getByRole("grid").first().getAttribute("aria-labelledby");
    const shown = (titleId && (await page.locator(`[id="${titleId}"]`).textContent())) || "";
    const [shownName = "", shownYear = "0"] = shown.split(" ");
    const shownIndex = Number(shownYear) * 12 + MONTH_NAMES.indexOf(shownName);
    const later = shownIndex > year * 12 + (month - 1);
    await page.getByRole("button", { name: later ? "Previous month" : "Next month" }).click();
  }
  throw new Error(`The calendar never showed ${title}`);
}

const MONTH_NAMES = Array.from({ length: 12 }, (_, index) => formatMonthYear(2026, index + 1).split(" ")[0]);

export async function pickDates(page: Page, pickup: string, ret: string): Promise<void> {
  await showMonthOf(page, pickup);
  await dayButton(page, pickup).click();
  await showMonthOf(page, ret);
  await dayButton(page, ret).click();
  await expect(page.getByTestId("summary-pickup")).toHaveText(formatLongDate(pickup));
  await expect(page.getByTestId("summary-return")).toHaveText(formatLongDate(ret));
}

export async function chooseTime(page: Page, time: string): Promise<void> {
  const pickupTime = page.getByLabel("Pickup Time");
  await pickupTime.selectOption(time);
  await expect(pickupTime).toHaveValue(time);
}

async function uploadDocument(page: Page, label: string, file: string): Promise<void> {
  await page.getByRole("button", { name: `Upload ${label}` }).click();
  const dialog = page.getByRole("dialog", { name: `Upload ${label}` });
  await expect(dialog.getByText("Upload an image to continue")).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByText(`${label} Uploaded`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Uploaded: ${path.basename(file)}`)).toBeVisible();
}

/** Uploads the three documents through the form's dialogs. */
export async function uploadAllDocuments(page: Page, files: DocumentFiles): Promise<void> {
  await uploadDocument(page, "Photo ID #1", files.photo1);
  await uploadDocument(page, "Photo ID #2", files.photo2);
  await uploadDocument(page, "Proof of Billing", files.billing);
}

/** Accepts the terms and books; the confirmation dialog is then open. */
export async function acceptTermsAndBook(page: Page) {
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("Booking Confirmed!")).toBeVisible();
  const confirmation = page.getByRole("dialog", { name: "Booking Confirmation" });
  await expect(confirmation).toBeVisible();
  return confirmation;
}
