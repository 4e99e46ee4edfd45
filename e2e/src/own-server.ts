import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { childProcessEnv, E2E_ADMIN_PASSWORD } from "./env";

const root = path.resolve(import.meta.dirname, "../..");

export type OwnServer = { url: string; stop(): Promise<void> };

/**
 * A server of a spec's own (the run's PWA build, a fresh embedded database),
 * for specs that change what every other spec relies on (a short hold, the
 * admin password). Resolves once it answers `/api/health`.
 */
export async function startOwnServer(
  name: string,
  port: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `car-rental-e2e-${name}-`));
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "sync-server/src/main.ts"], {
    cwd: root,
    env: childProcessEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      ...env,
    }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A second server starting on a shared, busy machine: give it time.
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${name} server did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
