/**
 * PostgreSQL restarted while requests flow.
 *
 * Proves: when the database server goes away under load (`pg_ctl stop -m
 * fast` terminates every session) and comes back two seconds later, the app
 * server (a child process, never restarted) keeps answering: each request
 * either succeeds or gets 503 with `{error: {code: 'DATABASE_UNAVAILABLE'}}`,
 * never another 5xx, never a dropped connection, and the process does not
 * crash (an unhandled 'error' event of a pooled connection would kill it). It
 * recovers by itself: requests succeed again within seconds of PostgreSQL
 * being back. And every booking it answered 201 is really in the database.
 * After a restart that happens while the app is idle, its very first
 * requests succeed (dead pooled connections are discarded, not used).
 *
 * Runs on a private PostgreSQL 15 instance (initdb in a temporary folder), so
 * the shared server on 5432 is never disturbed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import type { Car } from "@car-rental/shared/schemas/car";
import {
  bookingBody,
  daysFromToday,
  errorBodySchema,
  listCars,
  publicBookingAnswerSchema,
  uploadDocumentSets,
  uploadDocuments,
  type DocumentPaths,
  sendJson,
} from "./support/api";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";
import { freePort, sleep, startServer, type ServerProcess } from "./support/server-process";

/** Public bookings per client address per 10 minutes (PUBLIC_BOOKING_RATE_LIMIT); the stream stays below. */
const MAX_BOOKINGS = 180;
/** How long PostgreSQL stays down. */
const DOWN_MS = 2_000;
/** Requests must succeed again this soon after PostgreSQL accepts connections again (a loaded CI machine included). */
const RECOVERY_MS = 15_000;

type Outcome = { kind: "booking" | "read"; at: number; status: number | null; body: string; error?: string };

let postgres: PrivatePostgres;
let server: ServerProcess;
let dataDir: string;
let databaseUrl: string;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase("rental");
  dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-pgrestart-"));
  // One address sends every booking of the stream: past the 20 an hour a real client gets.
  server = await startServer({ port: await freePort(), dataDir, databaseUrl, rateLimitScale: 10 });
});

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Booking n: its own customer, and a one-day rental no other booking of the stream overlaps. */
function nthBooking(cars: Car[], n: number, documents: DocumentPaths | undefined) {
  const car = cars[n % cars.length];
  if (!car) throw new Error("no cars");
  const day = 5 + 2 * Math.floor(n / cars.length);
  return bookingBody(
    car,
    daysFromToday(day),
    daysFromToday(day + 1),
    {
      fullName: `Stream Customer ${n}`,
      email: `stream${n}@example.ph`,
    },
    documents,
  );
}

describe("PostgreSQL restarts while bookings and reads flow", () => {
  it("answers 503 or succeeds meanwhile, recovers by itself and loses no accepted booking", async () => {
    const cars = await listCars(server.url);
    // A document set per booking (a set belongs to one booking), uploaded before PostgreSQL restarts.
    const documents = await uploadDocumentSets(server.url, MAX_BOOKINGS);
    const outcomes: Outcome[] = [];
    const accepted: string[] = [];
    let nextBooking = 0;
    let running = true;

    const record = async (kind: Outcome["kind"], send: () => Promise<Response>) => {
      const at = Date.now();
      try {
        const res = await send();
        const body = await res.text();
        outcomes.push({ kind, at, status: res.status, body });
        return { status: res.status, body };
      } catch (error) {
        outcomes.push({
          kind,
          at,
          status: null,
          body: "",
          error: error instanceof Error ? error.message : String(error),
        });
        return null;
      }
    };

    const bookingWorker = async () => {
      while (running && nextBooking < MAX_BOOKINGS) {
        const n = nextBooking++;
        const answer = await record("booking", () =>
          // Half of them as the PWA's outbox would send them, inside an idempotency transaction.
          sendJson(
            server.url,
            "POST",
            routes.createBooking.path,
            nthBooking(cars, n, documents[n]),
            n % 2 === 0 ? { "Idempotency-Key": `stream-booking-${n}-${Date.now()}` } : {},
          ),
        );
        if (answer?.status === 201)
          accepted.push(publicBookingAnswerSchema.parse(JSON.parse(answer.body)).booking.id);
        await sleep(40);
      }
    };
    const readWorker = async () => {
      let n = 0;
      while (running) {
        const car = cars[n++ % cars.length];
        const route = n % 2 === 0 || !car ? "/api/cars" : `/api/cars/${car.id}/booked-dates`;
        await record("read", () => fetch(server.url + route));
        await sleep(40);
      }
    };
    const workers = [bookingWorker(), bookingWorker(), readWorker()];

    await sleep(2_000);
    const restart = await postgres.restart(DOWN_MS);
    // Keep the stream going until well after recovery.
    const recoveryDeadline = restart.startedAt + RECOVERY_MS;
    let recoveredAt: number | null = null;
    while (Date.now() < recoveryDeadline + 2_000) {
      const lastSuccesses = outcomes.filter(
        (o) => o.at > restart.startedAt && o.status !== null && o.status < 300,
      );
      if (lastSuccesses.some((o) => o.kind === "booking") && lastSuccesses.some((o) => o.kind === "read")) {
        recoveredAt ??= Math.max(...lastSuccesses.map((o) => o.at));
        if (Date.now() > recoveredAt + 2_000) break;
      }
      await sleep(100);
    }
    running = false;
    await Promise.all(workers);

    const summary = {
      requests: outcomes.length,
      ok: outcomes.filter((o) => o.status !== null && o.status < 300).length,
      unavailable: outcomes.filter((o) => o.status === 503).length,
      accepted: accepted.length,
      recoveredAfterMs: recoveredAt === null ? null : recoveredAt - restart.startedAt,
    };
    console.info("PostgreSQL restart:", JSON.stringify(summary));

    // The process never died and never dropped a connection.
    expect(server.exit(), server.output()).toBeNull();
    expect(outcomes.filter((o) => o.status === null)).toEqual([]);
    // Each answer: a success, or a 503 that says the database is unavailable; nothing else.
    const unexpected = outcomes.filter(
      (o) => o.status !== null && o.status !== 200 && o.status !== 201 && o.status !== 503,
    );
    const unhandled = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"unhandled error"'))
      .join("\n");
    expect(unexpected, unhandled || server.output().slice(-5_000)).toEqual([]);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(errorBodySchema.parse(JSON.parse(o.body)).error.code).toBe("DATABASE_UNAVAILABLE");
    }
    // It went through the outage, and came back by itself.
    expect(outcomes.some((o) => o.at > restart.stoppedAt && o.at < restart.startedAt)).toBe(true);
    expect(recoveredAt, "no request succeeded after PostgreSQL came back").not.toBeNull();
    expect(summary.recoveredAfterMs ?? Infinity).toBeLessThan(RECOVERY_MS);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    // Every booking answered 201 is stored.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const stored = await client.query<{ id: string }>(
        "select id::text as id from bookings where id::text = any($1::text[])",
        [accepted],
      );
      expect(stored.rows.map((r) => r.id).sort()).toEqual([...accepted].sort());
    } finally {
      await client.end();
    }
  });

  it("serves the first requests after a restart that happened while it was idle", async () => {
    const cars = await listCars(server.url);
    const documents = await uploadDocuments(server.url);
    // Warm the pool: several connections, then idle while PostgreSQL restarts under them.
    // (The fleet list, not booked dates: those may come from the server's micro-cache.)
    const fleetReads = () => Promise.all(cars.slice(0, 6).map(() => fetch(`${server.url}/api/cars`)));
    await fleetReads();
    await postgres.restart(DOWN_MS);
    await sleep(500);
    // Dead pooled connections must be thrown away, not handed to these requests.
    const reads = await fleetReads();
    expect(reads.map((res) => res.status)).toEqual(reads.map(() => 200));
    const booking = await sendJson(
      server.url,
      "POST",
      routes.createBooking.path,
      nthBooking(cars, MAX_BOOKINGS + 30, documents),
    );
    expect(booking.status, await booking.text()).toBe(201);
    expect(server.exit()).toBeNull();
  });
});
