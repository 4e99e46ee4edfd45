import cluster from "node:cluster";
import { once } from "node:events";
import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { DataDirInUse, migrate, openDatabase, seedFleet } from "@car-rental/db";
import type { Database } from "@car-rental/db";
import { createApp } from "./app";
import { writeBackup } from "./backup/archive";
import { serveBackupRequests } from "./backup/backup-requests";
import { startDailyBackup } from "./backup/daily-backup";
import { systemClock } from "./clock";
import { readConfig, type Config } from "./config";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { startBackgroundWork } from "./background";
import { vapidKeys } from "./push/vapid";
import { ensureAdminPassword } from "./services/admin/admin-session.service";
import { createStorage } from "./storage/create-storage";

let config: Config;
try {
  config = readConfig();
} catch (err) {
  // A configuration mistake is the operator's to fix: one clear line, no stack trace.
  console.error(`Cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);

if (config.webConcurrency > 1 && !config.databaseUrl) {
  console.error(
    `WEB_CONCURRENCY=${config.webConcurrency} needs PostgreSQL (set DATABASE_URL): the embedded database serves one process only`,
  );
  process.exit(1);
}

/**
 * The embedded database's WebAssembly is optimised whole, from the start (issue #17). By default V8
 * compiles it with its quick baseline compiler and later optimises only the functions that turn out
 * busy, a few at a time, while requests are being served; with dynamic tiering off it still starts
 * from the quick compile, then optimises every function in the background straight away. Measured
 * with `npm run bench:profile` on bookings: the database's thread used about a tenth less time per
 * booking, the whole server process about as much less; the start takes about 0.7 s longer on two
 * cores. Process-wide, and set before the database's thread compiles the module; nothing else in
 * the server compiles WebAssembly afterwards.
 */
function compileEmbeddedDatabaseFully(): void {
  setFlagsFromString("--no-wasm-dynamic-tiering");
}

/** Opens the database; a data folder held by another server stops this process before it touches anything. */
async function open(): Promise<Database> {
  if (!config.databaseUrl) compileEmbeddedDatabaseFully();
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUse) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Migrations, the first seed and the admin password: every step is safe when
 * several processes (or machines) start together on one PostgreSQL (an
 * advisory lock for migrations, insert-if-absent for the rest), so exactly one
 * of them seeds and exactly one generates and prints a password.
 */
async function prepare(db: Database): Promise<Awaited<ReturnType<typeof ensureAdminPassword>>> {
  await migrate(db.knex);
  const seeded = await seedFleet(db.knex, { year: systemClock.now().getFullYear() });
  if (seeded > 0) logger.info({ cars: seeded }, "seeded the fleet into an empty database");
  // Web Push keys are generated at first start and stored (release-2 D4), not at the first subscription.
  await vapidKeys(db.knex);
  return ensureAdminPassword(db.knex, config.adminPassword);
}

const PASSWORD_HINTS = {
  config: "ADMIN_PASSWORD",
  "changed-in-app":
    "password set in Settings (it wins over ADMIN_PASSWORD until ADMIN_PASSWORD's value changes)",
  stored: "password printed at first start (or the one set in Settings)",
  generated: "",
};

function printBanner(
  engine: Database["engine"],
  port: number,
  password: Awaited<ReturnType<typeof prepare>>,
) {
  const url = config.publicUrl ?? `http://localhost:${port}`;
  console.info(`\n  Alaminos Car Rental is running at ${url}`);
  console.info(
    `  Database: ${engine === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL"}` +
      (config.webConcurrency > 1 ? ` (${config.webConcurrency} worker processes)` : ""),
  );
  // The mails' links (My booking) are built from it, never from a request's Host (a client could choose that).
  if (!config.publicUrl)
    console.info(
      "  PUBLIC_URL is not set: links in e-mails are relative (/my-booking?…) and open in no mail app;\n" +
        "  set it to the site's public address, e.g. PUBLIC_URL=https://alaminoscarrental.ph",
    );
  if (password.generatedPassword) {
    console.info(`  Admin: sign in at ${url}/admin with the password ${password.generatedPassword}`);
    console.info("  (generated now and shown only once; set ADMIN_PASSWORD to choose your own)\n");
  } else {
    console.info(`  Admin: sign in at ${url}/admin with the ${PASSWORD_HINTS[password.source]}\n`);
  }
}

/** One serving process: the HTTP server, background work and (unless another does) the daily backup. */
async function serve(db: Database): Promise<{ port: number }> {
  const storage = await createStorage(config);
  const mailer = createMailer(config);
  const deps = { db, storage, mailer, clock: systemClock, config, logger };
  const app = createApp(deps);
  const background = startBackgroundWork(deps);
  const backup = startDailyBackup(deps);
  // On the embedded database no other process may open it: `npm run backup` asks this one.
  const backupRequests =
    db.engine === "pglite"
      ? await serveBackupRequests(config.dataDir, (file) => writeBackup(db, storage, file), logger)
      : null;

  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  server.listen(config.port, config.host);
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, engine: db.engine, dataDir: config.dataDir, pid: process.pid }, "server listening");

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests in flight get a few seconds to finish; then the rest are cut.
    const forced = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(forced);
    await background.stop();
    await backup.stop();
    await backupRequests?.stop();
    await db.close();
    logger.info("stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { port };
}

if (config.webConcurrency === 1) {
  const db = await open();
  const password = await prepare(db);
  const { port } = await serve(db);
  printBanner(db.engine, port, password);
} else if (cluster.isPrimary) {
  // The primary prepares the database once, then forks workers that share the port.
  const db = await open();
  const password = await prepare(db);
  await db.close();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
  let listening = 0;
  cluster.on("listening", () => {
    listening += 1;
    if (listening === config.webConcurrency) printBanner("postgres", config.port, password);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, "a worker process died; starting another");
    fork();
  });
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const exited = () => Object.keys(cluster.workers ?? {}).length === 0;
    const check = setInterval(() => {
      if (!exited()) return;
      clearInterval(check);
      process.exit(0);
    }, 100);
  };
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
} else {
  await serve(await open());
}
