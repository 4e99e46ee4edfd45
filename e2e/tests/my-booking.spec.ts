import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import ICAL from "ical.js";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import { contactSettings } from "@car-rental/shared/constants";
import { addDays, formatMonthYear } from "@car-rental/shared/dates";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL, e2eDataDir } from "../src/env";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * Release-2 §D2 and §D3 in Chromium on a phone: a booking is found by its
 * reference and e-mail through the header's `My Booking`, opened from the
 * confirmation e-mail's link, reopened offline, added to a calendar and
 * cancelled (its dates free at once); one within 24 hours of pickup is
 * refused with the reason and the shop's phone. The bookings are made
 * through the API (the booking form has its own tests), with real uploads.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type Booked = {
  id: string;
  reference: string;
  bookingToken: string;
  carId: string;
  carName: string;
  email: string;
};
type PublicCar = { id: string; name: string; dailyRate: string; available: boolean };

/** Cars no other e2e file books (the run shares one server and database): one per test. */
const OWN_CARS = [
  "Toyota Hiace Commuter Deluxe",
  "Nissan Urvan NV350 Premium",
  "Toyota Hilux Conquest 2.8 4x4",
  "Mitsubishi Montero Sport GLS",
  "Nissan Terra VE",
  "Toyota Corolla Cross 1.8 V Hybrid",
  "Mitsubishi Xpander Cross",
];
let carIndex = 0;

async function ownCar(request: APIRequestContext): Promise<PublicCar> {
  const cars: PublicCar[] = await (await request.get("/api/cars")).json();
  const name = OWN_CARS[carIndex++];
  const car = cars.find((candidate) => candidate.name === name && candidate.available);
  if (!car) throw new Error(`${name ?? "no car"} is not in the fleet`);
  return car;
}
let contactIndex = 0;

/** Manila's date `days` from now ('YYYY-MM-DD') and its current hour. */
function manila(days = 0): { date: string; hour: number } {
  const now = new Date(Date.now() + 8 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000);
  return { date: now.toISOString().slice(0, 10), hour: now.getUTCHours() };
}

async function uploadDocument(request: APIRequestContext): Promise<string> {
  const ticket = await request.post("/api/objects/upload", {
    headers: { Origin: E2E_BASE_URL },
    data: { purpose: "document", contentType: "image/png", size: PNG_BYTES.length },
  });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath }: { uploadURL: string; objectPath: string } = await ticket.json();
  const put = await request.put(uploadURL, { headers: { "Content-Type": "image/png" }, data: PNG_BYTES });
  expect(put.status()).toBeLessThan(300);
  return objectPath;
}

/** A booking of a car of its own (OWN_CARS), with real documents. */
async function book(
  request: APIRequestContext,
  pickupDate: string,
  returnDate: string,
  pickupTime: string,
): Promise<Booked> {
  const car = await ownCar(request);
  contactIndex += 1;
  const email = `my.booking.${Date.now()}.${contactIndex}@example.ph`;
  const q = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
    rates: DEFAULT_RATES,
  });
  const res = await request.post("/api/bookings", {
    headers: { Origin: E2E_BASE_URL },
    data: {
      customer: {
        fullName: "Liza Soberano",
        email,
        phone: `0918${String(Date.now()).slice(-7)}`,
        license: "N01-23-456789",
      },
      booking: {
        carId: car.id,
        pickupDate,
        returnDate,
        pickupTime,
        driverService: "none",
        distanceService: "none",
        wantsDelivery: false,
        totalDays: q.days,
        dailyRate: q.dailyRate,
        driverFee: q.driverFee,
        subtotal: q.subtotal,
        insurance: q.insurance,
        total: q.total,
        distanceFee: q.distanceFee,
      },
      documents: {
        photoId1Url: await uploadDocument(request),
        photoId2Url: await uploadDocument(request),
        proofOfBillingUrl: await uploadDocument(request),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body: { booking: { id: string; reference: string }; bookingToken: string } = await res.json();
  return { ...body.booking, bookingToken: body.bookingToken, carId: car.id, carName: car.name, email };
}

/** The first `.eml` the server wrote that contains `text` (searched with quoted-printable undone): raw and decoded. */
async function mailContaining(text: string): Promise<{ raw: string; decoded: string } | undefined> {
  const folder = path.join(e2eDataDir(), "mail");
  const names = await readdir(folder).catch(() => []);
  for (const name of names) {
    const raw = await readFile(path.join(folder, name), "utf8");
    const decoded = raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded.includes(text)) return { raw, decoded };
  }
  return undefined;
}

/** The calendar file attached to a raw mail (base64 after its headers). */
function attachedCalendar(raw: string, filename: string): string {
  const start = raw.indexOf(`filename=${filename}`);
  expect(start, `${filename} is attached`).toBeGreaterThan(0);
  const body = raw.slice(raw.indexOf("\r\n\r\n", start) + 4);
  const base64 = body.slice(0, body.indexOf("--")).replace(/\s/g, "");
  return Buffer.from(base64, "base64").toString("utf8");
}

/** The one event of an iCalendar file, read by ical.js. */
function calendarEvent(file: string): ICAL.Event {
  const events = new ICAL.Component(ICAL.parse(file)).getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]);
}

/** Serious or critical axe findings (as public-a11y.spec.ts counts them) on the page as it is. */
async function seriousViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/** On the home page's booking calendar for `carName`: whether the day `date` shows as booked. */
async function expectDayBooked(page: Page, carName: string, date: string, booked: boolean): Promise<void> {
  await page.goto("/");
  await page.locator("#cars").scrollIntoViewIfNeeded();
  await page
    .getByRole("article", { name: carName, exact: true })
    .getByRole("button", { name: "Select This Car" })
    .click();
  const title = formatMonthYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
  const form = page.locator("#booking");
  // The calendar first: the loop's look at the month title does not wait, and a click on 'Next month'
  // made before the calendar showed its first month would step past the month looked for.
  await expect(form.getByTestId("calendar-days")).toBeVisible();
  await expect(form.getByRole("button", { name: "Next month" })).toBeEnabled();
  for (let i = 0; i < 13 && !(await form.getByText(title, { exact: true }).isVisible()); i += 1) {
    await page.getByRole("button", { name: "Next month" }).click();
  }
  const day = page.getByTestId("calendar-days").locator(`button[data-date="${date}"]`);
  if (booked) {
    await expect(day).toHaveAccessibleDescription(/booked/);
    await expect(day).toBeDisabled();
  } else {
    await expect(day).not.toHaveAccessibleDescription(/booked/);
    await expect(day).toBeEnabled();
  }
}

async function openMyBookingFromMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").getByRole("link", { name: "My Booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My booking" })).toBeVisible();
}

test("find a booking, open it from the e-mail's link and offline, add it to a calendar and cancel it", async ({
  page,
  context,
  request,
}) => {
  const pickup = manila(10).date;
  const booked = await book(request, pickup, manila(12).date, "2:00 PM");

  await page.goto("/");
  await waitForServiceWorkerControl(page);
  await expectDayBooked(page, booked.carName, addDays(pickup, 1), true);
  await openMyBookingFromMenu(page);
  await page.getByLabel("Booking reference").fill(booked.reference.toLowerCase());
  await page.getByLabel("E-mail or phone").fill(booked.email.toUpperCase());
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByTestId("my-booking-reference")).toHaveText(booked.reference);
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");
  await expect(page.getByTestId("my-booking-paid")).toHaveText("₱0");
  await expect(page.getByTestId("my-booking-documents")).toHaveText("All documents received");
  await expect(page.getByRole("button", { name: "Upload documents" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The address names it (as the e-mail's link does): a reload opens it again, not the empty form.
  await expect(page).toHaveURL(new RegExp(`/my-booking\\?ref=${booked.reference}&token=`));
  await page.reload();
  await expect(page.getByTestId("my-booking-reference")).toHaveText(booked.reference);

  // The confirmation e-mail links to the page and carries the calendar file.
  await expect
    .poll(() => mailContaining(`Booking Confirmation ${booked.reference}`), { timeout: 30_000 })
    .toBeTruthy();
  const mail = await mailContaining(`Booking Confirmation ${booked.reference}`);
  const link = /\/my-booking\?ref=[^\s"<]+/.exec(mail?.decoded ?? "")?.[0];
  expect(link).toBe(`/my-booking?ref=${booked.reference}&token=${booked.bookingToken}`);
  const mailed = calendarEvent(attachedCalendar(mail?.raw ?? "", `${booked.reference}.ics`));
  await page.goto(link ?? "");
  await expect(page.getByTestId("my-booking-reference")).toHaveText(booked.reference);

  // Add to calendar: one event from pickup to return at 2:00 PM Manila, at the shop; the mailed file's event.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Add to calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${booked.reference}.ics`);
  const event = calendarEvent(await readFile((await download.path()) ?? "", "utf8"));
  expect(event.startDate.toJSDate().toISOString()).toBe(`${pickup}T06:00:00.000Z`);
  expect(event.endDate.toJSDate().toISOString()).toBe(`${manila(12).date}T06:00:00.000Z`);
  expect(event.location).toBe(contactSettings.address);
  expect(event.uid).toBe(mailed.uid);
  expect(mailed.startDate.toJSDate().toISOString()).toBe(`${pickup}T06:00:00.000Z`);

  // Offline, the page opens the booking kept in the browser's database.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("my-booking-reference")).toHaveText(booked.reference);
  await expect(page.getByText("You are offline", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toBeDisabled();
  await context.setOffline(false);
  // Back online, the server's answer replaces the kept copy without a reload.
  await expect(page.getByText("You are offline", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toBeEnabled();

  // Cancel: confirmed in a dialog; the dates are free at once.
  await page.reload();
  await expect(page.getByText("You are offline", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("my-booking-balance")).toHaveText("Nothing due");
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add to calendar" })).toHaveCount(0);
  // Its token stopped working (release-2 A3); the copy kept here still shows it, cancelled.
  await page.reload();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Cancelled");
  await expect(page.getByText("You are offline", { exact: true })).toHaveCount(0);
  const ranges: { start: string }[] = await (
    await request.get(`/api/cars/${booked.carId}/booked-dates`)
  ).json();
  expect(ranges.some((range) => range.start === pickup)).toBe(false);
  await expectDayBooked(page, booked.carName, addDays(pickup, 1), false);
  await expect
    .poll(() => mailContaining(`Booking Cancelled ${booked.reference}`), { timeout: 30_000 })
    .toBeTruthy();
});

test("a booking within 24 hours of pickup cannot be cancelled: the page says why and shows the shop's phone", async ({
  page,
  request,
}) => {
  // Before 5:00 PM in Manila: today at 5:00 PM; later: tomorrow at 9:00 AM. Either is under 24 hours away.
  const now = manila();
  const soon =
    now.hour < 17 ? { date: now.date, time: "5:00 PM" } : { date: manila(1).date, time: "9:00 AM" };
  const booked = await book(request, soon.date, manila(3).date, soon.time);

  await page.goto("/");
  await openMyBookingFromMenu(page);
  await page.getByLabel("Booking reference").fill(booked.reference);
  await page.getByLabel("E-mail or phone").fill(booked.email);
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  // The lookup said so already: the confirmation does not promise that the dates are released.
  await expect(page.getByRole("dialog")).toContainText("less than 24 hours away");
  await expect(page.getByRole("dialog")).not.toContainText("released at once");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "cannot be cancelled online" });
  await expect(refusal).toContainText("less than 24 hours");
  await expect(refusal).toContainText(contactSettings.phones[0]);
  // The dialog closes as the refusal shows: checked once it is gone (fading, its text is faint).
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");
});

test("a cancellation whose answer was lost, then a reload: the page shows the booking cancelled, not 'No booking matches'", async ({
  page,
  request,
}) => {
  const booked = await book(request, manila(16).date, manila(18).date, "10:00 AM");
  // Opened from the e-mail's link (its token), as the customer would.
  await page.goto(`/my-booking?ref=${booked.reference}&token=${booked.bookingToken}`);
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");

  // The server cancels; its answer is lost on the way back.
  await page.route(`**/api/bookings/${booked.id}/cancel`, async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText("Cancellation Failed")).toBeVisible();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");
  await page.unroute(`**/api/bookings/${booked.id}/cancel`);

  // The link's token stopped with the cancellation; the copy kept here names the e-mail to ask with.
  await page.reload();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Cancelled");
  await expect(page.getByText("No booking matches")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
});

test("the e-mail's link of a cancelled booking, opened on another device, says why it no longer opens and asks only for the contact", async ({
  page,
  request,
}) => {
  const booked = await book(request, manila(17).date, manila(19).date, "11:00 AM");
  const cancel = await request.post(`/api/bookings/${booked.id}/cancel`, {
    headers: { Origin: E2E_BASE_URL },
    data: { bookingToken: booked.bookingToken },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // This test's browser never opened the booking: nothing of it is kept here.
  await page.goto(`/my-booking?ref=${booked.reference}&token=${booked.bookingToken}`);
  await expect(page.getByRole("alert")).toContainText(
    "This link no longer opens the booking: a link stops working once its booking is cancelled",
  );
  await expect(page.getByText("No booking matches")).toHaveCount(0);
  await expect(page.getByLabel("Booking reference")).toHaveValue(booked.reference);
  await page.getByLabel("E-mail or phone").fill(booked.email);
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Cancelled");
});

test("a wrong reference or contact finds nothing, with one message for both", async ({ page, request }) => {
  const booked = await book(request, manila(14).date, manila(15).date, "9:00 AM");
  await page.goto("/my-booking");
  await page.getByLabel("Booking reference").fill(booked.reference);
  await page.getByLabel("E-mail or phone").fill("someone.else@example.ph");
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No booking matches" })).toBeVisible();
});

test("a booking the shop recorded without documents offers Upload documents, and the upload reaches the booking", async ({
  page,
  request,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  expect((await admin.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(
    true,
  );
  const car = await ownCar(request);
  const email = `walk.in.${Date.now()}@example.ph`;
  const created = await admin.post("/api/admin/bookings", {
    data: {
      customerEmail: email,
      customerName: "Walk In Customer",
      carName: car.name,
      carId: car.id,
      pickupDate: manila(20).date,
      returnDate: manila(22).date,
      total: "6000.00",
      status: "confirmed",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { reference, id }: { reference: string; id: string } = await created.json();

  await page.goto("/my-booking");
  await page.getByLabel("Booking reference").fill(reference);
  await page.getByLabel("E-mail or phone").fill(email);
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("my-booking-balance")).toHaveText("₱6,000");
  await expect(page.getByTestId("my-booking-documents")).toHaveText(
    "Missing: Photo ID #1, Photo ID #2, Proof of Billing",
  );

  await page.getByRole("button", { name: "Upload documents" }).click();
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "my-booking-")), "photo-id-1.png");
  await writeFile(file, PNG_BYTES);
  await page.getByRole("button", { name: "Upload Photo ID #1" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Photo ID #1" });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Uploaded: photo-id-1.png")).toBeVisible();
  await page.getByRole("button", { name: "Send documents" }).click();
  await expect(page.getByTestId("my-booking-documents")).toHaveText("Missing: Photo ID #2, Proof of Billing");
  await expect(page.getByRole("button", { name: "Upload documents" })).toBeVisible();

  // Still offered once the car is out while a document is missing (release-2 D3).
  const checkedOut = await admin.post(`/api/admin/bookings/${id}/check-out`, {
    data: { odometerKm: 1200, fuelEighths: 8, signature: await uploadDocument(request) },
  });
  expect(checkedOut.status(), await checkedOut.text()).toBe(200);
  // A reload opens the booking on screen again, as the server has it now.
  await page.reload();
  await expect(page.getByTestId("my-booking-status")).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Upload documents" })).toBeVisible();
  // Back to the form: the address names no booking, and a reload shows the form.
  await page.getByRole("button", { name: "Find another booking" }).click();
  await expect(page).toHaveURL(/\/my-booking$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Find booking" })).toBeVisible();
  await admin.dispose();
});

/** Errors React reports in the console (a hydration mismatch among them), and uncaught ones. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Until the app has taken over, the built page is inert (public/start-app.js). */
async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator("#root")).not.toHaveAttribute("inert", /.*/);
}

test("the page is served prerendered with its form, which hydrates and checks what is typed", async ({
  page,
  request,
}) => {
  const response = await request.get("/my-booking", { headers: { Accept: "text/html" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<meta name="prerendered-path" content="/my-booking"');
  for (const text of ["My booking", "Booking reference", "E-mail or phone", "Find booking"]) {
    expect(html).toContain(text);
  }

  const errors = collectErrors(page);
  await page.goto("/my-booking");
  await waitForApp(page);
  // Sent empty: each field says what it needs, and the first one takes the focus.
  await page.getByRole("button", { name: "Find booking" }).click();
  const reference = page.getByLabel("Booking reference");
  const contact = page.getByLabel("E-mail or phone");
  await expect(page.getByText("Booking reference is required", { exact: true })).toBeVisible();
  await expect(page.getByText("E-mail or phone is required", { exact: true })).toBeVisible();
  await expect(reference).toBeFocused();
  await expect(reference).toHaveAttribute("aria-invalid", "true");
  // Corrected, a field's message goes at once.
  await reference.fill("ACR-7K3Q9P");
  await expect(page.getByText("Booking reference is required", { exact: true })).toHaveCount(0);
  await expect(reference).not.toHaveAttribute("aria-invalid", /.*/);
  await expect(page.getByText("E-mail or phone is required", { exact: true })).toBeVisible();
  await contact.fill("   ");
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect(page.getByText("E-mail or phone is required", { exact: true })).toBeVisible();
  await expect(contact).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the e-mail's link opens the booking without showing the find form first", async ({ page, request }) => {
  const booked = await book(request, manila(16).date, manila(17).date, "10:00 AM");
  const errors = collectErrors(page);
  // Records whether the find form was ever on screen, frame by frame.
  await page.addInitScript(() => {
    const seen = { form: false };
    Reflect.set(window, "__findFormSeen", seen);
    const check = () => {
      const input = document.querySelector('input[name="reference"]');
      if (input instanceof HTMLElement && input.checkVisibility()) seen.form = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  // The app's scripts arrive late: meanwhile the built page shows its frame, without the form.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(`/my-booking?ref=${booked.reference}&token=${booked.bookingToken}`);
  await expect(page.getByRole("heading", { level: 1, name: "My booking" })).toBeVisible();
  await expect(page.getByLabel("Booking reference")).toBeHidden();
  releaseScripts();
  await expect(page.getByTestId("my-booking-reference")).toHaveText(booked.reference);
  await expect(page.getByTestId("my-booking-status")).toHaveText("Pending");
  expect(await page.evaluate(() => Reflect.get(window, "__findFormSeen"))).toEqual({ form: false });

  // Back to the form: it shows again, on the same address.
  await page.getByRole("button", { name: "Find another booking" }).click();
  await expect(page.getByLabel("Booking reference")).toBeVisible();
  await expect(page.getByRole("button", { name: "Find booking" })).toBeEnabled();
  expect(errors).toEqual([]);
});
