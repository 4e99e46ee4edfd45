import { once } from "node:events";
import http from "node:http";
import { migrate, openDatabase, seedFleet } from "@car-rental/db";
import { createApp } from "./app";
import { systemClock } from "./clock";
import { readConfig, type Config } from "./config";
import { createLogger } from "./logger";
import { createMailer } from "./mail/mailer";
import { startBackgroundWork } from "./background";
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

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.knex);
const seeded = await seedFleet(db.knex, { year: systemClock.now().getFullYear() });
if (seeded > 0) logger.info({ cars: seeded }, "seeded the fleet into an empty database");

const password = await ensureAdminPassword(db.knex, config.adminPassword);
const passwordHint = {
  config: "ADMIN_PASSWORD",
  "changed-in-app":
    "password set in Settings (it wins over ADMIN_PASSWORD until ADMIN_PASSWORD's value changes)",
  stored: "password printed at first start (or the one set in Settings)",
  generated: "",
};
const storage = await createStorage(config);
const mailer = createMailer(config);
const deps = { db, storage, mailer, clock: systemClock, config, logger };
const app = createApp(deps);
const background = startBackgroundWork(deps);

const server = http.createServer(app.callback());
server.keepAliveTimeout = 5_000;
server.listen(config.port, config.host);
await once(server, "listening");

const address = server.address();
const port = typeof address === "object" && address ? address.port : config.port;
const url = config.publicUrl ?? `http://localhost:${port}`;
logger.info({ port, engine: db.engine, dataDir: config.dataDir }, "server listening");
console.info(`\n  Alaminos Car Rental is running at ${url}`);
console.info(`  Database: ${db.engine === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL"}`);
if (password.generatedPassword) {
  console.info(`  Admin: sign in at ${url}/admin with the password ${password.generatedPassword}`);
  console.info("  (generated now and shown only once; set ADMIN_PASSWORD to choose your own)\n");
} else {
  console.info(`  Admin: sign in at ${url}/admin with the ${passwordHint[password.source]}\n`);
}

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
  await db.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
