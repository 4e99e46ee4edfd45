/**
 * `npm run bench:first-sync`: only issue #23's measure, the paged first admin
 * sync at scale (100,000 bookings over ten years), on each engine
 * (BENCH_ENGINES to choose), against its budget; `npm run bench` measures it
 * too, with everything else. Exits non-zero when the budget is missed.
 */
import { readFileSync } from "node:fs";
import type { Engine } from "@car-rental/db";
import { BENCH_ADMIN_PASSWORD, adminCookie } from "./lib/admin";
import { createBenchDatabase, postgresReachable } from "./lib/databases";
import { benchSettings } from "./lib/env";
import { startProcess } from "./lib/server";
import { FIRST_SYNC_BUDGET, measureFirstSync, seedScale } from "./scale-bench";

const engines: Engine[] = (
  (await postgresReachable(benchSettings.postgresUrl))
    ? (["postgres", "pglite"] as const)
    : (["pglite"] as const)
).filter((engine) => !benchSettings.engines || benchSettings.engines.includes(engine));

/**
 * CPU milliseconds a process has used (Linux /proc: user + system ticks of
 * 10 ms). The machine may be shared: the server's CPU time says what the
 * sync costs it, where wall time also counts the waits for a busy core.
 */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

let missed = false;
for (const engine of engines) {
  const database = await createBenchDatabase(engine, benchSettings.postgresUrl);
  const db = await database.open();
  await seedScale(db.knex);
  await db.close();
  const server = await startProcess(
    "sync-server/src/main.ts",
    benchSettings.port,
    { ...database.env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, RATE_LIMIT_SCALE: "1000", BACKUP_KEEP: "0" },
    // BENCH_SERVER_CPU_PROF=<folder>: a CPU profile of the server (read it with bench:profile's summary or DevTools).
    benchSettings.serverCpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${benchSettings.serverCpuProfile}`] : [],
  );
  try {
    const cookie = await adminCookie(server.url);
    // The first run warms the server up (prepared plans, the JIT); the second is reported.
    await measureFirstSync(server.url, cookie);
    const cpuBefore = cpuMs(server.child.pid);
    const result = await measureFirstSync(server.url, cookie);
    const serverCpu = cpuMs(server.child.pid) - cpuBefore;
    const within = result.bytes <= FIRST_SYNC_BUDGET.bytes && result.ms <= FIRST_SYNC_BUDGET.ms;
    missed ||= !within;
    console.info(
      `${engine}: first admin sync ${result.ms} ms (the server process's CPU: ${serverCpu} ms; load average ${loadAverage()}), ${(result.bytes / 1024).toFixed(1)} KB gzip, ${result.pages} pages, ` +
        `${result.rows} rows (${result.bookings} bookings); slowest page ${result.slowestPageMs} ms, ` +
        `largest page ${(result.largestPageBytes / 1024).toFixed(1)} KB of JSON: ${within ? "within" : "MISSED"} the budget ` +
        `(≤ ${FIRST_SYNC_BUDGET.ms} ms, ≤ ${FIRST_SYNC_BUDGET.bytes / 1024} KB)`,
    );
  } finally {
    await server.stop();
    await database.drop();
  }
}
process.exit(missed ? 1 : 0);
