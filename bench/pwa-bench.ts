import { execFileSync, execSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { BENCH_ADMIN_PASSWORD, adminCookie } from "./lib/admin";
import { bookingBody, type BenchCar } from "./lib/bookings";
import { createBenchDatabase } from "./lib/databases";
import { childEnv } from "./lib/env";
import { repoRoot, startProcess } from "./lib/server";

export type LighthouseScores = { performance: number; accessibility: number; bestPractices: number };
export type PwaPage = {
  path: string;
  /** What the page loads until its load event (the first view). */
  jsGzipBytes: number | null;
  cssGzipBytes: number | null;
  /** Everything loaded until the network is idle. */
  settledJsGzipBytes: number | null;
  lighthouse: LighthouseScores | null;
};
export type DrainResult = { entries: number; ms: number; paymentsQueued: number; paymentsOnServer: number };

export type PwaResult = {
  pages: PwaPage[];
  offlineRepeatVisitMs: number;
  outboxDrain: DrainResult;
};

const CHROMIUM = "/usr/bin/chromium";
const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

type Weight = { js: number; css: number };

/**
 * Gzipped bytes of the JS and CSS a page loads (no service worker, empty
 * cache): `firstView` is what the page requested until its load event, what
 * its first paint needs; `settled` adds what it fetched afterwards (content
 * below the fold, prefetched once the page is idle) until the network is idle.
 */
async function pageWeight(browser: Browser, url: string): Promise<{ firstView: Weight; settled: Weight }> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const firstView: Weight = { js: 0, css: 0 };
  const settled: Weight = { js: 0, css: 0 };
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    const beforeLoad = !loaded;
    pending.push(
      response.body().then((body) => {
        const size = gzipSync(body, { level: 9 }).length;
        const key = type === "script" ? "js" : "css";
        settled[key] += size;
        if (beforeLoad) firstView[key] += size;
      }),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await context.close();
  return { firstView, settled };
}

function lighthouse(url: string): LighthouseScores {
  const output = execFileSync(
    "npx",
    [
      "lighthouse",
      url,
      "--output=json",
      "--quiet",
      "--only-categories=performance,accessibility,best-practices",
      `--chrome-flags=--headless=new ${CHROME_ARGS.join(" ")}`,
    ],
    { cwd: repoRoot, env: childEnv({ CHROME_PATH: CHROMIUM }), maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const report: unknown = JSON.parse(output);
  const score = (key: string): number => {
    if (typeof report !== "object" || report === null || !("categories" in report)) return 0;
    const categories: unknown = report.categories;
    if (typeof categories !== "object" || categories === null || !(key in categories)) return 0;
    const category: unknown = Reflect.get(categories, key);
    if (typeof category !== "object" || category === null || !("score" in category)) return 0;
    return Math.round(Number(category.score) * 100);
  };
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
  };
}

/** Load time of a repeat visit of / with the network cut: everything comes from the service worker. */
async function offlineRepeatVisit(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: "networkidle" });
  await context.setOffline(true);
  const started = performance.now();
  await page.reload({ waitUntil: "load" });
  const ms = performance.now() - started;
  await context.close();
  return Math.round(ms);
}

/**
 * 500 admin mutations (payments and status changes) written into the PWA's
 * IndexedDB outbox while the page is offline, then drained by the app's own
 * sync engine once the connection returns: the time until the outbox is empty.
 */
export async function outboxDrain(browser: Browser, url: string, entries = 500): Promise<DrainResult> {
  const cars = (await (await fetch(`${url}/api/cars`)).json()) as BenchCar[];
  const bookable = cars.filter((c) => c.available);
  const bookingIds: string[] = [];
  const today = manilaToday(new Date());
  for (let i = 0; i < 10; i++) {
    const car = bookable[i % bookable.length];
    if (!car) throw new Error("no car");
    const res = await fetch(`${url}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: bookingBody(car, addDays(today, 700 + i * 10), 30, 5_000_000 + i),
    });
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
    const created: unknown = await res.json();
    const id =
      typeof created === "object" &&
      created !== null &&
      "booking" in created &&
      typeof created.booking === "object" &&
      created.booking !== null &&
      "id" in created.booking
        ? String(created.booking.id)
        : "";
    bookingIds.push(id);
  }
  const context: BrowserContext = await browser.newContext({ serviceWorkers: "allow" });
  const cookie = await adminCookie(url);
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name: name ?? "admin_session", value: value ?? "", url }]);
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("adminAuthenticated", "true"));
  await page.goto(`${url}/admin`, { waitUntil: "networkidle" });
  await context.setOffline(true);
  const plan = Array.from({ length: entries }, (_, i) => {
    const bookingId = bookingIds[i % bookingIds.length] ?? "";
    return i % 2 === 0
      ? {
          method: "PATCH",
          path: `/api/admin/bookings/${bookingId}/payment`,
          body: { amount: "1.00" },
          label: `Payment ₱1.00 (${i})`,
        }
      : {
          method: "PATCH",
          path: `/api/admin/bookings/${bookingId}/status`,
          body: { status: i % 4 === 1 ? "confirmed" : "pending" },
          label: `Status change (${i})`,
        };
  });
  await page.evaluate(async (items) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("car-rental");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction("outbox", "readwrite");
    const store = tx.objectStore("outbox");
    const now = Date.now();
    items.forEach((item, i) => {
      store.put({
        id: crypto.randomUUID(),
        seq: now * 1000 + i,
        method: item.method,
        path: item.path,
        body: item.body,
        createdAt: new Date().toISOString(),
        attempts: 0,
        state: "pending",
        lastError: null,
        lastStatus: null,
        nextAttemptAt: 0,
        claimedAt: null,
        // Shaped as the admin screens queue them (features/admin/admin-actions.ts).
        ...(item.path.endsWith("/payment")
          ? {
              entity: "payments",
              entityId: crypto.randomUUID(),
              related: [{ entity: "bookings", id: item.path.split("/")[4] ?? "" }],
            }
          : { entity: "bookings", entityId: item.path.split("/")[4] ?? "", related: [] }),
        label: item.label,
      });
    });
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, plan);
  const written = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("car-rental");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = await new Promise<number>((resolve) => {
      const req = db.transaction("outbox").objectStore("outbox").count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });
  console.info(`outbox holds ${written} entries before reconnecting`);
  const started = performance.now();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.waitForFunction(
    async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("car-rental");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const count = await new Promise<number>((resolve) => {
        const req = db.transaction("outbox").objectStore("outbox").count();
        req.onsuccess = () => resolve(req.result);
      });
      db.close();
      return count === 0;
    },
    undefined,
    { polling: 100, timeout: 300_000 },
  );
  const ms = performance.now() - started;
  await context.close();
  // Every payment must be on the server exactly once: 1.00 per payment entry.
  const listed = await fetch(`${url}/api/admin/bookings?limit=5000`, { headers: { Cookie: cookie } });
  const bookings: unknown = await listed.json();
  const paid = Array.isArray(bookings)
    ? bookings
        .filter(
          (b: unknown) =>
            typeof b === "object" && b !== null && "id" in b && bookingIds.includes(String(b.id)),
        )
        .reduce(
          (sum: number, b: unknown) =>
            sum + (typeof b === "object" && b !== null && "amountPaid" in b ? Number(b.amountPaid) : 0),
          0,
        )
    : 0;
  const expected = plan.filter((p) => p.path.endsWith("/payment")).length;
  return { entries, ms: Math.round(ms), paymentsOnServer: Math.round(paid), paymentsQueued: expected };
}

/** Builds the PWA, serves it from the real server on a fresh embedded database and measures it. */
export async function benchPwa(port: number): Promise<PwaResult> {
  execSync("npm run build --workspace pwa", { cwd: repoRoot, stdio: "inherit" });
  const database = await createBenchDatabase("pglite", "");
  const server = await startProcess("sync-server/src/main.ts", port, {
    ...database.env,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    RATE_LIMIT_SCALE: "1000",
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  try {
    const pages: PwaPage[] = [];
    for (const path of ["/", "/booking", "/admin", "/pcc"]) {
      const weight = path === "/pcc" ? null : await pageWeight(browser, server.url + path);
      const scores = path === "/admin" ? null : lighthouse(server.url + path);
      pages.push({
        path,
        jsGzipBytes: weight?.firstView.js ?? null,
        cssGzipBytes: weight?.firstView.css ?? null,
        settledJsGzipBytes: weight?.settled.js ?? null,
        lighthouse: scores,
      });
      console.info(`${path}: ${JSON.stringify(pages.at(-1))}`);
    }
    const offlineRepeatVisitMs = await offlineRepeatVisit(browser, server.url);
    const drain = await outboxDrain(browser, server.url);
    return { pages, offlineRepeatVisitMs, outboxDrain: drain };
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
