/**
 * Issue #20's budget for the Timeline (release 2 §C2): 25 cars × 14 days
 * with 200 bookings render in under 100 ms of scripting. The admin's mirror
 * in the browser is filled with that fleet (the bench writes the rows into
 * IndexedDB: the Timeline reads nothing else), then the Timeline tab is
 * opened from another tab and Chromium's own `ScriptDuration` metric is read
 * before and after, until every row is drawn. Median of five openings.
 */
import { expect, type Browser } from "@playwright/test";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { adminCookie } from "./lib/admin";

export type TimelineResult = {
  cars: number;
  bookings: number;
  days: number;
  scriptingMs: number;
  runs: number[];
};

const CARS = 25;
const BOOKINGS = 200;
const DAYS = 14;
const RUNS = 5;

/** The mirror rows: 25 cars, each with 8 bookings of 1–2 days spread over the two weeks. */
function mirrorRows(today: string) {
  const now = new Date().toISOString();
  const statuses = ["pending", "confirmed", "completed"] as const;
  const cars = Array.from({ length: CARS }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(900_000 + index).padStart(12, "0")}`,
    name: `Bench Car ${String(index + 1).padStart(2, "0")}`,
    category: "Sedan",
    dailyRate: "2500.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    image: "",
    description: "",
    mileage: "Unlimited",
    year: 2024,
    plateNumber: `BEN ${1000 + index}`,
    available: true,
    createdAt: now,
    version: 1,
    updatedAt: now,
    deletedAt: null,
  }));
  const bookings = Array.from({ length: BOOKINGS }, (_, index) => {
    const car = cars[index % CARS];
    const slot = Math.floor(index / CARS);
    const pickupDate = addDays(today, slot * 2 - 1);
    return {
      id: `00000000-0000-4000-9000-${String(index).padStart(12, "0")}`,
      createdAt: now,
      customerId: `00000000-0000-4000-a000-${String(index).padStart(12, "0")}`,
      customerName: `Bench Customer ${index}`,
      customerEmail: `bench${index}@example.ph`,
      carId: car?.id ?? "",
      carName: car?.name ?? "",
      carCategory: "Sedan",
      pickupDate,
      returnDate: addDays(pickupDate, 1),
      pickupTime: "9:00 AM",
      totalDays: 1,
      dailyRate: "2500.00",
      subtotal: "2500.00",
      withDriver: false,
      driverFee: "0.00",
      driverService: "none",
      distanceService: "none",
      distanceFee: "0.00",
      insurance: "0.00",
      total: "2500.00",
      amountPaid: "0.00",
      status: statuses[index % statuses.length],
      wantsDelivery: false,
      deliveryAddress: null,
      version: 1,
      updatedAt: now,
      reference: `ACR-B${String(index).padStart(5, "0")}`,
    };
  });
  return { cars, bookings };
}

export async function timelineRender(browser: Browser, url: string): Promise<TimelineResult> {
  const cookie = await adminCookie(url);
  const [name, ...value] = cookie.split("=");
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
  try {
    await context.addCookies([{ name: name ?? "admin_session", value: value.join("="), url }]);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("adminAuthenticated", "true"));
    await page.goto(`${url}/admin/overview`, { waitUntil: "networkidle" });
    const rows = mirrorRows(manilaToday(new Date()));
    // Written past the app's own database layer (a fixture, not a change): the app then reads it as its mirror.
    await page.evaluate(async (data) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("car-rental");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(["adminCars", "bookings"], "readwrite");
      for (const car of data.cars) tx.objectStore("adminCars").put(car);
      for (const booking of data.bookings) tx.objectStore("bookings").put(booking);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, rows);
    await page.reload({ waitUntil: "networkidle" });

    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const scripting = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return (metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0) * 1000;
    };
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.getByRole("tab", { name: "Overview", exact: true }).click();
      await expect(page.getByText("Total Bookings")).toBeVisible();
      await page.waitForTimeout(300);
      const before = await scripting();
      await page.getByRole("tab", { name: "Timeline", exact: true }).click();
      await expect(page.getByRole("row", { name: "Bench Car 25", exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: /Bench Customer 199/ })).toBeVisible();
      runs.push(Math.round((await scripting()) - before));
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return {
      cars: CARS,
      bookings: BOOKINGS,
      days: DAYS,
      scriptingMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      runs,
    };
  } finally {
    await context.close();
  }
}
