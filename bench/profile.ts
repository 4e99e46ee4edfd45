/**
 * `npm run bench:profile`: where a server process spends its CPU under one
 * kind of load. Starts the real server (`node --cpu-prof`) on a fresh
 * database of PROFILE_ENGINE (postgres or pglite), runs PROFILE_LOAD (cars,
 * booked-dates, blocked-check or bookings) for BENCH_SECONDS, stops it and
 * prints the functions with the most self time, and the files of the
 * project with the most time spent inside them, for the server's thread and
 * then each other thread that worked (on PGlite, the embedded database's
 * own: db/src/pglite-thread.ts). The .cpuprofile files (for DevTools, one
 * per thread) stay in PROFILE_DIR. PROFILE_CEILING=1 first measures the
 * same-bytes ceiling (a bare Koa app sending GET /api/cars's answer). It
 * prints the CPU each request cost the server process and, on PostgreSQL,
 * the database's backends: figures a loaded machine does not skew. Bookings: PROFILE_BOOKINGS of them (each
 * with its own documents and an Idempotency-Key) over PROFILE_CONNECTIONS.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROWSER_ACCEPT_ENCODING } from "./api-bench";
import { BENCH_ADMIN_PASSWORD } from "./lib/admin";
import {
  distinctBookings,
  uploadBenchDocumentSets,
  type BenchCar,
  type BenchDocuments,
} from "./lib/bookings";
import { createBenchDatabase } from "./lib/databases";
import { benchSettings, profileSettings } from "./lib/env";
import { measure } from "./lib/load";
import { backendsCpu } from "./lib/cpu-time";
import { benchSameBytesCeiling } from "./lib/same-bytes-ceiling";
import { startProcess } from "./lib/server";

const { engine, load, connections } = profileSettings;
const dir = profileSettings.dir ?? path.join(os.tmpdir(), `bench-profile-${Date.now()}`);
const bookings = profileSettings.bookings ?? 1000;
mkdirSync(dir, { recursive: true });

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) used so far by a process, or by one thread of it (`/proc/<pid>/task/<tid>`). */
function cpuSecondsOf(pid: number, tid?: number): number {
  try {
    const stat = readFileSync(
      tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
      "utf8",
    );
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ", in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each thread of a process (the server's own, the embedded database's, GC helpers…). */
function threadsCpu(pid: number): Map<number, number> {
  return new Map(
    readdirSync(`/proc/${pid}/task`).map((tid) => [Number(tid), cpuSecondsOf(pid, Number(tid))]),
  );
}
type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const database = await createBenchDatabase(engine, benchSettings.postgresUrl);
if (profileSettings.setupSql) {
  const setup = await database.open();
  await setup.knex.raw(profileSettings.setupSql);
  await setup.close();
}
const serverEnv = { ...database.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, RATE_LIMIT_SCALE: "1000" };
// The bookings' documents are uploaded to a server of their own, so the profile holds only the load.
let documents: BenchDocuments[] = [];
if (load === "bookings") {
  const uploader = await startProcess("sync-server/src/main.ts", benchSettings.port, serverEnv);
  try {
    documents = await uploadBenchDocumentSets(uploader.url, bookings);
  } finally {
    await uploader.stop();
  }
}
/** PROFILE_CPU=0 measures without the profiler (its overhead), for before/after figures. */
const profiling = profileSettings.cpuProfile;
const server = await startProcess(
  "sync-server/src/main.ts",
  benchSettings.port,
  serverEnv,
  profiling ? ["--cpu-prof", "--cpu-prof-dir", dir] : [],
);
try {
  const url = server.url;
  const cars = (await (await fetch(`${url}/api/cars`)).json()) as BenchCar[];
  const car = cars.find((c) => c.available);
  if (!car) throw new Error("no available car");
  const headers = BROWSER_ACCEPT_ENCODING;
  const duration = benchSettings.seconds;
  const pid = server.child.pid ?? 0;
  const serverCpuBefore = cpuSecondsOf(pid);
  const threadsBefore = threadsCpu(pid);
  const databaseUrl = database.env.DATABASE_URL;
  const backendsBefore = databaseUrl ? await backendsCpu(databaseUrl) : new Map<number, number>();
  if (profileSettings.ceiling) {
    const { ceiling } = await benchSameBytesCeiling(url, benchSettings.port + 1);
    console.info(`ceiling, same bytes as GET /api/cars: ${JSON.stringify(ceiling)}`);
  }
  const result =
    load === "bookings"
      ? await measure({
          url: `${url}/api/bookings`,
          method: "POST",
          headers: { "Content-Type": "application/json" },
          requestHeaders: () => ({ "Idempotency-Key": randomUUID() }),
          body: distinctBookings(cars, 400, documents),
          connections,
          amount: bookings,
        })
      : await measure({
          url:
            load === "booked-dates"
              ? `${url}/api/cars/${car.id}/booked-dates`
              : load === "blocked-check"
                ? `${url}/api/blocked-names/check?name=Juan%20Dela%20Cruz`
                : `${url}/api/cars`,
          headers,
          connections,
          durationSeconds: duration,
        });
  console.info(`${engine} ${load}: ${JSON.stringify(result)}`);
  // What each request cost in CPU, whatever else the machine was doing (the load generator excluded).
  const serverCpu = cpuSecondsOf(pid) - serverCpuBefore;
  const threads = [...threadsCpu(pid)].map(([tid, seconds]) => ({
    tid,
    seconds: seconds - (threadsBefore.get(tid) ?? 0),
  }));
  const mainThread = threads.find((t) => t.tid === pid)?.seconds ?? 0;
  // On PGlite the busiest other thread is the embedded database's (db/src/pglite-thread.ts).
  const busiestOther = Math.max(0, ...threads.filter((t) => t.tid !== pid).map((t) => t.seconds));
  let databaseCpu = 0;
  if (databaseUrl) {
    for (const [pid, ms] of await backendsCpu(databaseUrl))
      databaseCpu += (ms - (backendsBefore.get(pid) ?? 0)) / 1000;
  }
  const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, result.requests)).toFixed(2);
  console.info(
    `CPU per request: server ${perRequest(serverCpu)} ms (its main thread ${perRequest(mainThread)} ms, its busiest other thread ${perRequest(busiestOther)} ms), database ${engine === "postgres" ? `${perRequest(databaseCpu)} ms` : "(in the server)"}`,
  );
} finally {
  await server.stop();
  await database.drop();
}

if (!profiling) process.exit(0);
const short = (url: string) => url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
const frameName = (f: CallFrame) => `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber + 1}`;

/** Prints where one thread's profile spent its busy time; returns its busy seconds. */
function summarise(file: string, detail: boolean): number {
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)");
  const idleUs = idle.reduce((a, [, us]) => a + us, 0);
  const selfByFrame = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const name = frameName(node.callFrame);
    selfByFrame.set(name, (selfByFrame.get(name) ?? 0) + us);
  }
  // Inclusive time per file of our own (each sample counted once per file on its stack).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusiveByFile = new Map<string, number>();
  const inclusiveByFrame = new Map<string, number>();
  for (const [id, us] of self) {
    const files = new Set<string>();
    const frames = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const u = short(node.callFrame.url);
      if (u && !u.includes("node_modules") && !u.startsWith("node:")) files.add(u);
      frames.add(frameName(node.callFrame));
    }
    for (const f of files) inclusiveByFile.set(f, (inclusiveByFile.get(f) ?? 0) + us);
    for (const f of frames) inclusiveByFrame.set(f, (inclusiveByFrame.get(f) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${((us / (total - idleUs)) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join("\n");
  console.info(
    `\nprofile ${path.join(dir, file)}: ${(total / 1e6).toFixed(1)} s, idle ${((idleUs / total) * 100).toFixed(0)} %`,
  );
  console.info(`\nself time (share of busy time):\n${top(selfByFrame, detail ? 30 : 15)}`);
  console.info(`\ninclusive, project files:\n${top(inclusiveByFile, detail ? 25 : 10)}`);
  if (detail) console.info(`\ninclusive, functions:\n${top(inclusiveByFrame, 40)}`);
  return (total - idleUs) / 1e6;
}

// One profile per thread: the server's own (thread 0) in detail, then the others that were busy
// (on PGlite, the embedded database's thread).
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort();
const main = files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
if (!main) throw new Error(`no profile in ${dir}`);
summarise(main, true);
for (const file of files.filter((f) => f !== main)) {
  console.info("\n--- another thread of the server");
  summarise(file, false);
}
