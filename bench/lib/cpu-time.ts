import { readdirSync, readFileSync } from "node:fs";

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
