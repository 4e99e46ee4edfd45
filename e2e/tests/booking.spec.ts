import { mkdirSync, writeFileSync } from "node:fs";
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import {
  bookingForm,
  chooseTime,
  dayButton,
  fillPersonalInformation,
  pickDates,
  selectCarOnHome,
  showMonthOf,
  uploadAllDocuments,
  writeDocumentFiles,
} from "../src/booking-form";
import { addDays, formatLongDate, formatMonthYear, today } from "../src/dates";

/**
 * The booking flow of spec §2 through the real server: choose a car, dates,
 * a time and services, upload three real files, accept the terms, book, and
 * find the booking in the database at the server's price. Each test uses its
 * own car and dates: the server's database is shared by the whole run.
 */

// A 1×1 PNG (for uploads through the API): the server checks the bytes, not the name.
const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** One real document uploaded through the API, as the form does (the server requires all three). */
async function uploadDocumentThroughApi(request: APIRequestContext): Promise<string> {
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  return api;
}

type AdminBooking = {
  id: string;
  reference: string;
  customerEmail: string;
  carName: string;
  pickupDate: string;
  returnDate: string;
  pickupTime: string;
  totalDays: number;
  dailyRate: string;
  subtotal: string;
  driverService: string;
  driverFee: string;
  distanceService: string;
  distanceFee: string;
  insurance: string;
  total: string;
};

async function findBooking(email: string): Promise<AdminBooking | undefined> {
  const api = await adminApi();
  const answer = await api.get("/api/admin/bookings");
  expect(answer.ok()).toBeTruthy();
  const bookings: AdminBooking[] = await answer.json();
  await api.dispose();
  return bookings.find((booking) => booking.customerEmail === email);
}

type Scenario = {
  viewport: { width: number; height: number };
  car: string;
  offset: number;
  days: number;
  time: string;
  driver: { label: string; service: string };
  distance: { label: string; service: string };
  person: { name: string; email: string; phone: string };
  expected: { total: string; totalAmount: string; dailyRate: string; driverFee: string; distanceFee: string };
};

const scenarios: Scenario[] = [
  {
    viewport: { width: 1280, height: 800 },
    car: "Honda City 1.5 V",
    offset: 10,
    days: 3,
    time: "10:00 AM",
    driver: { label: "With Driver - Within Pangasinan", service: "within_pangasinan" },
    distance: { label: "Outside Pangasinan", service: "outside_pangasinan_500" },
    person: { name: "Maria Santos", email: "maria.santos.e2e@example.com", phone: "09171234567" },
    // 3 × 2,500 + 3 × 1,500 + 3 × 500 + 500
    expected: {
      total: "₱14,000",
      totalAmount: "14000.00",
      dailyRate: "2500.00",
      driverFee: "4500.00",
      distanceFee: "1500.00",
    },
  },
  {
    viewport: { width: 390, height: 844 },
    car: "Toyota Rush G",
    offset: 20,
    days: 2,
    time: "1:00 PM",
    driver: { label: "With Driver - Outside Pangasinan", service: "outside_pangasinan" },
    distance: { label: "Over 250 km", service: "over_250km_800" },
    person: { name: "Jose Dela Cruz", email: "jose.delacruz.e2e@example.com", phone: "09987654321" },
    // 2 × 3,000 + 2 × 2,000 + 2 × 800 + 500
    expected: {
      total: "₱12,100",
      totalAmount: "12100.00",
      dailyRate: "3000.00",
      driverFee: "4000.00",
      distanceFee: "1600.00",
    },
  },
];

for (const scenario of scenarios) {
  test.describe(`a complete booking at ${scenario.viewport.width}×${scenario.viewport.height}`, () => {
    test.use({ viewport: scenario.viewport });

    test(`books the ${scenario.car} from the home page and prints the receipt`, async ({
      page,
    }, testInfo) => {
      const files = writeDocumentFiles(testInfo.outputPath("documents"));
      const pickup = addDays(today(), scenario.offset);
      const ret = addDays(pickup, scenario.days);

      await selectCarOnHome(page, scenario.car);
      await fillPersonalInformation(page, scenario.person);
      await pickDates(page, pickup, ret);
      await chooseTime(page, scenario.time);
      await page.getByRole("radio", { name: scenario.driver.label, exact: true }).check();
      await page.getByRole("radio", { name: scenario.distance.label, exact: true }).check();

      const summary = page.getByTestId("pricing-summary");
      await expect(summary.locator('[data-line="driver"]')).toBeVisible();
      await expect(summary.locator('[data-line="distance"]')).toContainText(scenario.distance.label);
      await expect(page.getByTestId("pricing-total")).toHaveText(scenario.expected.total);

      await uploadAllDocuments(page, files);
      await page
        .getByRole("checkbox", { name: /I agree to the Terms of Service and Privacy Policy/ })
        .check();
      await page.getByRole("button", { name: "Book Now" }).click();

      await expect(page.getByText("Booking Confirmed!")).toBeVisible();
      const confirmation = page.getByRole("dialog", { name: "Booking Confirmation" });
      await expect(confirmation).toBeVisible();
      await expect(confirmation.getByText("SAVE THIS IMPORTANT")).toBeVisible();
      await expect(confirmation.getByTestId("receipt-total")).toHaveText(scenario.expected.total);
      await expect(confirmation.getByText(scenario.person.email)).toBeVisible();
      await expect(confirmation.getByText(`${scenario.days} days`, { exact: true })).toBeVisible();
      await expect(confirmation.getByText(formatLongDate(pickup))).toBeVisible();
      await expect(confirmation.getByRole("button", { name: "Print Receipt" })).toBeVisible();
      // Every section fits the screen, a phone's too (a long e-mail wraps).
      const rights = await confirmation
        .locator("section")
        .evaluateAll((sections) => sections.map((section) => section.getBoundingClientRect().right));
      expect(rights.length).toBeGreaterThan(5);
      for (const right of rights) expect(right).toBeLessThanOrEqual(scenario.viewport.width);

      const stored = await findBooking(scenario.person.email);
      expect(stored).toMatchObject({
        carName: scenario.car,
        pickupDate: pickup,
        returnDate: ret,
        pickupTime: scenario.time,
        totalDays: scenario.days,
        dailyRate: scenario.expected.dailyRate,
        driverService: scenario.driver.service,
        driverFee: scenario.expected.driverFee,
        distanceService: scenario.distance.service,
        distanceFee: scenario.expected.distanceFee,
        insurance: "500.00",
        total: scenario.expected.totalAmount,
      });
      // The short reference (release-2 D1), with the booking's id under it.
      expect(stored?.reference).toMatch(/^ACR-[2-9A-HJKMNP-Z]{6}$/);
      await expect(confirmation.getByTestId("booking-reference")).toHaveText(stored?.reference ?? "");
      await expect(confirmation.getByText(`Booking ID ${stored?.id.toUpperCase() ?? ""}`)).toBeVisible();

      if (scenario.viewport.width === 1280) {
        // The printed receipt: one A4 page, the receipt alone.
        const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
        expect(pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(1);
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.emulateMedia({ media: "print" });
        mkdirSync("/tmp/shots", { recursive: true });
        await page.screenshot({ path: "/tmp/shots/receipt-print.png", fullPage: true });
        await page.emulateMedia({ media: "screen" });
        await page.setViewportSize(scenario.viewport);
      }

      const before = new URL(page.url());
      if (scenario.viewport.width < 600) {
        // On a phone the full-screen confirmation is a screen of its own: Back closes it, on the site.
        await page.goBack();
      } else {
        await confirmation.getByRole("button", { name: "Close" }).click();
      }
      await expect(confirmation).toBeHidden();
      expect(new URL(page.url()).pathname).toBe(before.pathname);
      // Closed either way, it leaves no history entry of its own behind.
      expect(await page.evaluate(() => (history.state as { backCloses?: string } | null)?.backCloses)).toBe(
        undefined,
      );
      // The form is reset: no car chosen, nothing kept, and the fields show it.
      await expect(page.getByText("Please select a car to continue with booking")).toBeVisible();
      const form = bookingForm(page);
      for (const label of ["Full Name", "Email", "Phone Number"]) {
        await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
      }
      // My booking lists the booking made on this device, ready to open offline too.
      await page.goto("/my-booking");
      await expect(
        page.getByRole("region", { name: "Bookings opened on this device" }).getByRole("link", {
          name: new RegExp(`^${stored?.reference ?? "none"}: ${scenario.car}`),
        }),
      ).toBeVisible();
    });
  });
}

test("a booked car's days show as booked to the next visitor and cannot be booked again", async ({
  page,
  request,
}) => {
  // The first scenario booked the Honda City from today+10 at 10:00 AM for 3 days.
  const pickup = addDays(today(), 10);
  await selectCarOnHome(page, "Honda City 1.5 V");
  await showMonthOf(page, pickup);
  for (const offset of [0, 1, 2]) {
    const day = dayButton(page, addDays(pickup, offset));
    await expect(day).toHaveAccessibleDescription(/booked/);
    await expect(day).toBeDisabled();
  }
  // The return day is a changeover day: a later pickup that day is still possible.
  await showMonthOf(page, addDays(pickup, 3));
  await expect(dayButton(page, addDays(pickup, 3))).toBeEnabled();

  const cars: { id: string; name: string }[] = await (await request.get("/api/cars")).json();
  const honda = cars.find((car) => car.name === "Honda City 1.5 V");
  expect(honda).toBeDefined();
  const second = await request.post("/api/bookings", {
    data: {
      customer: {
        fullName: "Second Visitor",
        email: "second.visitor.e2e@example.com",
        phone: "09170000000",
        license: "N01-23-456789",
      },
      booking: {
        carId: honda?.id,
        pickupDate: addDays(pickup, 1),
        returnDate: addDays(pickup, 2),
        pickupTime: "9:00 AM",
        driverService: "none",
        distanceService: "none",
        wantsDelivery: false,
        deliveryAddress: null,
        totalDays: 1,
        dailyRate: "2500.00",
        driverFee: "0.00",
        subtotal: "2500.00",
        insurance: "500.00",
        total: "3000.00",
      },
      documents: {
        photoId1Url: await uploadDocumentThroughApi(request),
        photoId2Url: await uploadDocumentThroughApi(request),
        proofOfBillingUrl: await uploadDocumentThroughApi(request),
      },
    },
  });
  expect(second.status()).toBe(409);
  expect((await second.json()).error.code).toBe("DATES_UNAVAILABLE");
});

test("dates taken while the form was open are refused and the calendar is refreshed", async ({
  page,
  browser,
}, testInfo) => {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  const pickup = addDays(today(), 30);
  const ret = addDays(pickup, 2);
  const car = "Nissan Almera 1.0 Turbo VE";

  await selectCarOnHome(page, car);
  await fillPersonalInformation(page, {
    name: "Ana Reyes",
    email: "ana.reyes.e2e@example.com",
    phone: "09171112222",
  });
  await pickDates(page, pickup, ret);
  await uploadAllDocuments(page, files);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();

  // Meanwhile another visitor books the same dates.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherPage = await other.newPage();
  await selectCarOnHome(otherPage, car);
  await fillPersonalInformation(otherPage, {
    name: "Ben Cruz",
    email: "ben.cruz.e2e@example.com",
    phone: "09173334444",
  });
  await pickDates(otherPage, pickup, ret);
  await uploadAllDocuments(otherPage, files);
  await otherPage.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await otherPage.getByRole("button", { name: "Book Now" }).click();
  await expect(otherPage.getByRole("dialog", { name: "Booking Confirmation" })).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("Booking Failed")).toBeVisible();
  await expect(page.getByText("These dates were just taken")).toBeVisible();
  await showMonthOf(page, pickup);
  await expect(dayButton(page, pickup)).toHaveAccessibleDescription(/booked/);
  // What was typed is kept.
  await expect(page.getByLabel("Full Name")).toHaveValue("Ana Reyes");
});

test("documents already used by a booking from another tab are asked for again, then the booking goes through", async ({
  page,
  context,
}, testInfo) => {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  const pickup = addDays(today(), 90);
  const car = "Mitsubishi Mirage G4 GLX";
  await selectCarOnHome(page, car);
  await fillPersonalInformation(page, {
    name: "Tess Dual",
    email: "tess.dual.e2e@example.com",
    phone: "09175556666",
  });
  await pickDates(page, pickup, addDays(pickup, 2));
  await uploadAllDocuments(page, files);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  // The draft (with the uploads' addresses) is saved half a second after the last change.
  await page.waitForTimeout(1000);

  // A second tab of the same browser opens the same draft, uploads included.
  const second = await context.newPage();
  await second.goto("/");
  await second.locator("#booking").scrollIntoViewIfNeeded();
  await expect(second.getByTestId("selected-car-name")).toHaveText(car);
  await expect(second.getByText("Uploaded: photo-id-1.png")).toBeVisible();

  // The first tab books with those uploads: they are that booking's now (release 2 A3).
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByRole("dialog", { name: "Booking Confirmation" })).toBeVisible();

  // The second tab books other dates with the same uploads: refused, and the files are asked for again.
  await pickDates(second, addDays(pickup, 5), addDays(pickup, 7));
  await second.getByRole("button", { name: "Book Now" }).click();
  await expect(second.getByText("Booking Failed")).toBeVisible();
  await expect(
    second.getByText(
      "One of these documents already belongs to another booking. Please upload your documents again for this booking.",
    ),
  ).toBeVisible();
  await expect(second.getByRole("button", { name: "Upload Photo ID #1" })).toBeVisible();
  await expect(second.getByText("Uploaded: photo-id-1.png")).toHaveCount(0);
  await expect(second.getByLabel("Full Name")).toHaveValue("Tess Dual");

  await uploadAllDocuments(second, files);
  await second.getByRole("button", { name: "Book Now" }).click();
  await expect(second.getByRole("dialog", { name: "Booking Confirmation" })).toBeVisible();
  const api = await adminApi();
  const bookings: AdminBooking[] = await (await api.get("/api/admin/bookings")).json();
  await api.dispose();
  expect(
    bookings
      .filter((booking) => booking.customerEmail === "tess.dual.e2e@example.com")
      .map((booking) => booking.pickupDate)
      .sort(),
  ).toEqual([pickup, addDays(pickup, 5)]);
});

test("submitting without the documents asks for them", async ({ page }) => {
  const pickup = addDays(today(), 40);
  await selectCarOnHome(page, "Suzuki Dzire GL AGS");
  await fillPersonalInformation(page, {
    name: "Carla Lim",
    email: "carla.lim.e2e@example.com",
    phone: "09175556666",
  });
  await pickDates(page, pickup, addDays(pickup, 1));
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("Documents Required")).toBeVisible();
  await expect(
    page.getByText("Please upload both Photo IDs and Proof of Billing before submitting your booking."),
  ).toBeVisible();
});

test("the form shows the spec's messages for missing fields", async ({ page }) => {
  await selectCarOnHome(page, "Suzuki Dzire GL AGS");
  await page.getByRole("button", { name: "Book Now" }).click();
  for (const message of [
    "Full name is required",
    "Valid email is required",
    "Valid phone number is required",
    "Pick-up date is required",
    "Return date is required",
    "Driver's license number is required",
    "You must accept the terms and conditions",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
});

test("a blocked name sees the warning and cannot book", async ({ page }) => {
  const api = await adminApi();
  const blocked = await api.post("/api/admin/blocked-names", {
    data: { fullName: "Pedro Blocked", reason: "e2e", blockedBy: "admin" },
  });
  expect(blocked.ok()).toBeTruthy();
  await api.dispose();

  await selectCarOnHome(page, "Mitsubishi Mirage G4 GLX");
  await page.getByLabel("Full Name").fill("  pedro   BLOCKED ");
  await expect(
    page.getByText("Your name is blocked. Do you think this is a mistake? Please contact us."),
  ).toBeVisible();
  const submit = page.getByRole("button", { name: "Booking Blocked - Contact Us" });
  await expect(submit).toBeVisible();
  await expect(submit).toBeDisabled();

  // Another name lifts the block.
  await page.getByLabel("Full Name").fill("Pedro Allowed");
  await expect(page.getByRole("button", { name: "Book Now" })).toBeEnabled();
  await expect(page.getByText("Your name is blocked.", { exact: false })).toBeHidden();
});

test("what was typed survives a reload", async ({ page }) => {
  const pickup = addDays(today(), 50);
  await selectCarOnHome(page, "Toyota Vios 1.3 XE");
  await fillPersonalInformation(page, {
    name: "Dina Tan",
    email: "dina.tan.e2e@example.com",
    phone: "09177778888",
  });
  await pickDates(page, pickup, addDays(pickup, 2));
  await page.getByRole("radio", { name: "With Driver - Within Pangasinan", exact: true }).check();
  // The draft is saved half a second after the last change.
  await page.waitForTimeout(1000);
  await page.reload();
  await page.locator("#booking").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("selected-car-name")).toHaveText("Toyota Vios 1.3 XE");
  await expect(page.getByLabel("Full Name")).toHaveValue("Dina Tan");
  await expect(bookingForm(page).getByLabel("Email", { exact: true })).toHaveValue(
    "dina.tan.e2e@example.com",
  );
  await expect(page.getByTestId("summary-pickup")).toHaveText(formatLongDate(pickup));
  await expect(
    page.getByRole("radio", { name: "With Driver - Within Pangasinan", exact: true }),
  ).toBeChecked();
});

/** A row of /booking's vehicle list. */
function vehicleRow(page: Page, carName: string) {
  return page
    .getByRole("list", { name: "Vehicles" })
    .getByRole("listitem")
    .filter({ has: page.getByText(carName, { exact: true }) });
}

test("/booking: the vehicle list selects the car for the form with 'Select This Car'", async ({ page }) => {
  await page.goto("/booking");
  await expect(page.getByText("Please select a car to continue with booking")).toBeVisible();
  const innova = vehicleRow(page, "Toyota Innova 2.8 E");
  await innova.getByRole("button", { name: "Select This Car" }).click();
  await expect(page.getByTestId("selected-car-name")).toHaveText("Toyota Innova 2.8 E");
  await expect(innova.getByRole("button", { name: "Select This Car" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(vehicleRow(page, "Toyota Hiace GL Grandia").getByRole("button")).toHaveText(
    "Currently Unavailable",
  );
  await expect(vehicleRow(page, "Toyota Hiace GL Grandia").getByRole("button")).toBeDisabled();
  // One 'Select This Car' per available car: the fleet grid is not on this page.
  const rows = page.getByRole("list", { name: "Vehicles" }).getByRole("listitem");
  const available = rows.filter({ has: page.getByRole("button", { name: "Select This Car" }) });
  await expect(page.getByRole("button", { name: "Select This Car" })).toHaveCount(await available.count());
  // A click anywhere on a row chooses it too.
  await vehicleRow(page, "Toyota Vios 1.3 XE").getByText("Toyota Vios 1.3 XE", { exact: true }).click();
  await expect(page.getByTestId("selected-car-name")).toHaveText("Toyota Vios 1.3 XE");
});

test("the calendar is a date grid of the month: weekday headers and 42 day cells", async ({ page }) => {
  await selectCarOnHome(page, "Toyota Vios 1.3 XE");
  const now = today();
  const month = formatMonthYear(Number(now.slice(0, 4)), Number(now.slice(5, 7)));
  const grid = page.getByRole("grid", { name: month });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("columnheader")).toHaveText(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  await expect(grid.getByRole("row")).toHaveCount(7);
  await expect(grid.getByRole("gridcell")).toHaveCount(42);
  await expect(grid.getByRole("gridcell").getByRole("button")).toHaveCount(42);
  // A day is named by its number, as printed, and described by its full date and state.
  const todayButton = grid.getByRole("button", { name: String(Number(now.slice(8, 10))), exact: true });
  await expect(todayButton).toHaveAccessibleDescription(
    new RegExp(`^${escapeRegExp(formatLongDate(now))}, today`),
  );
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend.getByRole("listitem")).toHaveText(["Booked", "Selected", "Past dates"]);
});

test("the delivery checkbox shows the address field only while ticked", async ({ page }) => {
  await selectCarOnHome(page, "Toyota Vios 1.3 XE");
  const delivery = page.getByRole("checkbox", { name: "Request delivery to my address" });
  await expect(delivery).not.toBeChecked();
  await expect(page.getByLabel("Delivery Address")).toHaveCount(0);
  await delivery.check();
  await expect(page.getByLabel("Delivery Address")).toBeVisible();
  await delivery.uncheck();
  await expect(page.getByLabel("Delivery Address")).toHaveCount(0);
});

test("a price changed since the page loaded is shown, and the next submit books at it", async ({
  page,
}, testInfo) => {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  const pickup = addDays(today(), 60);
  const ret = addDays(pickup, 2);
  const carName = "Mitsubishi Xpander GLS";

  await selectCarOnHome(page, carName);
  await fillPersonalInformation(page, {
    name: "Elena Go",
    email: "elena.go.e2e@example.com",
    phone: "09179990000",
  });
  await pickDates(page, pickup, ret);
  await uploadAllDocuments(page, files);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  // 2 × 3,000 + 500
  await expect(page.getByTestId("pricing-total")).toHaveText("₱6,500");

  // The shop raises the rate while the visitor is still on the page.
  const api = await adminApi();
  const cars: Record<string, unknown>[] = await (await api.get("/api/admin/cars")).json();
  const car = cars.find((candidate) => candidate.name === carName);
  expect(car).toBeDefined();
  const fields = [
    "name",
    "category",
    "seats",
    "transmission",
    "fuel",
    "image",
    "description",
    "mileage",
    "year",
    "plateNumber",
    "available",
  ];
  const body = Object.fromEntries(fields.map((field) => [field, car?.[field]]));
  const update = await api.put(`/api/admin/cars/${String(car?.id)}`, {
    data: { ...body, dailyRate: "3200.00" },
  });
  expect(update.ok()).toBeTruthy();
  await api.dispose();

  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("The price has changed")).toBeVisible();
  // 2 × 3,200 + 500
  await expect(page.getByText("New total: ₱6,900")).toBeVisible();
  await expect(page.getByTestId("pricing-total")).toHaveText("₱6,900");

  await page.getByRole("button", { name: "Book Now" }).click();
  const confirmation = page.getByRole("dialog", { name: "Booking Confirmation" });
  await expect(confirmation.getByTestId("receipt-total")).toHaveText("₱6,900");
  expect(await findBooking("elena.go.e2e@example.com")).toMatchObject({
    dailyRate: "3200.00",
    total: "6900.00",
  });
});

test("offline, the form says a connection is needed and keeps what was typed", async ({ page, context }) => {
  const pickup = addDays(today(), 70);
  await selectCarOnHome(page, "Nissan Navara VL 4x2");
  await fillPersonalInformation(page, {
    name: "Fe Ramos",
    email: "fe.ramos.e2e@example.com",
    phone: "09171231234",
  });
  await pickDates(page, pickup, addDays(pickup, 1));
  await context.setOffline(true);
  await expect(page.getByText("No connection")).toBeVisible();
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("Booking Failed")).toBeVisible();
  await expect(page.getByText(/Booking needs an internet connection/).first()).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Fe Ramos");
  await context.setOffline(false);
  await expect(page.getByText("No connection")).toBeHidden();
});

/** The Navara's form filled for a two-day rental `daysAhead` from today, documents uploaded, terms accepted. */
async function readyToBookNavara(
  page: Page,
  testInfo: TestInfo,
  person: { name: string; email: string; phone: string },
  daysAhead: number,
): Promise<void> {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  const pickup = addDays(today(), daysAhead);
  await selectCarOnHome(page, "Nissan Navara VL 4x2");
  await fillPersonalInformation(page, person);
  await pickDates(page, pickup, addDays(pickup, 2));
  await uploadAllDocuments(page, files);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
}

/**
 * The first `POST /api/bookings` is handled by `astray` (a lost answer, a hang);
 * the next ones reach the server. Answers how many were sent so far.
 */
async function firstBookingGoesAstray(
  page: Page,
  astray: (route: Route) => Promise<void>,
): Promise<() => number> {
  let attempts = 0;
  await page.route("**/api/bookings", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    attempts += 1;
    if (attempts > 1) return route.continue();
    return astray(route);
  });
  return () => attempts;
}

/**
 * Book Now, and the server books, but the connection drops before its answer
 * arrives: the form says so. Answers how many requests were sent so far.
 */
async function bookWithAnswerLost(page: Page, email: string): Promise<() => number> {
  const attempts = await firstBookingGoesAstray(page, async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("No answer from the server")).toBeVisible();
  expect(await findBooking(email)).toBeDefined();
  return attempts;
}

/** The confirmation shows after the second request, and the server holds one booking for `email`. */
async function expectBookedOnce(page: Page, email: string, attempts: () => number): Promise<void> {
  await expect(page.getByRole("dialog", { name: "Booking Confirmation" })).toBeVisible();
  expect(attempts()).toBe(2);
  const api = await adminApi();
  const bookings: AdminBooking[] = await (await api.get("/api/admin/bookings")).json();
  await api.dispose();
  expect(bookings.filter((booking) => booking.customerEmail === email)).toHaveLength(1);
}

test("an answer lost on the way: Book Now again shows the booking the server made, and books once", async ({
  page,
}, testInfo) => {
  const email = "lost.answer.e2e@example.com";
  await readyToBookNavara(page, testInfo, { name: "Ramon Lost", email, phone: "09171239876" }, 80);

  const attempts = await bookWithAnswerLost(page, email);
  await expect(page.getByText("No connection")).toBeHidden();

  await page.getByRole("button", { name: "Book Now" }).click();
  await expectBookedOnce(page, email, attempts);
});

test("an answer lost, then the page reloaded: the form says so, and Book Now shows the booking the server made", async ({
  page,
}, testInfo) => {
  const email = "lost.reload.e2e@example.com";
  await readyToBookNavara(page, testInfo, { name: "Nilo Reload", email, phone: "09171239878" }, 86);
  const attempts = await bookWithAnswerLost(page, email);

  // After the reload the calendar shows the dates as taken (by this very booking), and the draft is back.
  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Nilo Reload");
  await expect(page.getByText("No answer from the server")).toBeVisible();
  // What was sent was saved as it went: the same request goes again, under the same key.
  await page.getByRole("button", { name: "Book Now" }).click();
  await expectBookedOnce(page, email, attempts);
  // Settled: a reload no longer speaks of a lost answer.
  await page.reload();
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await expect(page.getByText("No answer from the server")).toBeHidden();
});

test("a booking that gets no answer within 30 seconds says so, and Book Now again books once", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = "hanging.answer.e2e@example.com";
  await readyToBookNavara(page, testInfo, { name: "Rosa Hanging", email, phone: "09171239877" }, 83);

  // A connection that hangs: the first request never gets anywhere, nor any answer.
  const attempts = await firstBookingGoesAstray(page, async () => {
    await new Promise<void>((resolve) => page.once("close", () => resolve()));
  });
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("No answer from the server")).toBeVisible({ timeout: 45_000 });
  expect(await findBooking(email)).toBeUndefined();

  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByRole("dialog", { name: "Booking Confirmation" })).toBeVisible();
  expect(attempts()).toBe(2);
  expect(await findBooking(email)).toBeDefined();
});

test.describe("a first visit that loses its connection before the app is stored offline", () => {
  // No service worker yet: every file the page has not loaded so far must come from the network.
  test.use({ serviceWorkers: "block" });

  test("the page and the form stay, the header says offline, and the rest loads when back", async ({
    page,
    context,
  }) => {
    const pickup = addDays(today(), 74);
    await selectCarOnHome(page, "Nissan Navara VL 4x2");
    await fillPersonalInformation(page, {
      name: "Lito Cruz",
      email: "lito.cruz.e2e@example.com",
      phone: "09171231299",
    });
    await pickDates(page, pickup, addDays(pickup, 1));
    await context.setOffline(true);
    // The header's sync indicator has not loaded its code yet: it says offline without it.
    await expect(page.getByRole("button", { name: "Offline, all changes saved" })).toBeVisible();
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page.getByText("Booking Failed")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Lito Cruz");

    await context.setOffline(false);
    await expect(page.getByText("No connection")).toBeHidden();
    await expect(page.getByRole("button", { name: "Online, all changes saved" })).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Lito Cruz");
    await expect(page.getByRole("form", { name: "Contact form" })).toBeAttached();
  });
});

test.describe("without a service worker", () => {
  // Offline mode may not reach a service worker's own fetches: one that took control of the page (it may,
  // on a slow run) could still load the booked days, and the note would rightly stay away.
  test.use({ serviceWorkers: "block" });

  test("offline, a car whose booked days never reached this device says its calendar is not checked", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await page.locator("#cars").scrollIntoViewIfNeeded();
    // Online, another car is chosen first: the form and its calendar are loaded (without a service
    // worker nothing more could load offline), and only that car's booked days reach this device.
    await page
      .getByRole("article", { name: "Honda City 1.5 V", exact: true })
      .getByRole("button", { name: "Select This Car" })
      .click();
    await expect(bookingForm(page).getByRole("group", { name: "Rental Dates" })).toBeVisible();
    const card = page.getByRole("article", { name: "Toyota Raize 1.0 Turbo", exact: true });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    await context.setOffline(true);
    await card.getByRole("button", { name: "Select This Car" }).click();
    await expect(
      page.getByText(/this car's booked days have not been loaded on this device yet/),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(
      page.getByText(/this car's booked days have not been loaded on this device yet/),
    ).toBeHidden();
  });

  test("online, a car whose booked days could not be loaded says so, and they load again shortly", async ({
    page,
  }) => {
    // A poor connection: the first request for the car's booked days is cut off.
    let tries = 0;
    await page.route("**/api/cars/*/booked-dates", async (route) => {
      tries += 1;
      return tries === 1 ? route.abort("connectionreset") : route.fallback();
    });
    await selectCarOnHome(page, "Honda City 1.5 V");
    const note = page.getByText(/this car's booked days could not be loaded \(the connection is poor\)/i);
    await expect(note).toBeVisible();
    await expect(note).toBeHidden({ timeout: 15_000 });
    expect(tries).toBeGreaterThanOrEqual(2);
  });
});

test("a document upload that stalls can be cancelled, ends when the connection drops, and goes through later", async ({
  page,
  context,
}, testInfo) => {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  await selectCarOnHome(page, "Nissan Navara VL 4x2");
  // A stalled connection: the file's bytes never get an answer.
  let stalled = true;
  await page.route("**/uploads/**", async (route) => {
    if (!stalled) return route.fallback();
    await new Promise<void>((resolve) => page.once("close", () => resolve()));
  });
  const upload = page.getByRole("button", { name: "Upload Photo ID #1" });
  const dialog = page.getByRole("dialog", { name: "Upload Photo ID #1" });
  await upload.click();
  await dialog.locator('input[type="file"]').setInputFiles(files.photo1);
  await expect(dialog.getByText("Uploading Photo ID #1…")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel upload" }).click();
  await expect(dialog).toBeHidden();
  await expect(upload).toBeEnabled();
  await expect(page.getByText("Upload Failed")).toHaveCount(0);

  // Stalled again, then the connection drops while the file is on its way: the upload fails at
  // once, not minutes later.
  await upload.click();
  const sending = page.waitForRequest(
    (request) => request.method() === "PUT" && request.url().includes("/uploads/"),
  );
  await dialog.locator('input[type="file"]').setInputFiles(files.photo1);
  await sending;
  await expect(dialog.getByText("Uploading Photo ID #1…")).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("Upload Failed")).toBeVisible({ timeout: 5_000 });
  // The dialog itself says why, after the toast has gone: no connection.
  await expect(dialog.getByRole("alert")).toHaveText(
    "You are offline. Connect to the internet to upload this document.",
  );
  await context.setOffline(false);

  // A file that is not a document is refused, said in the dialog too.
  const notADocument = testInfo.outputPath("documents/notes.txt");
  writeFileSync(notADocument, "not a photo");
  await dialog.locator('input[type="file"]').setInputFiles(notADocument);
  await expect(dialog.getByRole("alert")).toHaveText("Please choose a JPG, PNG or PDF file of at most 5 MB.");
  // Closed and opened again, it starts afresh.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await upload.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  stalled = false;
  await expect(dialog.getByRole("button", { name: "Cancel upload" })).toHaveCount(0);
  await dialog.locator('input[type="file"]').setInputFiles(files.photo1);
  await expect(page.getByText("Photo ID #1 Uploaded")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Uploaded: photo-id-1.png")).toBeVisible();
});

test("/booking: Close on the confirmation reloads the page, and Back closes it on a phone", async ({
  page,
}, testInfo) => {
  const files = writeDocumentFiles(testInfo.outputPath("documents"));
  const book = async (person: { name: string; email: string; phone: string }, daysAhead: number) => {
    await page.goto("/booking");
    await vehicleRow(page, "Nissan Navara VL 4x2").getByRole("button", { name: "Select This Car" }).click();
    await fillPersonalInformation(page, person);
    const pickup = addDays(today(), daysAhead);
    await pickDates(page, pickup, addDays(pickup, 1));
    await uploadAllDocuments(page, files);
    await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole("button", { name: "Book Now" }).click();
    const confirmation = page.getByRole("dialog", { name: "Booking Confirmation" });
    await expect(confirmation).toBeVisible();
    return confirmation;
  };
  await page.goto("/pcc");
  const first = await book(
    { name: "Lito Close", email: "lito.close.e2e@example.com", phone: "09171230001" },
    90,
  );
  const reloaded = page.waitForEvent("load");
  await first.getByRole("button", { name: "Close" }).click();
  await reloaded;
  await expect(page.getByText("Please select a car to continue with booking")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/booking");

  await page.setViewportSize({ width: 390, height: 844 });
  const second = await book(
    { name: "Nena Back", email: "nena.back.e2e@example.com", phone: "09171230002" },
    95,
  );
  await page.goBack();
  await expect(second).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/booking");
  // The next Back leaves /booking for the page before it (opening /booking again replaced
  // its entry), not for a confirmation entry.
  await page.goBack();
  await expect(page).toHaveURL(/\/pcc$/);
});

test("booking without a car asks for one first", async ({ page }) => {
  await page.goto("/booking");
  await expect(page.getByText("Please select a car to continue with booking")).toBeVisible();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByText("No Car Selected")).toBeVisible();
  await expect(page.getByText("Please select a car first.")).toBeVisible();
});
