import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { formatPeso } from "@car-rental/shared/money";
import { E2E_ADMIN_PASSWORD } from "../src/env";

/**
 * The admin area of spec §2 through the real server: the password gate, each
 * tab's main action, and an offline session on a tablet whose queued changes
 * reach the server exactly once, in order, when the connection returns.
 * The database is shared by the whole run: every test makes its own
 * customers, names and bookings, on its own car and its own far-future dates.
 */

// A 1×1 PNG: the server checks the bytes, not the name.
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const TABLET = { width: 1024, height: 768 };

type ApiCar = { id: string; name: string; dailyRate: string; mileage: string | null; available: boolean };
type ApiBooking = { id: string; status: string; amountPaid: string; customerName: string; carName: string };
type ApiPayment = { amount: string };
type ApiCustomer = {
  id: string;
  fullName: string;
  email: string;
  bookings: (ApiBooking & {
    payments: ApiPayment[];
    pickupDate: string;
    returnDate: string;
    total: string;
  })[];
};
type ApiBlockedName = { id: string; kind: string; value: string; fullName: string; reason: string | null };

/** A word no other test uses, so searches find only this test's rows. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A far-future rental no other test books: 2028 onwards, one week per slot. */
function rentalDates(slot: number): { pickupDate: string; returnDate: string } {
  const start = Date.UTC(2028, 0, 3) + slot * 7 * 86_400_000;
  return {
    pickupDate: new Date(start).toISOString().slice(0, 10),
    returnDate: new Date(start + 2 * 86_400_000).toISOString().slice(0, 10),
  };
}

async function apiSignIn(request: APIRequestContext): Promise<void> {
  const answer = await request.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(answer.status()).toBe(200);
}

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(path);
  expect(answer.status(), `GET ${path}`).toBe(200);
  const body: T = await answer.json();
  return body;
}

/** The fleet by name; tests take cars from the end of the list (the booking flow uses the first ones). */
async function carsByName(request: APIRequestContext): Promise<ApiCar[]> {
  const cars = await adminGet<ApiCar[]>(request, "/api/admin/cars");
  return cars.filter((car) => car.available).sort((a, b) => a.name.localeCompare(b.name));
}

async function carFromEnd(request: APIRequestContext, indexFromEnd: number): Promise<ApiCar> {
  const cars = await carsByName(request);
  const car = cars[cars.length - 1 - indexFromEnd];
  if (!car) throw new Error(`no car ${indexFromEnd} from the end`);
  return car;
}

async function createBooking(
  request: APIRequestContext,
  input: { customerName: string; car: ApiCar; slot: number; total: string; status?: string },
): Promise<ApiBooking> {
  const email = `${input.customerName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
  const answer = await request.post("/api/admin/bookings", {
    data: {
      customerEmail: email,
      customerName: input.customerName,
      carName: input.car.name,
      carId: input.car.id,
      ...rentalDates(input.slot),
      total: input.total,
      status: input.status ?? "pending",
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const booking: ApiBooking = await answer.json();
  return booking;
}

async function bookingById(request: APIRequestContext, id: string): Promise<ApiBooking> {
  const bookings = await adminGet<ApiBooking[]>(request, "/api/admin/bookings");
  const booking = bookings.find((candidate) => candidate.id === id);
  if (!booking) throw new Error(`booking ${id} not found`);
  return booking;
}

async function paymentsOf(request: APIRequestContext, bookingId: string): Promise<ApiPayment[]> {
  const customers = await adminGet<ApiCustomer[]>(request, "/api/admin/customers");
  for (const customer of customers) {
    const booking = customer.bookings.find((candidate) => candidate.id === bookingId);
    if (booking) return booking.payments;
  }
  throw new Error(`booking ${bookingId} not in any customer's history`);
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

function bookingCard(page: Page, customerName: string): Locator {
  return page.getByRole("article").filter({ hasText: customerName });
}

async function searchBookings(page: Page, text: string): Promise<void> {
  await page.getByLabel("Search bookings").fill(text);
}

/** Picks an option of a native drop-down list, as a person would. */
async function choose(select: Locator, option: string): Promise<void> {
  await select.selectOption(option);
  await expect(select).toHaveValue(option);
}

async function setStatus(page: Page, customerName: string, status: string): Promise<void> {
  await choose(bookingCard(page, customerName).getByRole("combobox", { name: "Status" }), status);
}

async function addPayment(page: Page, customerName: string, amount: string): Promise<void> {
  await bookingCard(page, customerName).getByRole("button", { name: "Add Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Payment" });
  await dialog.getByLabel("Payment Amount").fill(amount);
  await dialog.getByRole("button", { name: "Add Payment" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The one sync indicator of the page (the header's): online or offline and how
 * many changes wait, in its accessible name.
 */
function syncIndicator(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

const ALL_SYNCED = "Online, all changes saved";

/** The service worker controls the page, so an offline reload is served from its cache. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      });
    }
  });
}

test.describe("admin sign-in", () => {
  test("a wrong password is refused, the right one opens the dashboard", async ({ page }) => {
    await page.goto("/admin");
    const password = page.getByLabel("Admin Password");
    await expect(password).toHaveAttribute("type", "password");
    const enter = page.getByRole("button", { name: "Access Admin Panel" });
    await expect(enter).toBeDisabled();

    await password.fill("not-the-password");
    await expect(enter).toBeEnabled();
    await enter.click();
    await expect(page.getByText("Incorrect password. Please try again.").first()).toBeVisible();
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveCount(0);

    await password.fill(E2E_ADMIN_PASSWORD);
    await enter.click();
    await expect(page.getByText("Access Granted")).toBeVisible();
    for (const tab of ["Overview", "Fleet Management", "Bookings", "Customers", "Blocked Names"]) {
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    }
    await expect(page.getByText("Total Bookings")).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("adminAuthenticated"))).toBe("true");
    // "The fleet status of the first five cars": the fleet's first five, in the order GET /api/cars gives.
    const fleet: { name: string }[] = await (await page.request.get("/api/cars")).json();
    const firstFive = fleet.slice(0, 5).map((car) => car.name);
    const fleetStatus = page.getByRole("heading", { name: "Fleet Status" }).locator("xpath=..");
    await expect(fleetStatus.getByText(/^(Available|Rented)$/)).toHaveCount(5);
    const shown = await fleetStatus.innerText();
    const positions = firstFive.map((name) => shown.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    // The flag restores the dashboard on the next visit without a password.
    await page.reload();
    await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out")).toBeVisible();
    await expect(page.getByLabel("Admin Password")).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("adminAuthenticated"))).toBeNull();
  });
});

test.describe("admin tabs online", () => {
  test("an open Bookings screen shows a booking made elsewhere, without a reload", async ({
    page,
    request,
  }) => {
    await apiSignIn(request);
    await signInThroughGate(page);
    await openTab(page, "Bookings");
    const customerName = unique("Elsewhere Booker");
    await searchBookings(page, customerName);
    await expect(bookingCard(page, customerName)).toHaveCount(0);

    // Another device (or a customer) books while the screen stays open.
    await createBooking(request, { customerName, car: await carFromEnd(request, 8), slot: 6, total: "6000" });
    // The tablet wakes up (the screen also pulls every half minute while on).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(bookingCard(page, customerName)).toBeVisible({ timeout: 10_000 });
  });

  test("adds a car with an uploaded picture", async ({ page, request }, testInfo) => {
    await apiSignIn(request);
    const name = unique("E2E Hiace");
    const picture = testInfo.outputPath("car.png");
    writeFileSync(picture, PNG_BYTES);

    await signInThroughGate(page);
    await openTab(page, "Fleet Management");
    await page.getByRole("button", { name: "Add Car" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Car" });

    // No picture yet: the spec's validation toast, nothing saved.
    await dialog.getByLabel("Car Name").fill(name);
    await dialog.getByLabel("Category").fill("Van");
    await dialog.getByLabel("Daily Rate").fill("3500");
    await dialog.getByRole("button", { name: "Add Car" }).click();
    await expect(page.getByText("Please upload a car image")).toBeVisible();

    await dialog.getByLabel("Car Image").setInputFiles(picture);
    await expect(page.getByText("Image uploaded successfully!")).toBeVisible();
    await expect(dialog.getByLabel("Seats")).toHaveValue("5");
    await dialog.getByLabel("Plate Number").fill("NAB 1234");
    await dialog.getByRole("button", { name: "Add Car" }).click();
    await expect(page.getByText("Car added successfully!")).toBeVisible();
    await expect(page.getByRole("article", { name })).toBeVisible();

    const cars = await adminGet<
      (ApiCar & { image: string; seats: number; transmission: string; fuel: string })[]
    >(request, "/api/admin/cars");
    const saved = cars.filter((car) => car.name === name);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      dailyRate: "3500.00",
      seats: 5,
      transmission: "Automatic",
      fuel: "Gas",
    });
    expect(saved[0]?.image).toMatch(/^\/objects\/car-images\//);
    const image = await request.get(saved[0]?.image ?? "");
    expect(image.status()).toBe(200);
  });

  test("an open dialog hides the page behind it, and closing it gives the focus back", async ({ page }) => {
    await signInThroughGate(page);
    await openTab(page, "Fleet Management");
    const addCar = page.getByRole("button", { name: "Add Car" });
    await addCar.click();
    const dialog = page.getByRole("dialog", { name: "Add Car" });
    await expect(dialog).toBeVisible();
    // Only the dialog's own 'Add Car' (its submit button) is left: the page is inert and hidden.
    await expect(addCar).toHaveCount(1);
    await expect(page.locator("#root")).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveCount(0);

    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("#root")).not.toHaveAttribute("inert", /.*/);
    await expect(addCar).toBeFocused();
    await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  });

  test("Back closes an open dialog and stays on the tab; Cancel leaves no history entry behind", async ({
    page,
  }) => {
    await signInThroughGate(page);
    await openTab(page, "Customers");
    await openTab(page, "Fleet Management");
    const addCar = page.getByRole("button", { name: "Add Car" });
    await addCar.click();
    const dialog = page.getByRole("dialog", { name: "Add Car" });
    await dialog.getByLabel("Car Name").fill("Typed before Back");
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/fleet$/);
    await expect(page.getByRole("tab", { name: "Fleet Management" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // Closed by its own button (or saved), the dialog's entry goes too: Back then goes to the last tab.
    await addCar.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => page.evaluate(() => history.state?.backCloses as unknown)).toBe(undefined);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole("tab", { name: "Customers" })).toHaveAttribute("aria-selected", "true");
  });

  test("a car's availability switch and its delete, which needs no confirmation", async ({
    page,
    request,
  }) => {
    await apiSignIn(request);
    const name = unique("E2E Delete Me");
    const created = await request.post("/api/admin/cars", {
      data: { name, category: "Compact Sedan", dailyRate: "1800", image: "toyota-vios.webp" },
    });
    expect(created.status(), await created.text()).toBe(201);

    await signInThroughGate(page);
    await openTab(page, "Fleet Management");
    await page.getByLabel("Search cars").fill(name);
    const card = page.getByRole("article", { name, exact: true });
    // The badge is the one text saying Available or Rented; the switch has a fixed name.
    await expect(card.getByText("Available", { exact: true })).toHaveCount(1);
    const forRent = card.getByRole("switch", { name: "For rent" });
    await expect(forRent).toBeChecked();
    await forRent.click();
    await expect(page.getByText("Car updated successfully!")).toBeVisible();
    await expect(forRent).not.toBeChecked();
    await expect(card.getByText("Rented", { exact: true })).toHaveCount(1);
    await expect(card.getByText("Available", { exact: true })).toHaveCount(0);

    await card.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Car deleted successfully!")).toBeVisible();
    await expect(card).toHaveCount(0);
    const cars = await adminGet<ApiCar[]>(request, "/api/admin/cars");
    expect(cars.filter((car) => car.name === name)).toHaveLength(0);
  });

  test("sets a booking's status and records a payment", async ({ page, request }) => {
    await apiSignIn(request);
    const customerName = unique("Status Payer");
    const car = await carFromEnd(request, 0);
    const booking = await createBooking(request, { customerName, car, slot: 1, total: "5000" });

    await signInThroughGate(page);
    await openTab(page, "Bookings");
    await searchBookings(page, customerName);
    const card = bookingCard(page, customerName);
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Not Paid")).toBeVisible();

    await setStatus(page, customerName, "confirmed");
    await expect(page.getByText("Booking status updated!")).toBeVisible();
    await expect.poll(async () => (await bookingById(request, booking.id)).status).toBe("confirmed");

    // Spec §5: an amount that does not parse as a number is ignored.
    await card.getByRole("button", { name: "Add Payment" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Payment" });
    await dialog.getByLabel("Payment Amount").fill("abc");
    await dialog.getByRole("button", { name: "Add Payment" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await addPayment(page, customerName, "1500.50");
    await expect(page.getByText("Payment updated successfully!")).toBeVisible();
    await expect(card.getByText("Partially Paid")).toBeVisible();
    await expect.poll(async () => (await bookingById(request, booking.id)).amountPaid).toBe("1500.50");

    // A double tap (two taps before the first is saved, as on a slow tablet) records one payment.
    await card.getByRole("button", { name: "Add Payment" }).click();
    await dialog.getByLabel("Payment Amount").fill("1000");
    await dialog.getByRole("button", { name: "Add Payment" }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await bookingById(request, booking.id)).amountPaid).toBe("2500.50");

    await addPayment(page, customerName, "2499.50");
    await expect(card.getByText("Fully Paid")).toBeVisible();
    // Release-2 §E2: the rental is paid but the car's ₱3,000 deposit is not recorded yet: Add Payment stays for it.
    await expect(card.getByTestId("deposit-held")).toHaveText("Deposit held ₱0 of ₱3,000");
    await expect(card.getByRole("button", { name: "Add Payment" })).toBeVisible();
    await expect.poll(async () => (await bookingById(request, booking.id)).amountPaid).toBe("5000.00");
    expect(await paymentsOf(request, booking.id)).toHaveLength(3);
  });

  test("adds a customer with a first booking, and exports the customers as CSV", async ({
    page,
    request,
  }) => {
    await apiSignIn(request);
    const fullName = unique("Maria Clara");
    const email = `${fullName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
    const car = await carFromEnd(request, 1);
    const dates = rentalDates(2);

    await signInThroughGate(page);
    await openTab(page, "Customers");
    await page.getByRole("button", { name: "Add Customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Customer" });
    await dialog.getByLabel("Full Name").fill(fullName);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("09171234567");
    await dialog.getByLabel("Address").fill("Poblacion, Alaminos City");
    await dialog
      .getByLabel("Car", { exact: true })
      .selectOption({ label: `${car.name} · ${formatPeso(car.dailyRate)}/day` });
    await dialog.getByLabel("Pickup Date").fill(dates.pickupDate);
    await dialog.getByLabel("Return Date").fill(dates.returnDate);
    await dialog.getByLabel("Total Amount").fill("7000");
    await choose(dialog.getByRole("combobox", { name: "Payment Status" }), "confirmed");
    await dialog.getByRole("button", { name: "Add Customer" }).click();
    await expect(page.getByText("Customer added successfully!")).toBeVisible();

    await expect
      .poll(async () => {
        const customers = await adminGet<ApiCustomer[]>(request, "/api/admin/customers");
        const found = customers.filter((customer) => customer.email === email);
        return found.map((customer) =>
          customer.bookings.map((b) => [b.carName, b.status, b.total, b.pickupDate]),
        );
      })
      .toEqual([[[car.name, "confirmed", "7000.00", dates.pickupDate]]]);

    const card = page.getByRole("article", { name: fullName });
    await expect(card.getByText(car.name)).toBeVisible();
    // No document uploaded: the three are named, as text rather than links.
    await expect(card.getByText("Photo ID #1: not uploaded")).toBeVisible();
    await expect(card.getByRole("link")).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Add Payment" })).toBeVisible();

    // The same e-mail again (other case): refused in the form, which stays open with what was typed.
    await page.getByRole("button", { name: "Add Customer" }).click();
    const second = page.getByRole("dialog", { name: "Add Customer" });
    await second.getByLabel("Full Name").fill(`${fullName} Jr.`);
    await second.getByLabel("Email").fill(email.toUpperCase());
    await second.getByLabel("Phone").fill("09170000000");
    await second.getByRole("button", { name: "Add Customer" }).click();
    await expect(second.getByText("A customer with this email already exists.")).toBeVisible();
    await expect(second.getByLabel("Full Name")).toHaveValue(`${fullName} Jr.`);
    await second.getByRole("button", { name: "Cancel" }).click();
    await expect(second).toBeHidden();
    expect(
      (await adminGet<ApiCustomer[]>(request, "/api/admin/customers")).filter(
        (customer) => customer.email.toLowerCase() === email,
      ),
    ).toHaveLength(1);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(page.getByText("Export Complete")).toBeVisible();
    const file = readFileSync(await download.path());
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Phone,License,Total Bookings,Total Spent,Registration Date,Booking History",
    );
    const row = lines.find((line) => line.startsWith(`${fullName},`));
    expect(row).toBeDefined();
    expect(row).toContain(`${email},09171234567,N/A,1,7000.00,`);
    expect(row).toContain(`${car.name} (${dates.pickupDate} to ${dates.returnDate}, confirmed, ₱7,000)`);
  });

  test("records a new booking for a customer already on file", async ({ page, request }) => {
    await apiSignIn(request);
    const fullName = unique("Returning Customer");
    const email = `${fullName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.com`;
    const created = await request.post("/api/admin/customers", {
      data: { fullName, email, phone: "09175550123" },
    });
    expect(created.status()).toBe(201);
    const car = await carFromEnd(request, 1);
    const dates = rentalDates(20);

    await signInThroughGate(page);
    await openTab(page, "Customers");
    const card = page.getByRole("article", { name: fullName });
    await card.getByRole("button", { name: "New Booking" }).click();
    const dialog = page.getByRole("dialog", { name: "New Booking" });
    await dialog.getByRole("button", { name: "Add Booking" }).click();
    await expect(dialog.getByText("Choose a car", { exact: true }).last()).toBeVisible();
    await dialog
      .getByLabel("Car", { exact: true })
      .selectOption({ label: `${car.name} · ${formatPeso(car.dailyRate)}/day` });
    await dialog.getByLabel("Pickup Date").fill(dates.pickupDate);
    await dialog.getByLabel("Return Date").fill(dates.returnDate);
    await dialog.getByLabel("Total Amount").fill("5000");
    await choose(dialog.getByRole("combobox", { name: "Payment Status" }), "confirmed");
    // A double tap books it once.
    await dialog.getByRole("button", { name: "Add Booking" }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Booking added successfully!")).toBeVisible();

    await expect
      .poll(async () => {
        const customers = await adminGet<ApiCustomer[]>(request, "/api/admin/customers");
        return customers
          .filter((customer) => customer.email === email)
          .map((customer) => customer.bookings.map((b) => [b.carName, b.status, b.total, b.pickupDate]));
      })
      .toEqual([[[car.name, "confirmed", "5000.00", dates.pickupDate]]]);
    await expect(card.getByText(car.name)).toBeVisible();
  });

  test("blocks and unblocks a name", async ({ page, request }) => {
    await apiSignIn(request);
    const fullName = unique("Blocked Person");

    await signInThroughGate(page);
    await openTab(page, "Blocked Names");
    await page.getByRole("button", { name: "Block Name" }).click();
    const dialog = page.getByRole("dialog", { name: "Block Name" });
    await dialog.getByRole("button", { name: "Block Name" }).click();
    await expect(dialog.getByText("Full name is required")).toBeVisible();
    await dialog.getByLabel("Full Name").fill(`  ${fullName}  `);
    await dialog.getByLabel("Reason").fill("   ");
    await dialog.getByRole("button", { name: "Block Name" }).click();
    await expect(page.getByText("Name blocked successfully!")).toBeVisible();

    await expect
      .poll(async () => {
        const names = await adminGet<ApiBlockedName[]>(request, "/api/admin/blocked-names");
        return names.filter((entry) => entry.fullName === fullName).map((entry) => entry.reason);
      })
      .toEqual([null]);

    const row = page.getByRole("article", { name: fullName });
    await row.getByRole("button", { name: "Unblock" }).click();
    await page.getByRole("dialog", { name: "Unblock Name" }).getByRole("button", { name: "Unblock" }).click();
    await expect(page.getByText("Name unblocked successfully!")).toBeVisible();
    await expect(row).toHaveCount(0);
    const names = await adminGet<ApiBlockedName[]>(request, "/api/admin/blocked-names");
    expect(names.filter((entry) => entry.fullName === fullName)).toHaveLength(0);
  });

  test("blocks an e-mail, a phone or a licence by its type (release-2 E3)", async ({ page, request }) => {
    await apiSignIn(request);
    const email = `${unique("blocked")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ".")}@example.ph`;

    await signInThroughGate(page);
    await openTab(page, "Blocked Names");
    await page.getByRole("button", { name: "Block Name" }).click();
    const dialog = page.getByRole("dialog", { name: "Block Name" });
    await dialog.getByLabel("Type").selectOption({ label: "Phone" });
    await dialog.getByLabel("Value").fill("12");
    await dialog.getByRole("button", { name: "Block Name" }).click();
    await expect(dialog.getByText("Valid phone number is required")).toBeVisible();

    await dialog.getByLabel("Type").selectOption({ label: "E-mail" });
    await dialog.getByLabel("Value").fill(`  ${email.toUpperCase()} `);
    await dialog.getByLabel("Reason").fill("Chargeback");
    await dialog.getByRole("button", { name: "Block Name" }).click();
    await expect(page.getByText("Name blocked successfully!")).toBeVisible();

    await expect
      .poll(async () => {
        const names = await adminGet<ApiBlockedName[]>(request, "/api/admin/blocked-names");
        return names.filter((entry) => entry.value === email).map(({ kind, reason }) => ({ kind, reason }));
      })
      .toEqual([{ kind: "email", reason: "Chargeback" }]);
    // Stored and shown normalised (release-2 §E3): the e-mail lower-cased.
    const card = page.getByRole("article", { name: email, exact: true });
    await expect(card.getByText("E-mail", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Unblock" }).click();
    await page.getByRole("dialog", { name: "Unblock Name" }).getByRole("button", { name: "Unblock" }).click();
    await expect(card).toHaveCount(0);
  });
});

test.describe("admin offline on a tablet", () => {
  test.use({ viewport: TABLET });

  test("changes made offline survive a reload and reach the server once, in order", async ({
    page,
    context,
    request,
  }) => {
    await apiSignIn(request);
    const tag = unique("Offline");
    const first = `${tag} Alpha`;
    const second = `${tag} Bravo`;
    const payer = `${tag} Charlie`;
    const blocked = `${tag} Blocked`;
    const [carA, carB, carC, edited] = await Promise.all([
      carFromEnd(request, 2),
      carFromEnd(request, 3),
      carFromEnd(request, 4),
      carFromEnd(request, 5),
    ]);
    const bookingA = await createBooking(request, { customerName: first, car: carA, slot: 3, total: "4000" });
    const bookingB = await createBooking(request, {
      customerName: second,
      car: carB,
      slot: 3,
      total: "4500",
    });
    const bookingC = await createBooking(request, {
      customerName: payer,
      car: carC,
      slot: 3,
      total: "6000",
      status: "confirmed",
    });
    const mileage = `${Math.floor(Math.random() * 90_000) + 10_000} km`;

    await signInThroughGate(page);
    await waitForServiceWorker(page);
    await openTab(page, "Bookings");
    await searchBookings(page, tag);
    await expect(page.getByRole("article")).toHaveCount(3);

    await context.setOffline(true);
    await setStatus(page, first, "confirmed");
    await expect(page.getByText("Saved Offline")).toBeVisible();
    await setStatus(page, second, "cancelled");
    await setStatus(page, first, "completed");
    await addPayment(page, payer, "2500");
    await expect(bookingCard(page, payer).getByText("Partially Paid")).toBeVisible();
    for (const name of [first, second, payer]) {
      await expect(bookingCard(page, name).getByText("Waiting to sync")).toBeVisible();
    }

    await openTab(page, "Blocked Names");
    await page.getByRole("button", { name: "Block Name" }).click();
    const blockDialog = page.getByRole("dialog", { name: "Block Name" });
    await blockDialog.getByLabel("Full Name").fill(blocked);
    await blockDialog.getByLabel("Reason").fill("Unpaid damages");
    await blockDialog.getByRole("button", { name: "Block Name" }).click();
    await expect(page.getByRole("article", { name: blocked }).getByText("Waiting to sync")).toBeVisible();

    await openTab(page, "Fleet Management");
    const carCard = page.getByRole("article", { name: edited.name, exact: true });
    await carCard.getByRole("button", { name: "Edit" }).click();
    const carDialog = page.getByRole("dialog", { name: "Edit Car" });
    await carDialog.getByLabel("Mileage").fill(mileage);
    await carDialog.getByRole("button", { name: "Update Car" }).click();
    await expect(carCard.getByText("Waiting to sync")).toBeVisible();
    await expect(syncIndicator(page, "Offline, 6 changes waiting to sync")).toBeVisible();
    // One indicator on the page: the state and the count are each shown once.
    await expect(page.getByText("Offline", { exact: true })).toHaveCount(1);
    await expect(page.getByText("6 waiting", { exact: true })).toHaveCount(1);

    // A reload offline: the service worker serves the app, IndexedDB the data and the queue.
    await page.reload();
    await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
    await expect(syncIndicator(page, "Offline, 6 changes waiting to sync")).toBeVisible();
    await openTab(page, "Bookings");
    await searchBookings(page, tag);
    await expect(bookingCard(page, first).getByText("completed").first()).toBeVisible();
    await expect(bookingCard(page, second).getByText("cancelled").first()).toBeVisible();
    await expect(bookingCard(page, payer).getByText("Partially Paid")).toBeVisible();
    await expect(bookingCard(page, first).getByText("Waiting to sync")).toBeVisible();

    // Nothing reached the server while offline.
    expect((await bookingById(request, bookingA.id)).status).toBe("pending");
    expect(await paymentsOf(request, bookingC.id)).toHaveLength(0);

    await context.setOffline(false);
    await expect(syncIndicator(page, ALL_SYNCED)).toBeVisible({ timeout: 20_000 });
    await expect(bookingCard(page, first).getByText("Waiting to sync")).toHaveCount(0);

    expect((await bookingById(request, bookingA.id)).status).toBe("completed");
    expect((await bookingById(request, bookingB.id)).status).toBe("cancelled");
    const payments = await paymentsOf(request, bookingC.id);
    expect(payments.map((payment) => payment.amount)).toEqual(["2500.00"]);
    expect((await bookingById(request, bookingC.id)).amountPaid).toBe("2500.00");
    const names = await adminGet<ApiBlockedName[]>(request, "/api/admin/blocked-names");
    expect(names.filter((entry) => entry.fullName === blocked).map((entry) => entry.reason)).toEqual([
      "Unpaid damages",
    ]);
    const cars = await adminGet<ApiCar[]>(request, "/api/admin/cars");
    expect(cars.find((car) => car.id === edited.id)?.mileage).toBe(mileage);
  });

  test("a change the server refuses on replay stays visible with its message", async ({
    page,
    context,
    request,
  }) => {
    await apiSignIn(request);
    const tag = unique("Refused");
    const cancelledName = `${tag} Cancelled`;
    const car = await carFromEnd(request, 6);
    const cancelled = await createBooking(request, {
      customerName: cancelledName,
      car,
      slot: 4,
      total: "3000",
      status: "cancelled",
    });

    await signInThroughGate(page);
    await openTab(page, "Bookings");
    await searchBookings(page, tag);
    await expect(bookingCard(page, cancelledName)).toHaveCount(1);

    await context.setOffline(true);
    await setStatus(page, cancelledName, "confirmed");
    await expect(page.getByText("Saved Offline")).toBeVisible();
    // Meanwhile someone else books the car for the same dates.
    await createBooking(request, { customerName: `${tag} Newcomer`, car, slot: 4, total: "3000" });

    await context.setOffline(false);
    const card = bookingCard(page, cancelledName);
    await expect(card.getByText("Not saved")).toBeVisible({ timeout: 20_000 });
    const message = "These dates are no longer available for this car. Please choose other dates.";
    await expect(card.getByText(message)).toBeVisible();
    await expect(syncIndicator(page, "Online, 1 change waiting to sync, 1 not accepted")).toBeVisible();
    expect((await bookingById(request, cancelled.id)).status).toBe("cancelled");

    // The admin discards it: the booking shows the server's status again.
    await page.getByRole("button", { name: "Show changes" }).click();
    const panel = page.getByRole("dialog", { name: "Changes waiting to sync" });
    await expect(panel.getByText(message)).toBeVisible();
    await panel.getByRole("button", { name: "Discard" }).click();
    await panel.getByRole("button", { name: "Yes, discard" }).click();
    await page.keyboard.press("Escape");
    await expect(syncIndicator(page, ALL_SYNCED)).toBeVisible();
    await expect(card.getByText("Not saved")).toHaveCount(0);
    await expect(card.getByRole("combobox", { name: "Status" })).toHaveValue("cancelled");
  });

  test("a car added offline keeps its picture on the tablet and reaches the server with it", async ({
    page,
    context,
    request,
  }, testInfo) => {
    await apiSignIn(request);
    const name = unique("Offline Hiace");
    const picture = testInfo.outputPath("offline-car.png");
    writeFileSync(picture, PNG_BYTES);
    const savedCars = async () =>
      (await adminGet<(ApiCar & { image: string })[]>(request, "/api/admin/cars")).filter(
        (car) => car.name === name,
      );

    await signInThroughGate(page);
    await waitForServiceWorker(page);
    await openTab(page, "Fleet Management");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Add Car" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Car" });
    await dialog.getByLabel("Car Name").fill(name);
    await dialog.getByLabel("Category").fill("Van");
    await dialog.getByLabel("Daily Rate").fill("3500");
    await dialog.getByLabel("Car Image").setInputFiles(picture);
    await expect(page.getByText("Image kept on this device")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "Car picture preview" })).toBeVisible();
    await dialog.getByRole("button", { name: "Add Car" }).click();
    const card = page.getByRole("article", { name });
    await expect(card.getByText("Waiting to sync")).toBeVisible();
    // The card shows the picture from the file kept on the tablet, also after a reload offline.
    await expect(card.getByRole("img", { name })).toHaveAttribute("src", /^blob:/);
    await page.reload();
    await openTab(page, "Fleet Management");
    await expect(card.getByRole("img", { name })).toHaveAttribute("src", /^blob:/);
    expect(await savedCars()).toHaveLength(0);

    // Back online: the picture goes up, then the car, once.
    await context.setOffline(false);
    await expect(syncIndicator(page, ALL_SYNCED)).toBeVisible({ timeout: 30_000 });
    const saved = await savedCars();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.image).toMatch(/^\/objects\/car-images\//);
    const image = await request.get(saved[0]?.image ?? "");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    await expect(card.getByRole("img", { name })).toHaveAttribute("src", saved[0]?.image ?? "");
  });

  test("a logout made offline ends the server session once the connection returns", async ({
    page,
    context,
  }) => {
    await signInThroughGate(page);
    // A tablet that works offline has its service worker in charge (as in the other offline tests): without it,
    // a screen's code chunk fetched offline fails and the router reloads into the browser's offline page.
    await waitForServiceWorker(page);
    const sessionOfPage = () => sessionOf(page);
    expect(await sessionOfPage()).toBe(true);

    await context.setOffline(true);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out")).toBeVisible();
    await expect(page.getByLabel("Admin Password")).toBeVisible();
    // The browser still holds the cookie; the server has not heard of the logout yet.
    expect(await sessionOfPage()).toBe(true);

    await context.setOffline(false);
    await expect.poll(sessionOfPage, { timeout: 10_000 }).toBe(false);
  });

  test("a logout whose request gets no answer still logs out within seconds, and the session ends on the next visit", async ({
    page,
  }) => {
    await signInThroughGate(page);
    const sessionOfPage = () => sessionOf(page);
    // A connection that hangs: the logout request is never answered.
    await page.route("**/api/admin/session", async (route) => {
      if (route.request().method() !== "DELETE") return route.fallback();
      await new Promise<void>((resolve) => page.once("close", () => resolve()));
    });
    const started = Date.now();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel("Admin Password")).toBeVisible();
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await sessionOfPage()).toBe(true);

    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expect.poll(sessionOfPage, { timeout: 10_000 }).toBe(false);
  });

  test("a logout whose request fails on a flaky link is tried again until the server ends the session", async ({
    page,
  }) => {
    await signInThroughGate(page);
    const sessionOfPage = () => sessionOf(page);
    // The browser still counts as online (no "online" event will come): the first try is cut off.
    let tries = 0;
    await page.route("**/api/admin/session", async (route) => {
      if (route.request().method() !== "DELETE") return route.fallback();
      tries += 1;
      return tries === 1 ? route.abort("connectionreset") : route.fallback();
    });
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out")).toBeVisible({ timeout: 15_000 });
    await expect.poll(sessionOfPage, { timeout: 15_000 }).toBe(false);
    expect(tries).toBeGreaterThanOrEqual(2);
  });

  test("a lost session brings the gate back and keeps the queued changes", async ({
    page,
    context,
    request,
  }) => {
    await apiSignIn(request);
    const customerName = unique("Session Lost");
    const car = await carFromEnd(request, 7);
    const booking = await createBooking(request, { customerName, car, slot: 5, total: "2800" });

    await signInThroughGate(page);
    await openTab(page, "Bookings");
    await searchBookings(page, customerName);
    await context.setOffline(true);
    await setStatus(page, customerName, "confirmed");
    await expect(syncIndicator(page, "Offline, 1 change waiting to sync")).toBeVisible();

    // The session ends while offline (expired, or signed out elsewhere).
    await context.clearCookies();
    await context.setOffline(false);
    await expect(page.getByLabel("Admin Password")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("1 saved change is kept")).toBeVisible();
    expect((await bookingById(request, booking.id)).status).toBe("pending");

    await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(syncIndicator(page, ALL_SYNCED)).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await bookingById(request, booking.id)).status).toBe("confirmed");
  });
});

/** Whether the server still takes the page's admin session (its cookie, sent by the page's own requests). */
async function sessionOf(page: Page): Promise<boolean> {
  const answer = (await (await page.request.get("/api/admin/session")).json()) as { authenticated: boolean };
  return answer.authenticated;
}
