/**
 * The real server as a child process (`node --import tsx sync-server/src/main.ts`),
 * as `npm start` runs it: started on a given data folder and database, stopped
 * gracefully or killed with SIGKILL, and started again on the same data.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { childProcessEnv } from "../../src/env";

export const repoRoot = path.resolve(import.meta.dirname, "../../..");
export const ADMIN_PASSWORD = "reliability-admin-password";

export type ServerOptions = {
  port: number;
  dataDir: string;
  /** A PostgreSQL URL; empty means embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  smtpUrl?: string;
  rateLimitScale?: number;
  /** The built PWA to serve (tests that drive the admin screen in a browser); none by default. */
  pwaDist?: string;
  /** Empty: no ADMIN_PASSWORD, so the server generates one and prints it (default: ADMIN_PASSWORD). */
  adminPassword?: string;
  /** Further environment variables (e.g. WEB_CONCURRENCY, MAIL_CLAIM_LEASE_MS). */
  env?: Record<string, string>;
  /** Run `node sync-server/dist/main.js` (built by `npm start`'s build step) instead of the sources through tsx. */
  compiled?: boolean;
};

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (shown when a test fails). */
  output(): string;
  /** Whether the process has exited (and with what). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Resolves when the process has exited. */
  exited(): Promise<void>;
  /** SIGTERM, and waits for the graceful shutdown. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, requests in flight are cut. */
  kill(): Promise<void>;
};

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (port === 0) throw new Error("no free port");
  return port;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts the server and resolves once `GET /api/health` answers 200. */
export async function startServer(options: ServerOptions, timeoutMs = 90_000): Promise<ServerProcess> {
  const started = spawnServer(options);
  await started.healthy(timeoutMs);
  return started;
}

/** Starts the server process without waiting for it (`healthy()` waits; a process may also just exit). */
export function spawnServer(
  options: ServerOptions,
): ServerProcess & { healthy(timeoutMs?: number): Promise<void> } {
  const entry = options.compiled
    ? ["sync-server/dist/main.js"]
    : ["--import", "tsx", "sync-server/src/main.ts"];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: childProcessEnv({
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      ADMIN_PASSWORD: options.adminPassword ?? ADMIN_PASSWORD,
      SMTP_URL: options.smtpUrl ?? "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: String(options.rateLimitScale ?? 1),
      // The built PWA is not needed unless given: the API is what most of these tests drive.
      PWA_DIST: options.pwaDist ?? path.join(options.dataDir, "no-pwa"),
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    // Only the end matters for a diagnosis; a log flood must not eat the memory.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const url = `http://127.0.0.1:${options.port}`;
  const healthy = async (timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exited) throw new Error(`the server exited while starting: ${JSON.stringify(exited)}\n${output}`);
      try {
        const res = await fetch(`${url}/api/health`);
        await res.body?.cancel();
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`the server did not become healthy in time\n${output}`);
      }
      await sleep(100);
    }
  };

  return {
    healthy,
    url,
    port: options.port,
    child,
    output: () => output,
    exit: () => exited,
    exited: () => exitPromise,
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exitPromise;
      clearTimeout(timer);
    },
    async kill() {
      if (exited) return;
      child.kill("SIGKILL");
      await exitPromise;
    },
  };
}

/** Signs in through the API and returns the `Cookie` header value of the admin session. */
export async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/admin/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  if (!cookie) throw new Error("the login answer set no session cookie");
  return cookie.split(";")[0] ?? "";
}
