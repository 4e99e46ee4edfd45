import { expect, test, type APIRequestContext } from "@playwright/test";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { E2E_ADMIN_PASSWORD, E2E_PORT } from "../src/env";
import { startOwnServer, type OwnServer } from "../src/own-server";

/**
 * Release 2 A4: a pending booking the admin has not confirmed within
 * PENDING_HOLD_HOURS becomes `expired`, and the admin sees it as such. This
 * spec runs its own server (the run's PWA build, a fresh embedded database)
 * with a hold of about two seconds, so the real background job expires it.
 */

const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let server: OwnServer | undefined;

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer("expiry", PORT, { PENDING_HOLD_HOURS: "0.0005" });
});

test.afterAll(async () => {
  await server?.stop();
});

async function uploadDocument(request: APIRequestContext): Promise<string> {
  const ticket = await request.post("/api/objects/upload", {
    headers: { Origin: BASE },
    data: { purpose: "document", contentType: "image/png", size: PNG.length },
  });
  expect(ticket.status()).toBe(200);
  const { uploadURL, objectPath }: { uploadURL: string; objectPath: string } = await ticket.json();
  const put = await request.put(uploadURL, { headers: { "Content-Type": "image/png" }, data: PNG });
  expect(put.status()).toBeLessThan(300);
  return objectPath;
}

test("a pending booking not confirmed within the hold shows as expired in the admin", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const cars: { id: string; dailyRate: string; available: boolean }[] = await (
    await request.get("/api/cars")
  ).json();
  const car = cars.find((candidate) => candidate.available);
  if (!car) throw new Error("no car");
  const pickupDate = addDays(manilaToday(new Date()), 20);
  const returnDate = addDays(pickupDate, 2);
  const q = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
    rates: DEFAULT_RATES,
  });
  const booked = await request.post("/api/bookings", {
    data: {
      customer: {
        fullName: "Lapsed Visitor",
        email: "lapsed.visitor.e2e@example.com",
        phone: "09175550199",
        license: "N01-23-456789",
      },
      booking: {
        carId: car.id,
        pickupDate,
        returnDate,
        pickupTime: "9:00 AM",
        driverService: "none",
        distanceService: "none",
        wantsDelivery: false,
        deliveryAddress: null,
        totalDays: q.days,
        dailyRate: q.dailyRate,
        driverFee: q.driverFee,
        subtotal: q.subtotal,
        insurance: q.insurance,
        total: q.total,
      },
      documents: {
        photoId1Url: await uploadDocument(request),
        photoId2Url: await uploadDocument(request),
        proofOfBillingUrl: await uploadDocument(request),
      },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  // The job runs with the mail round (every 5 s); the hold is under 2 s.
  await expect
    .poll(
      async () => {
        const signIn = await request.post("/api/admin/session", { data: { password: E2E_ADMIN_PASSWORD } });
        expect(signIn.status()).toBe(200);
        const list: { customerName: string; status: string }[] = await (
          await request.get("/api/admin/bookings")
        ).json();
        return list.find((b) => b.customerName === "Lapsed Visitor")?.status;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe("expired");

  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await page.getByRole("tab", { name: "Bookings" }).click();
  const card = page.getByRole("article").filter({ hasText: "Lapsed Visitor" });
  // The status badge (the status list below offers "expired" too).
  await expect(card.locator("span").filter({ hasText: /^expired$/ })).toBeVisible();
  await expect(card.getByRole("combobox", { name: "Status" })).toHaveValue("expired");
  // The booking's documents are on its card.
  await expect(card.getByRole("link", { name: "Photo ID #1" })).toBeVisible();
  // The status filter offers it.
  await page.getByLabel("Show").selectOption("expired");
  await expect(card).toBeVisible();
});
