import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";

/** Linux's clock ticks per second for /proc/<pid>/stat (`getconf CLK_TCK`: 100 on every usual kernel). */
const TICKS_PER_SECOND = 100;

type ProcStat = { pid: number; ppid: number; cpuMs: number };

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: the fields after it count from there.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { pid, ppid, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return null; // gone meanwhile
  }
}

/** The CPU time (user + system, ms) used so far by each process of the tree under `root`, by pid. */
function treeCpu(root: number): Map<number, number> {
  const stats: ProcStat[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  const children = new Map<number, number[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat.pid]);
  const byPid = new Map(stats.map((stat) => [stat.pid, stat.cpuMs]));
  const tree = new Map<number, number>();
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    tree.set(pid, byPid.get(pid) ?? 0);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU time used by processes between `start()` and the returned `stop()`:
 * by the tree under `serverPid` and by every other process under this one (the
 * browser). Less sensitive to a loaded machine than wall time: waiting for a
 * core does not count. Linux only (/proc); null elsewhere.
 */
export function measureCpu(
  serverPid: number | undefined,
): () => { serverMs: number; browserMs: number } | null {
  if (serverPid === undefined || !process.platform.startsWith("linux")) return () => null;
  const before = treeCpu(process.pid);
  return () => {
    const after = treeCpu(process.pid);
    const server = new Set(treeCpu(serverPid).keys());
    let serverMs = 0;
    let browserMs = 0;
    for (const [pid, cpuMs] of after) {
      if (pid === process.pid) continue;
      const used = cpuMs - (before.get(pid) ?? 0);
      if (server.has(pid)) serverMs += used;
      else browserMs += used;
    }
    return { serverMs: Math.round(serverMs), browserMs: Math.round(browserMs) };
  };
}

/** Where the machine's CPU went while one load ran, in ms over all cores. */
export type CpuBreakdown = {
  /** The server process and its children. */
  serverMs: number;
  /** PostgreSQL's backends serving the server's database (0 on PGlite: it runs inside the server). */
  databaseMs: number;
  /** This process: the load generator (autocannon runs in it). */
  loadMs: number;
  /** How long the load ran, and on how many cores. */
  wallMs: number;
  cores: number;
};

/** CPU time (ms) so far of each PostgreSQL backend connected to the database at `databaseUrl`, by pid. */
export async function backendsCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return new Map(rows.map(({ pid }) => [pid, readStat(pid)?.cpuMs ?? 0]));
  } finally {
    await client.end();
  }
}

/**
 * Starts counting where the CPU goes (the server's tree under `serverPid`,
 * PostgreSQL's backends of `databaseUrl` when given, this process)
 * and returns how to stop. Linux only (/proc); null elsewhere.
 */
export async function measureCpuBreakdown(
  serverPid: number | undefined,
  databaseUrl: string | undefined,
): Promise<() => Promise<CpuBreakdown | null>> {
  if (serverPid === undefined || !process.platform.startsWith("linux")) return () => Promise.resolve(null);
  const serverTree = () => [...treeCpu(serverPid).values()].reduce((sum, ms) => sum + ms, 0);
  const backendsBefore = databaseUrl ? await backendsCpu(databaseUrl) : new Map<number, number>();
  const startedAt = performance.now();
  const serverBefore = serverTree();
  const loadBefore = process.cpuUsage();
  return async () => {
    const load = process.cpuUsage(loadBefore);
    const serverMs = serverTree() - serverBefore;
    const wallMs = performance.now() - startedAt;
    let databaseMs = 0;
    if (databaseUrl) {
      for (const [pid, ms] of await backendsCpu(databaseUrl))
        databaseMs += ms - (backendsBefore.get(pid) ?? 0);
    }
    const loadMs = (load.user + load.system) / 1000;
    return {
      serverMs,
      databaseMs,
      loadMs,
      wallMs,
      cores: os.cpus().length,
    };
  };
}

/** The machine's busy and total CPU time so far (all cores, ticks), from /proc/stat's first line. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return { busy, total: busy + (idle ?? 0) + (iowait ?? 0) };
}

/** The processes that used the most CPU over `ms` (name, pid, % of one core), for a report of who kept the machine busy. */
function busiestProcesses(before: Map<number, number>, ms: number): string[] {
  const after = treeCpu(1);
  return [...after]
    .map(([pid, cpuMs]) => ({ pid, used: cpuMs - (before.get(pid) ?? cpuMs) }))
    .filter(({ used }) => used > 0)
    .sort((a, b) => b.used - a.used)
    .slice(0, 5)
    .map(({ pid, used }) => {
      let name = "?";
      try {
        name = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim().slice(0, 80);
      } catch {
        // gone meanwhile
      }
      return `${name} (${pid}) ${Math.round((used * 100) / ms)} %`;
    });
}

/** Quiet: under this share of all cores busy, for this many seconds in a row; given up after the last. */
const QUIET_BUSY_PERCENT = 15;
const QUIET_SECONDS = 2;
const QUIET_MAX_SECONDS = 60;

/**
 * Waits until the machine has been nearly idle for QUIET_SECONDS in a row, at
 * most QUIET_MAX_SECONDS (see quiet-machine.ts for why).
 * @returns how long it waited and, when the machine never went quiet, who kept it busy.
 */
export async function waitForQuietHost(): Promise<{ waitedMs: number; quiet: boolean; busiest: string[] }> {
  if (!process.platform.startsWith("linux")) return { waitedMs: 0, quiet: true, busiest: [] };
  const started = performance.now();
  let quietInARow = 0;
  let busiest: string[] = [];
  while (performance.now() - started < QUIET_MAX_SECONDS * 1000) {
    const before = machineTicks();
    const processesBefore = treeCpu(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = machineTicks();
    const percent = ((after.busy - before.busy) * 100) / Math.max(1, after.total - before.total);
    if (percent < QUIET_BUSY_PERCENT) {
      quietInARow++;
      if (quietInARow >= QUIET_SECONDS)
        return { waitedMs: Math.round(performance.now() - started), quiet: true, busiest: [] };
    } else {
      quietInARow = 0;
      busiest = busiestProcesses(processesBefore, 1000);
    }
  }
  return { waitedMs: Math.round(performance.now() - started), quiet: false, busiest };
}
