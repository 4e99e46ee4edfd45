import { expect, request as playwrightRequest, test, type Page, type Request } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import {
  acceptTermsAndBook,
  chooseTime,
  fillPersonalInformation,
  pickDates,
  selectCarOnHome,
  uploadAllDocuments,
  writeDocumentFiles,
} from "../src/booking-form";
import { addDays, formatLongDate, today } from "../src/dates";

/**
 * The shop's customers and its owner are often on a weak mobile signal. Here
 * Chromium's own network throttling gives every request of the page a 3G
 * link (Chrome DevTools' "3G" preset: 300 ms of latency, 780 kbit/s down,
 * 330 kbit/s up), from the first visit on: a visitor books a car from the
 * home page with three documents and gets the confirmation, and the owner
 * signs in and finds the booking in the admin area.
 */

const CAR = "Suzuki Ertiga Hybrid GLX";
const PERSON = { name: "Liza Bautista", email: "liza.slow3g@example.ph", phone: "09171230033" };
const PICKUP = addDays(today(), 120);
const RETURN = addDays(PICKUP, 2);

/** Chrome DevTools' "3G" preset, on the page's own requests. */
async function throttleTo3g(page: Page): Promise<void> {
  await throttle(page, { latency: 300, downloadKbit: 780, uploadKbit: 330 });
}

async function throttle(page: Page, link: { latency: number; downloadKbit: number; uploadKbit: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.latency,
    downloadThroughput: (link.downloadKbit * 1000) / 8,
    uploadThroughput: (link.uploadKbit * 1000) / 8,
    connectionType: "cellular3g",
  });
}

/**
 * When each script and style sheet of the page was first requested and when it first arrived (ms):
 * as a script or style sheet, or prefetched (a page's later files, public/start-app.js; the import
 * then takes the file from the cache).
 */
function recordFiles(page: Page) {
  const files = new Map<string, { requested: number; arrived: number | null }>();
  const name = (url: string) =>
    new URL(url).pathname.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.(js|css)$/, ".$1");
  const isFile = (request: Request) =>
    ["script", "stylesheet"].includes(request.resourceType()) ||
    (request.resourceType() === "other" && /\/assets\/.+\.(js|css)$/.test(new URL(request.url()).pathname));
  page.on("request", (request) => {
    if (!isFile(request) || files.has(name(request.url()))) return;
    files.set(name(request.url()), { requested: Date.now(), arrived: null });
  });
  page.on("requestfinished", (request) => {
    const file = files.get(name(request.url()));
    if (file && file.arrived === null && isFile(request)) file.arrived = Date.now();
  });
  return files;
}

test.describe("on a link with 2 s of latency", () => {
  test.setTimeout(180_000);
  test.use({ serviceWorkers: "block" });

  test("the booking page asks for its libraries and sections together, not one round trip after another", async ({
    page,
  }) => {
    await throttle(page, { latency: 2000, downloadKbit: 400, uploadKbit: 400 });
    const files = recordFiles(page);
    await page.goto("/booking");
    const list = page.getByRole("list", { name: "Vehicles" });
    await expect(list.getByRole("button", { name: "Select This Car" }).first()).toBeVisible({
      timeout: 90_000,
    });
    // The data libraries (imported one by one), the vehicle list's chunk and the chunks it imports.
    const later = [
      "zod.js",
      "schemas.js",
      "dexie.js",
      "forms.js",
      "database.js",
      "booking-page-slots.js",
      "sections.js",
    ];
    const times = later.map((file) => ({ file, ...files.get(file) }));
    for (const time of times) expect(time.requested, `${time.file} was requested`).toBeDefined();
    const lastRequested = Math.max(...times.map((time) => time.requested ?? 0));
    const firstArrived = Math.min(...times.map((time) => time.arrived ?? Infinity));
    // Each request takes at least 2 s: all went out before the first answer came back.
    expect(lastRequested).toBeLessThan(firstArrived);
  });

  test("choosing a document requests the upload dialog's files together, and its button shows the wait", async ({
    page,
  }) => {
    await throttle(page, { latency: 2000, downloadKbit: 400, uploadKbit: 400 });
    const files = recordFiles(page);
    await selectCarOnHome(page, "Toyota Innova 2.8 E");
    const upload = page.getByRole("button", { name: "Upload Photo ID #1" });
    const clicked = Date.now();
    await upload.click();
    // A button that is loading is disabled (Mantine): the click was taken, the dialog is on its way.
    await expect(upload).toBeDisabled();
    const dialog = page.getByRole("dialog", { name: "Upload Photo ID #1" });
    await expect(dialog.getByText("Upload an image to continue")).toBeVisible({ timeout: 60_000 });
    // The dialog's chunk and those of its files not loaded before went out before the first came back.
    const dialogFiles = ["upload-dialog.js", "Modal.js", "NativeScrollArea.js", "Overlay.css", "Modal.css"];
    const afterClick = [...files].filter(
      ([file, time]) => dialogFiles.includes(file) && time.requested >= clicked,
    );
    expect(afterClick.map(([file]) => file)).toContain("upload-dialog.js");
    expect(Math.max(...afterClick.map(([, time]) => time.requested))).toBeLessThan(
      Math.min(...afterClick.map(([, time]) => time.arrived ?? Infinity)),
    );
  });
});

test.describe("on a 3G connection", () => {
  test.describe.configure({ mode: "serial" });
  // A first visit loads the app over the slow link: each step may take seconds.
  test.setTimeout(180_000);
  test.use({ serviceWorkers: "block" });

  test("a visitor books a car with three documents and gets the confirmation", async ({ page }, testInfo) => {
    const files = writeDocumentFiles(testInfo.outputPath("documents"));
    await throttleTo3g(page);

    await selectCarOnHome(page, CAR);
    await fillPersonalInformation(page, PERSON);
    await pickDates(page, PICKUP, RETURN);
    await chooseTime(page, "10:00 AM");
    await uploadAllDocuments(page, files);
    const confirmation = await acceptTermsAndBook(page);

    await expect(confirmation.getByText(PERSON.email)).toBeVisible();
    await expect(confirmation.getByText(formatLongDate(PICKUP))).toBeVisible();
    await expect(confirmation.getByText("2 days", { exact: true })).toBeVisible();

    // The server has exactly one booking for it, at the server's price.
    const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
    expect((await api.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(
      true,
    );
    const bookings: { customerEmail: string; carName: string; pickupDate: string; reference: string }[] =
      await (await api.get("/api/admin/bookings")).json();
    await api.dispose();
    const made = bookings.filter((booking) => booking.customerEmail === PERSON.email);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ carName: CAR, pickupDate: PICKUP });
    await expect(confirmation.getByTestId("booking-reference")).toHaveText(made[0]?.reference ?? "");
  });

  test("the owner signs in and finds the booking in the admin area", async ({ page }) => {
    await throttleTo3g(page);
    await page.goto("/admin");
    await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(page.getByText("Access Granted")).toBeVisible({ timeout: 30_000 });

    await page.getByRole("tab", { name: "Bookings" }).click();
    await page.getByLabel("Search bookings").fill(PERSON.email);
    const card = page.getByRole("article").filter({ hasText: PERSON.name });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(CAR);
  });
});
