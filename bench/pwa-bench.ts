import { execFileSync, execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { routes } from "@car-rental/shared/api";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { BENCH_ADMIN_PASSWORD, adminCookie } from "./lib/admin";
import { bookingBody, uploadBenchDocuments } from "./lib/bookings";
import { createBenchDatabase } from "./lib/databases";
import { benchSettings, childEnv } from "./lib/env";
import { measureCpu } from "./lib/cpu-time";
import { quietMachine } from "./lib/quiet-machine";
import { repoRoot, startProcess } from "./lib/server";
import { timelineRender, type TimelineResult } from "./timeline-bench";

export type LighthouseScores = {
  /** The scores of the median run. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  runs: number;
  /** The lowest and highest performance score of the runs. */
  performanceRange: [number, number];
  /** The median of the runs' Total Blocking Times (simulated mobile), ms. */
  totalBlockingTimeMs: number;
  /** The lowest and highest Total Blocking Time of the runs, ms. */
  totalBlockingTimeRange: [number, number];
  /** The median of the runs' Largest Contentful Paints (simulated mobile), ms. */
  largestContentfulPaintMs: number;
  /** Lighthouse's measure of the machine's speed during the median run (higher is faster). */
  benchmarkIndex: number;
};
export type PwaPage = {
  path: string;
  /** What the page loads until its load event (the first view). */
  jsGzipBytes: number | null;
  cssGzipBytes: number | null;
  /** Everything loaded until the network is idle. */
  settledJsGzipBytes: number | null;
  /** How many script files that was. */
  settledJsFiles: number | null;
  lighthouse: LighthouseScores | null;
  /**
   * Total blocking time (ms, after the first contentful paint) of a real load
   * in Chromium with the CPU slowed 4× and a phone's viewport: the median of
   * three. Lighthouse instead simulates that slowdown from an unthrottled load.
   */
  throttledBlockingMs: number | null;
};
export type DrainResult = {
  entries: number;
  /** From reconnecting until the outbox is empty. */
  ms: number;
  paymentsQueued: number;
  /** The sum of amountPaid over the bench's bookings, in pesos (one per payment delivered once). */
  paymentsOnServer: number;
  /** Every booking's amountPaid and final status on the server are what was queued. */
  verified: boolean;
  /**
   * CPU time (user + system, ms) used during the drain by the server process and by
   * Chromium (all its processes): less sensitive to a loaded machine than `ms`. Null off Linux.
   */
  cpu: { serverMs: number; browserMs: number } | null;
};

export type PwaResult = {
  pages: PwaPage[];
  /** Null when only the drain was measured. */
  offlineRepeatVisitMs: number | null;
  /** Null when only the Timeline was measured. */
  outboxDrain: DrainResult | null;
  /** Null when only the drain was measured. */
  timeline: TimelineResult | null;
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

type Weight = { js: number; css: number; jsFiles: number };

/**
 * Gzipped bytes of the JS and CSS a page loads (no service worker, empty
 * cache): `firstView` is what arrived until the page was usable, i.e. painted
 * (its load event) and taken over by the app (public/start-app.js keeps
 * `#root` inert until React has hydrated or rendered it), less what it only
 * prefetched for later by then (on a slow machine those prefetches can finish
 * before the app has taken over, though the page did not need them);
 * `settled` adds what it fetched afterwards (content below the fold,
 * prefetched once the page is idle) until the network is idle. Each file
 * counts once, prefetched or not.
 */
async function pageWeight(browser: Browser, url: string): Promise<{ firstView: Weight; settled: Weight }> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  // The moment the page became usable, on its own clock (ms since 1970): its load event has fired and
  // the app has taken over #root (lifted the `inert` public/start-app.js put on the built HTML, or
  // rendered into an empty one). Read in the page, not by polling it: a file that arrives while a poll
  // is on its way is not part of the first view.
  // A string, not a function: tsx would name the inner function with a helper the page lacks.
  await page.addInitScript(`(() => {
    const check = () => {
      if (window.__usableAt !== undefined || document.readyState !== "complete") return;
      const root = document.getElementById("root");
      if (root && root.childElementCount > 0 && !root.hasAttribute("inert")) {
        window.__usableAt = performance.timeOrigin + performance.now();
      }
    };
    new MutationObserver(check).observe(document, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["inert"],
    });
    window.addEventListener("load", () => setTimeout(check, 0));
  })();`);
  type Arrival = { pathname: string; prefetched: boolean; endedAt: number; size: Promise<number> };
  const arrivals: Arrival[] = [];
  page.on("requestfinished", (request) => {
    const type = request.resourceType();
    const { pathname } = new URL(request.url());
    const prefetched = type === "other" && /\.(js|css)$/.test(pathname);
    if (type !== "script" && type !== "stylesheet" && !prefetched) return;
    const timing = request.timing();
    const endedAt = timing.startTime + Math.max(0, timing.responseEnd);
    // A prefetch's body is not kept by the browser: the same file is read again, outside the page.
    const size = (
      prefetched
        ? context.request.get(request.url()).then((again) => again.body())
        : request.response().then((response) => response?.body() ?? Buffer.alloc(0))
    ).then((body) => gzipSync(body, { level: 9 }).length);
    arrivals.push({ pathname, prefetched, endedAt, size });
  });
  await page.goto(url, { waitUntil: "load" });
  const usableAt = Number(
    await (
      await page.waitForFunction(() => Reflect.get(window, "__usableAt") as number | undefined)
    ).jsonValue(),
  );
  await page.waitForLoadState("networkidle");
  const sized = await Promise.all(
    arrivals.map(async (arrival) => ({ ...arrival, bytes: await arrival.size })),
  );
  await context.close();

  // Each file once, in `settled`. A file the page prefetched (its later files, public/start-app.js)
  // and then imported from the cache shows twice: a prefetch is not what the page needs to be usable,
  // so it is in the first view only when the page imported it before then.
  const firstView: Weight = { js: 0, css: 0, jsFiles: 0 };
  const settled: Weight = { js: 0, css: 0, jsFiles: 0 };
  const add = (weight: Weight, pathname: string, size: number) => {
    const key = pathname.endsWith(".js") ? "js" : "css";
    weight[key] += size;
    if (key === "js") weight.jsFiles += 1;
  };
  const byPath = new Map<string, typeof sized>();
  for (const arrival of sized)
    byPath.set(arrival.pathname, [...(byPath.get(arrival.pathname) ?? []), arrival]);
  for (const [pathname, each] of byPath) {
    const bytes = each[0]?.bytes ?? 0;
    add(settled, pathname, bytes);
    if (each.some((arrival) => !arrival.prefetched && arrival.endedAt <= usableAt))
      add(firstView, pathname, bytes);
  }
  return { firstView, settled };
}

type LighthouseReport = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment: { benchmarkIndex: number };
};

function isLighthouseReport(value: unknown): value is LighthouseReport {
  return (
    typeof value === "object" &&
    value !== null &&
    "categories" in value &&
    "audits" in value &&
    "environment" in value
  );
}

/** One Lighthouse run; null when Lighthouse failed (e.g. NO_NAVSTART: it could not read its own trace). */
function runLighthouse(url: string): LighthouseReport | null {
  let output: string;
  try {
    output = runLighthouseCli(url);
  } catch (error) {
    console.warn(
      `Lighthouse failed on ${url}; running it again.`,
      error instanceof Error ? error.message : error,
    );
    return null;
  }
  const report: unknown = JSON.parse(output);
  if (!isLighthouseReport(report)) throw new Error(`Lighthouse gave no report for ${url}`);
  return report;
}

function runLighthouseCli(url: string): string {
  return execFileSync(
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
}

function categoryScore(report: LighthouseReport, key: string): number {
  return Math.round((report.categories[key]?.score ?? 0) * 100);
}

/** The median of sorted values (the mean of the middle two when they are even in number). */
function middle(sorted: number[]): number {
  const half = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[half] ?? 0;
  return Math.round(((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2);
}

/**
 * Lighthouse's mobile settings simulate a slow phone from one unthrottled
 * load, so a busy moment of this 2-core machine moves the score by 10 or more.
 * As Lighthouse advises, the page is measured several times: the scores are
 * the median run's (Lighthouse's own choice: nearest the median FCP and TTI),
 * TBT and LCP the medians of the runs, with the spread of the performance
 * scores and of TBT, and the machine's benchmark index.
 */
async function lighthouse(url: string): Promise<LighthouseScores> {
  const { computeMedianRun, filterToValidRuns } = (await import("lighthouse/core/lib/median-run.js")) as {
    computeMedianRun: (reports: LighthouseReport[]) => LighthouseReport;
    filterToValidRuns: (reports: LighthouseReport[]) => LighthouseReport[];
  };
  // A run whose trace Lighthouse could not read (e.g. NO_NAVSTART) has no metrics: it is run again.
  const runs: LighthouseReport[] = [];
  for (
    let attempt = 0;
    runs.length < benchSettings.lighthouseRuns && attempt < benchSettings.lighthouseRuns * 2;
    attempt++
  ) {
    await quietMachine(`measuring ${url}`);
    const report = runLighthouse(url);
    if (report) runs.push(...filterToValidRuns([report]));
  }
  if (runs.length === 0) throw new Error(`Lighthouse produced no valid run for ${url}`);
  const median = computeMedianRun(runs);
  const performances = runs.map((report) => categoryScore(report, "performance"));
  // The budgets are on each metric's median over the runs (issue #23), not on the metric of the run
  // Lighthouse picks as its median (the one nearest the median FCP and TTI).
  // A run without the value is left out (not counted as 0 ms).
  const metric = (audit: string) =>
    runs
      .flatMap((report) => {
        const value = report.audits[audit]?.numericValue;
        return value === undefined ? [] : [Math.round(value)];
      })
      .sort((a, b) => a - b);
  const blocking = metric("total-blocking-time");
  return {
    performance: categoryScore(median, "performance"),
    accessibility: categoryScore(median, "accessibility"),
    bestPractices: categoryScore(median, "best-practices"),
    runs: runs.length,
    performanceRange: [Math.min(...performances), Math.max(...performances)],
    totalBlockingTimeMs: middle(blocking),
    totalBlockingTimeRange: [blocking[0] ?? 0, blocking[blocking.length - 1] ?? 0],
    largestContentfulPaintMs: middle(metric("largest-contentful-paint")),
    benchmarkIndex: Math.round(median.environment.benchmarkIndex),
  };
}

/** Long tasks observed by the page itself, after its first contentful paint, until the load settles. */
async function throttledBlockingTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const seen: [number, number][] = [];
    Reflect.set(window, "__longTasks", seen);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // The app keeps working in slices after the network settles (the form mounts in stages).
  await page.waitForTimeout(5000);
  const blocking = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const seen: unknown = Reflect.get(window, "__longTasks");
    if (!Array.isArray(seen)) return 0;
    return (seen as [number, number][])
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  });
  await context.close();
  return Math.round(blocking);
}

async function medianThrottledBlockingTime(browser: Browser, url: string): Promise<number> {
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    await quietMachine(`measuring ${url}`);
    runs.push(await throttledBlockingTime(browser, url));
  }
  return runs.sort((a, b) => a - b)[1] ?? 0;
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

/** The status a booking is created with; the bench's status changes alternate from it. */
const INITIAL_STATUS = "pending";

type BenchBooking = { id: string; customerName: string };

/** One change the bench makes on the admin screen: a payment of ₱1.00, or a status change. */
type PlannedChange =
  | { kind: "payment"; booking: BenchBooking }
  | { kind: "status"; booking: BenchBooking; status: "confirmed" | "pending" };

/**
 * `count` changes over `bookings`, alternating a payment and a status change,
 * round-robin over the bookings. Each booking's status alternates between
 * confirmed and pending, so every change really changes something (the
 * status select queues nothing when the value stays the same).
 */
function planChanges(bookings: readonly BenchBooking[], count: number): PlannedChange[] {
  const statuses = new Map<string, "confirmed" | "pending">();
  return Array.from({ length: count }, (_, i): PlannedChange => {
    const booking = bookings[Math.floor(i / 2) % bookings.length];
    if (!booking) throw new Error("no booking");
    if (i % 2 === 0) return { kind: "payment", booking };
    const status = (statuses.get(booking.id) ?? INITIAL_STATUS) === "pending" ? "confirmed" : "pending";
    statuses.set(booking.id, status);
    return { kind: "status", booking, status };
  });
}

/** Books `count` cars far ahead through the public API (as customers do). */
export async function createBookings(url: string, count: number): Promise<BenchBooking[]> {
  const cars = routes.listCars.response.parse(await (await fetch(`${url}/api/cars`)).json());
  const bookable = cars.filter((c) => c.available);
  const today = manilaToday(new Date());
  const bookings: BenchBooking[] = [];
  for (let i = 0; i < count; i++) {
    const car = bookable[i % bookable.length];
    if (!car) throw new Error("no car");
    // A document set of its own: a set belongs to one booking.
    const documents = await uploadBenchDocuments(url);
    const res = await fetch(`${url}/api/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: bookingBody(car, addDays(today, 700 + i * 10), 30, 5_000_000 + i, documents),
    });
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
    const created = routes.createBooking.response.parse(await res.json());
    if (created.booking.status !== INITIAL_STATUS) throw new Error(`booking is ${created.booking.status}`);
    bookings.push({ id: created.booking.id, customerName: created.booking.customerName });
  }
  return bookings;
}

/** The number of entries in the PWA's outbox, read from IndexedDB (read only: Dexie owns the writes). */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("car-rental");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction("outbox").objectStore("outbox").count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

/** Makes one planned change the way an admin does: the card's status select, or its Add Payment dialog. */
async function makeChange(page: Page, change: PlannedChange): Promise<void> {
  const card = page.getByRole("article").filter({ hasText: change.booking.customerName });
  if (change.kind === "status") {
    const select = card.getByRole("combobox", { name: "Status" });
    await select.selectOption(change.status);
    // The optimistic row is rendered before the next change compares against it.
    await expect(select).toHaveValue(change.status);
    return;
  }
  await card.getByRole("button", { name: "Add Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Payment" });
  await dialog.getByLabel("Payment Amount").fill("1.00");
  await dialog.getByRole("button", { name: "Add Payment" }).click();
  // The dialog closes once the entry is stored.
  await expect(dialog).toBeHidden();
}

/** Checks on the server that every payment arrived exactly once and every booking has its last status. */
async function checkServer(
  url: string,
  cookie: string,
  plan: readonly PlannedChange[],
): Promise<{ paymentsOnServer: number; verified: boolean }> {
  const listed = await fetch(`${url}/api/admin/bookings?limit=5000`, { headers: { Cookie: cookie } });
  if (!listed.ok) throw new Error(`listing bookings failed: ${listed.status}`);
  const onServer = routes.listBookings.response.parse(await listed.json());
  let paymentsOnServer = 0;
  let verified = true;
  const ids = new Set(plan.map((change) => change.booking.id));
  for (const id of ids) {
    const booking = onServer.find((b) => b.id === id);
    const changes = plan.filter((change) => change.booking.id === id);
    const payments = changes.filter((change) => change.kind === "payment").length;
    const lastStatus = changes.findLast((change) => change.kind === "status");
    const paid = Number(booking?.amountPaid ?? 0);
    paymentsOnServer += paid;
    const expectedStatus = lastStatus?.kind === "status" ? lastStatus.status : INITIAL_STATUS;
    if (paid !== payments || booking?.status !== expectedStatus) {
      console.error(
        `booking ${id}: paid ${paid} for ${payments} payments of 1.00, status ${booking?.status} (expected ${expectedStatus})`,
      );
      verified = false;
    }
  }
  return { paymentsOnServer: Math.round(paymentsOnServer), verified };
}

/**
 * `entries` admin changes (payments of ₱1.00 and status changes over 10
 * bookings) made on the admin screen while the tablet is offline, queued by
 * the app itself; then the time from reconnecting until its sync engine has
 * emptied the outbox. Afterwards the server must show every payment exactly
 * once (each booking's amountPaid = its payments × 1.00) and the last status.
 */
export async function outboxDrain(
  browser: Browser,
  url: string,
  entries = 500,
  serverPid?: number,
): Promise<DrainResult> {
  const bookings = await createBookings(url, 10);
  const plan = planChanges(bookings, entries);
  const cookie = await adminCookie(url);
  const [name, ...value] = cookie.split("=");
  // Reduced motion: Mantine then skips its transitions, which only slow the queueing down.
  const context: BrowserContext = await browser.newContext({
    serviceWorkers: "allow",
    reducedMotion: "reduce",
  });
  try {
    await context.addCookies([{ name: name ?? "admin_session", value: value.join("="), url }]);
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("adminAuthenticated", "true"));
    await page.goto(`${url}/admin`, { waitUntil: "networkidle" });
    // The service worker is installed (Background Sync can be registered) and the mirror holds the bookings.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByRole("tab", { name: "Bookings" }).click();
    for (const booking of bookings) {
      await expect(page.getByRole("article").filter({ hasText: booking.customerName })).toBeVisible();
    }

    await context.setOffline(true);
    const queueStarted = performance.now();
    for (const change of plan) await makeChange(page, change);
    const queued = await outboxSize(page);
    if (queued !== entries) throw new Error(`the outbox holds ${queued} entries, not ${entries}`);
    console.info(`${queued} changes queued offline in ${Math.round(performance.now() - queueStarted)} ms`);

    const profiler = benchSettings.drainProfile ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.start");
    }
    await quietMachine("the outbox drain");
    const stopCpu = measureCpu(serverPid);
    const started = performance.now();
    await context.setOffline(false);
    while ((await outboxSize(page)) > 0) await page.waitForTimeout(50);
    const ms = performance.now() - started;
    const cpu = stopCpu();
    // On the monotonic clock of CPU profiles (µs), to find the drain in one.
    const toUs = process.hrtime.bigint() / 1000n;
    console.info(`drain on the monotonic clock: ${toUs - BigInt(Math.round(ms * 1000))}..${toUs} µs`);
    if (profiler && benchSettings.drainProfile) {
      const { profile } = await profiler.send("Profiler.stop");
      writeFileSync(benchSettings.drainProfile, JSON.stringify(profile));
    }

    const paymentsQueued = plan.filter((change) => change.kind === "payment").length;
    const { paymentsOnServer, verified } = await checkServer(url, cookie, plan);
    return { entries, ms: Math.round(ms), paymentsQueued, paymentsOnServer, verified, cpu };
  } finally {
    await context.close();
  }
}

/**
 * Builds the PWA, serves it from the real server on a fresh embedded database
 * and measures it; with `onlyDrain`, only the outbox drain.
 */
export async function benchPwa(
  port: number,
  options: { onlyDrain: boolean; onlyTimeline: boolean },
): Promise<PwaResult> {
  execSync("npm run build --workspace pwa", { cwd: repoRoot, stdio: "inherit" });
  const database = await createBenchDatabase("pglite", "");
  const server = await startProcess(
    "sync-server/src/main.ts",
    port,
    { ...database.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, RATE_LIMIT_SCALE: "1000" },
    benchSettings.serverCpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${benchSettings.serverCpuProfile}`] : [],
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  try {
    const pages: PwaPage[] = [];
    const only = options.onlyDrain || options.onlyTimeline;
    for (const path of only ? [] : ["/", "/booking", "/admin", "/pcc", "/my-booking"]) {
      const weight = path === "/pcc" ? null : await pageWeight(browser, server.url + path);
      const scores = path === "/admin" ? null : await lighthouse(server.url + path);
      const throttledBlockingMs =
        path === "/admin" ? null : await medianThrottledBlockingTime(browser, server.url + path);
      pages.push({
        path,
        jsGzipBytes: weight?.firstView.js ?? null,
        cssGzipBytes: weight?.firstView.css ?? null,
        settledJsGzipBytes: weight?.settled.js ?? null,
        settledJsFiles: weight?.settled.jsFiles ?? null,
        lighthouse: scores,
        throttledBlockingMs,
      });
      console.info(`${path}: ${JSON.stringify(pages.at(-1))}`);
    }
    if (benchSettings.onlyPages)
      return { pages, offlineRepeatVisitMs: null, outboxDrain: null, timeline: null };
    const offlineRepeatVisitMs = only ? null : await offlineRepeatVisit(browser, server.url);
    const timeline = options.onlyDrain ? null : await timelineRender(browser, server.url);
    console.info(`timeline: ${JSON.stringify(timeline)}`);
    const drain = options.onlyTimeline
      ? null
      : await outboxDrain(browser, server.url, benchSettings.drainEntries, server.child.pid);
    console.info(`outbox drain: ${JSON.stringify(drain)}`);
    return { pages, offlineRepeatVisitMs, outboxDrain: drain, timeline };
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
