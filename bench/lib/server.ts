import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { childEnv } from "./env";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export type RunningServer = { url: string; port: number; child: ChildProcess; stop(): Promise<void> };

async function waitForHealth(url: string, deadline: number, child: ChildProcess): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become healthy`);
}

/**
 * Refuses a port another process listens on: the health check would pass
 * against that process, and the bench would measure it (two benches at once).
 */
async function assertPortFree(port: number): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const probe = net.connect({ host: "127.0.0.1", port });
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
  if (inUse) throw new Error(`port ${port} is in use (another bench?): set BENCH_PORT`);
}

/**
 * Starts a TypeScript entry point (the real server or the bare Koa ceiling) as its own process, with
 * `nodeFlags` (e.g. --cpu-prof). `entry` is relative to `cwd`: this tree, or another one (release 1's).
 */
export async function startProcess(
  entry: string,
  port: number,
  env: Record<string, string>,
  nodeFlags: string[] = [],
  cwd = repoRoot,
): Promise<RunningServer> {
  await assertPortFree(port);
  const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", entry], {
    cwd,
    env: childEnv({ PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, Date.now() + 90_000, child);
  return {
    url,
    port,
    child,
    async stop() {
      // Already ended (exited, or killed by a signal).
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
