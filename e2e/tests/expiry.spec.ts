import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { quote } from "@car-rental/shared/pricing";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { childProcessEnv, E2E_ADMIN_PASSWORD, E2E_PORT } from "../src/env";

/**
 * Release 2 A4: a pending booking the admin has not confirmed within
 * PENDING_HOLD_HOURS becomes `expired`, and the admin sees it as such. This
 * spec runs its own server (the run's PWA build, a fresh embedded database)
 * with a hold of about two seconds, so the real background job expires it.
 */

const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, "../..");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

let server: ChildProcess | undefined;
let dataDir = "";

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  // A second server starting on a shared, busy machine: give it time.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "car-rental-e2e-expiry-"));
  server = spawn(process.execPath, ["--import", "tsx", "sync-server/src/main.ts"], {
    cwd: root,
    env: childProcessEnv({
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      PENDING_HOLD_HOURS: "0.0005",
    }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the expiry server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server?.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
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
  const q = quote({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
  });
  const booked = await request.post("/api/bookings", {
    data: {
      customer: { fullName: "Lapsed Visitor", email: "lapsed.visitor.e2e@example.com", phone: "09175550199" },
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
