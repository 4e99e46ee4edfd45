import { spawn, execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL, E2E_PORT, SERVER_DATABASE_URL, SKIP_PWA_BUILD } from "./env";

const root = path.resolve(import.meta.dirname, "../..");

async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become healthy in time");
}

/** Builds the PWA and starts the real server on a fresh database for the whole run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!SKIP_PWA_BUILD) execSync("npm run build --workspace pwa", { cwd: root, stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "car-rental-e2e-"));
  const database = SERVER_DATABASE_URL ? await createDatabase(SERVER_DATABASE_URL) : undefined;
  const server = spawn(process.execPath, ["--import", "tsx", "sync-server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // Every test books from 127.0.0.1: the run makes more than the 20 public bookings an hour one
      // address may (release-2 A4), which sync-server's own tests check at the real limits.
      RATE_LIMIT_SCALE: "5",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  process.env.E2E_DATA_DIR = dataDir;
  if (database) process.env.E2E_DATABASE_URL = database.url;
  await waitForHealth(Date.now() + 60_000);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
