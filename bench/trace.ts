/**
 * `npm run bench:trace -- <url> [threshold ms]`: loads a page once in
 * Chromium with the JavaScript sampler on, and prints every main-thread task
 * after the first contentful paint that took at least the threshold (default
 * 12.5 ms: Lighthouse's mobile simulation multiplies each task by 4, so any
 * such task counts towards Total Blocking Time), with what filled it: the
 * hottest functions (self time, with file and line) or the browser's own
 * work (style, layout, paint, garbage collection).
 *
 * This is the tool behind issue #23's TBT notes: Lighthouse says how much
 * blocking there was; this says whose. The server must already serve the
 * built PWA (e.g. `npm run build --workspace pwa && npm start`).
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { traceSettings } from "./lib/env";

type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
};
type ProfileNode = {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
};

const thresholdMs = Number(process.argv[3] ?? 12.5);
const url = process.argv[2] ?? "";
if (url === "") {
  console.error("usage: npm run bench:trace -- <url> [threshold ms]");
  process.exit(2);
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
];
if (traceSettings.samples) CATEGORIES.push("disabled-by-default-v8.cpu_profiler");

async function record(): Promise<TraceEvent[]> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES } });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(3000);
    await cdp.send("Tracing.end");
    await complete;
    return events;
  } finally {
    await browser.close();
  }
}

/**
 * The page's renderer main thread: the CrRendererMain that navigated to `url`'s origin, with the
 * most complete events (Chromium may render its own new-tab page in another process meanwhile).
 */
function mainThread(events: TraceEvent[]): string {
  const names = new Map<string, string>();
  for (const e of events) if (e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  const origin = new URL(url).origin;
  const ours = new Set(
    events
      .filter((e) => e.name === "navigationStart")
      .filter((e) => String(e.args?.data?.["documentLoaderURL"] ?? "").startsWith(origin))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === "X" && names.get(key) === "CrRendererMain" && (ours.size === 0 || ours.has(key)))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error("no renderer main thread in the trace");
  return best[0];
}

/** Self-time samples of the main thread: [timestamp µs, function label]. */
function samples(events: TraceEvent[], thread: string): [number, string][] {
  const [pid] = thread.split(":").map(Number);
  const nodes = new Map<number, ProfileNode>();
  const out: [number, string][] = [];
  let time = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") time = Number((e.args?.data as { startTime?: number })?.startTime ?? 0);
    if (e.name !== "ProfileChunk") continue;
    const chunk =
      (e.args?.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      }) ?? {};
    for (const node of chunk.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = chunk.cpuProfile?.samples ?? [];
    const deltas = chunk.timeDeltas ?? [];
    ids.forEach((id, index) => {
      time += deltas[index] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      if (!frame || frame.functionName === "(idle)" || frame.functionName === "(program)") return;
      const file = (frame.url ?? "").replace(/^.*\//, "");
      out.push([
        time,
        file
          ? `${frame.functionName || "(anonymous)"} ${file}:${(frame.lineNumber ?? 0) + 1}`
          : frame.functionName,
      ]);
    });
  }
  return out;
}

const BROWSER_WORK = [
  "Layout",
  "UpdateLayoutTree",
  "Paint",
  "PrePaint",
  "Layerize",
  "Commit",
  "MinorGC",
  "MajorGC",
  "ParseHTML",
  "v8.compileModule",
  "v8.evaluateModule",
];

const events = await record();
if (traceSettings.output) writeFileSync(traceSettings.output, JSON.stringify(events));
const thread = mainThread(events);
const onMain = events
  .filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === "X")
  .sort((a, b) => a.ts - b.ts);
const navigation = events.find((e) => e.name === "navigationStart" && `${e.pid}:${e.tid}` === thread);
const firstPaint = events.find((e) => e.name === "firstContentfulPaint" && `${e.pid}:${e.tid}` === thread);
const origin = navigation?.ts ?? onMain[0]?.ts ?? 0;
const fcp = firstPaint?.ts ?? origin;
const sampled = samples(events, thread);
console.info(`first contentful paint at ${((fcp - origin) / 1000).toFixed(0)} ms`);

let blocking = 0;
let busy = 0;
for (const task of onMain.filter((e) => e.name === "RunTask" && e.ts >= fcp)) {
  const ms = (task.dur ?? 0) / 1000;
  busy += ms;
  if (ms < thresholdMs) continue;
  const end = task.ts + (task.dur ?? 0);
  blocking += Math.max(0, ms * 4 - 50);
  const browserWork = new Map<string, number>();
  for (const e of onMain)
    if (e.ts >= task.ts && e.ts < end && BROWSER_WORK.includes(e.name))
      browserWork.set(e.name, (browserWork.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const hot = new Map<string, number>();
  for (const [at, label] of sampled) if (at >= task.ts && at < end) hot.set(label, (hot.get(label) ?? 0) + 1);
  const top = (map: Map<string, number>, n: number, unit: string) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([label, value]) => `${label} ${value.toFixed(unit === "ms" ? 1 : 0)}${unit}`)
      .join(", ");
  console.info(`\n${((task.ts - origin) / 1000).toFixed(0)} ms: task of ${ms.toFixed(1)} ms`);
  if (browserWork.size > 0) console.info(`  browser: ${top(browserWork, 5, "ms")}`);
  if (hot.size > 0) console.info(`  hottest (samples): ${top(hot, 6, "")}`);
}
console.info(`\nmain thread busy after the first paint: ${busy.toFixed(0)} ms`);
console.info(`blocking if each task took 4× as long (Lighthouse's mobile CPU): ${blocking.toFixed(0)} ms`);
