/**
 * `npm run bench:booking-sql`: the SQL statements of POST /api/bookings and
 * the time each takes. Runs the real app in this process on a fresh database
 * of PROFILE_ENGINE (postgres or pglite), books PROFILE_BOOKINGS distinct
 * bookings one after another (with an Idempotency-Key, as the PWA sends
 * them), times every statement knex sends and prints them in the order of
 * one request, with their mean time over all requests, plus the statements
 * per request and the mean request time.
 */
import { once } from "node:events";
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import pg from "pg";
import { createApp } from "../sync-server/src/app";
import { systemClock } from "../sync-server/src/clock";
import { configFrom } from "../sync-server/src/config";
import { createLogger } from "../sync-server/src/logger";
import { createMailer } from "../sync-server/src/mail/mailer";
import { createStorage } from "../sync-server/src/storage/create-storage";
import { distinctBookings, uploadBenchDocumentSets, type BenchCar } from "./lib/bookings";
import { createBenchDatabase } from "./lib/databases";
import { benchSettings, profileSettings } from "./lib/env";

const { engine } = profileSettings;
const bookings = profileSettings.bookings ?? 200;

const database = await createBenchDatabase(engine, benchSettings.postgresUrl);
const db = await database.open();
const config = configFrom({ dataDir: database.env.DATA_DIR ?? "", logLevel: "silent", rateLimitScale: 1000 });
const deps = {
  db,
  storage: await createStorage(config),
  mailer: createMailer(config),
  clock: systemClock,
  config,
  logger: createLogger("silent"),
};
const server = http.createServer(createApp(deps).callback());
server.listen(0, "127.0.0.1");
await once(server, "listening");
const address = server.address();
if (typeof address !== "object" || address === null) throw new Error("no address");
const url = `http://127.0.0.1:${address.port}`;

type Timed = { sql: string; ms: number };
let current: Timed[] | null = null;
const record = (sql: string, at: number) =>
  current?.push({ sql: sql.replace(/\s+/g, " ").slice(0, 150), ms: performance.now() - at });
if (engine === "postgres") {
  // Every statement node-postgres sends (BEGIN, SAVEPOINT and COMMIT too), timed to its answer.
  const original = pg.Client.prototype.query;
  const timedQuery = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const sql = typeof config === "string" ? config : String((config as { text?: unknown }).text ?? "");
    const at = performance.now();
    const last = args.at(-1);
    if (typeof last === "function") {
      // knex passes a callback.
      args[args.length - 1] = (...answer: unknown[]) => {
        record(sql, at);
        return Reflect.apply(last, undefined, answer);
      };
    }
    const result: unknown = Reflect.apply(original, this, args);
    if (result instanceof Promise)
      void result.then(
        () => record(sql, at),
        () => record(sql, at),
      );
    return result;
  };
  pg.Client.prototype.query = timedQuery as typeof original;
} else {
  const started = new Map<string, { sql: string; at: number }>();
  const knex: Knex = db.knex;
  knex.on("query", (q: { __knexQueryUid: string; sql: string }) => {
    started.set(q.__knexQueryUid, { sql: q.sql, at: performance.now() });
  });
  const finished = (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    if (!s) return;
    started.delete(q.__knexQueryUid);
    record(s.sql, s.at);
  };
  knex.on("query-response", finished);
  knex.on("query-error", (e: unknown, q: { __knexQueryUid: string }) => finished(e, q));
}

const cars = (await (await fetch(`${url}/api/cars`)).json()) as BenchCar[];
const next = distinctBookings(cars, 400, await uploadBenchDocumentSets(url, bookings));
const perRequest: Timed[][] = [];
const skip = Math.min(20, Math.floor(bookings / 4)); // warm-up
let cpuFrom = process.cpuUsage();
const requestMs: number[] = [];
const statuses = new Map<number, number>();
for (let i = 0; i < bookings; i += 1) {
  if (i === skip) cpuFrom = process.cpuUsage();
  current = [];
  const at = performance.now();
  const res = await fetch(`${url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: next(),
  });
  await res.arrayBuffer();
  requestMs.push(performance.now() - at);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  perRequest.push(current);
  current = null;
}
const cpu = process.cpuUsage(cpuFrom);
server.close();
await db.close();
await database.drop();

const kept = perRequest.slice(skip);
const shape = kept.at(-1) ?? [];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
console.info(`${engine}: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
console.info(
  `request ${mean(requestMs.slice(skip)).toFixed(2)} ms mean; ${shape.length} statements, ${mean(kept.map((r) => r.reduce((a, s) => a + s.ms, 0))).toFixed(2)} ms in SQL`,
);
console.info(
  `CPU of this process (server and client) per booking: ${((cpu.user + cpu.system) / 1000 / Math.max(1, bookings - skip)).toFixed(2)} ms`,
);
shape.forEach((s, i) => {
  const times = kept.map((r) => r[i]?.ms ?? 0);
  console.info(`${mean(times).toFixed(2).padStart(7)} ms  ${s.sql}`);
});
process.exit(0);
