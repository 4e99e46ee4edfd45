import http from "node:http";
import type { DestinationStream } from "pino";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seedFleet, type Database, type Engine } from "@car-rental/db";
import { openTestDatabase } from "@car-rental/db/test-database";
import { createApp } from "./app";
import { fixedClock } from "./clock";
import { configFrom, type Config } from "./config";
import type { AppDeps } from "./deps";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { ensureAdminPassword, SESSION_COOKIE } from "./services/admin/admin-session.service";
import { createStorage } from "./storage/create-storage";

export const TEST_ADMIN_PASSWORD = "correct horse battery staple";
/** Tests stand on a fixed Manila morning: 2026-11-21 09:30 in Manila. */
export const TEST_NOW = new Date("2026-11-21T01:30:00Z");

export type TestServer = {
  url: string;
  deps: AppDeps;
  db: Database;
  clock: ReturnType<typeof fixedClock>;
  dataDir: string;
  /** Signs in and returns the Cookie header value of an admin session. */
  adminCookie(): Promise<string>;
  /** fetch against the server, JSON in and out, with the same-origin headers a browser sends. */
  request(
    method: string,
    route: string,
    options?: { body?: unknown; cookie?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
};

/**
 * A real HTTP server on a real, freshly migrated database (PGlite in memory or
 * a new PostgreSQL database), with the fleet seeded, local storage and mail
 * files in a temporary folder.
 */
export async function startTestServer(
  engine: Engine,
  options: { config?: Partial<Config>; seed?: boolean; now?: Date; logDestination?: DestinationStream } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-test-"));
  const db = await openTestDatabase(engine);
  if (options.seed !== false) await seedFleet(db.knex, { year: 2026 });
  const config = configFrom({
    dataDir,
    adminPassword: TEST_ADMIN_PASSWORD,
    logLevel: "silent",
    ...options.config,
  });
  await ensureAdminPassword(db.knex, config.adminPassword);
  const clock = fixedClock(options.now ?? TEST_NOW);
  const deps: AppDeps = {
    db,
    storage: await createStorage(config),
    mailer: createMailer(config),
    clock,
    config,
    logger: createLogger(config.logLevel, options.logDestination),
  };
  const server = http.createServer(createApp(deps).callback());
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("server has no address");
  const url = `http://127.0.0.1:${address.port}`;

  const request: TestServer["request"] = (method, route, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers["Content-Type"] ??= "application/json";
    if (opts.cookie) headers.Cookie = opts.cookie;
    return fetch(url + route, {
      method,
      headers,
      body:
        opts.body === undefined
          ? undefined
          : typeof opts.body === "string"
            ? opts.body
            : JSON.stringify(opts.body),
    });
  };

  return {
    url,
    deps,
    db,
    clock,
    dataDir,
    request,
    async adminCookie() {
      const res = await request("POST", "/api/admin/session", { body: { password: TEST_ADMIN_PASSWORD } });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      if (!setCookie) throw new Error("no session cookie");
      return setCookie.split(";")[0] ?? "";
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
