/**
 * Issue #18: `npm start` on a built tree answers `GET /api/cars` in under 5 s.
 *
 * Runs the README's own command (`npm start`) twice on the embedded database
 * in a fresh `DATA_DIR`, after one build: the first start creates the
 * database (migrations and the seeded fleet), the second one is a restart
 * on that data, which is what the budget is about. Each figure is the time
 * from spawning `npm start` to the first `200` of `GET /api/cars`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { BENCH_ADMIN_PASSWORD } from "./lib/admin";
import { childEnv } from "./lib/env";
import { repoRoot } from "./lib/server";

export type StartResult = {
  /** ms until the first answer with an empty DATA_DIR (database created and seeded). */
  firstStartMs: number;
  /** ms until the first answer of a restart on that folder (the budget's figure). */
  restartMs: number;
  /** Whether either start rebuilt something (it must not, on a built tree). */
  rebuilt: boolean;
};

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

async function timedStart(port: number, dataDir: string): Promise<{ ms: number; output: string }> {
  const started = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: repoRoot,
    env: childEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: `npm start` runs a shell and node below it, stopped together.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not answer GET /api/cars\n${output}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/cars`).catch(() => null);
      await res?.body?.cancel();
      if (res?.status === 200) return { ms: Math.round(performance.now() - started), output };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await exited;
      // npm's shell exits before the server below it has closed its database: wait for the whole group.
      await groupEnded(child.pid, 30_000);
    }
  }
}

/** Resolves once no process of group `pgid` runs (or after `withinMs`). */
async function groupEnded(pgid: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function benchStart(port: number): Promise<StartResult> {
  // Builds what is missing once (as the first `npm start` on a fresh checkout does), outside the timed starts.
  await run(process.execPath, ["--import", "tsx", "sync-server/scripts/build.ts"]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-start-"));
  try {
    const first = await timedStart(port, dataDir);
    const restart = await timedStart(port, dataDir);
    return {
      firstStartMs: first.ms,
      restartMs: restart.ms,
      rebuilt: /building the/.test(first.output + restart.output),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
