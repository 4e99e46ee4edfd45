/**
 * Crash during drain.
 *
 * Proves: when the server process dies (SIGKILL: no shutdown code, a request
 * cut in the middle) while the PWA's outbox engine is draining a queue of
 * admin changes, and comes back on the same data, the engine finishes the
 * queue by itself and every change is applied exactly once: no payment is
 * lost or recorded twice (ledger count and sum per booking), each booking's
 * `amount_paid` equals the sum of its payments, and the final statuses are the
 * last ones queued. This holds because each entry is sent with its id as
 * `Idempotency-Key` and the server stores the answer in the transaction of
 * the change, also when the changes go several to a request (a batch). The
 * server dies twice: once right after committing a batch of payments, before
 * its answer reaches the client (the retry must be answered from the stored
 * answers, not applied again), and once at a random moment mid-request.
 *
 * The client is the PWA's real engine (`pwa/src/data/outbox-engine.ts`) on
 * fake-indexeddb; the server is `sync-server/src/main.ts` as a child process
 * on embedded PGlite (or on a fresh PostgreSQL database when DATABASE_URL is set).
 */
import "fake-indexeddb/auto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@car-rental/db";
import { routes } from "@car-rental/shared/api";
import { batchResponseSchema } from "@car-rental/shared/schemas/batch";
import { addMoney } from "@car-rental/shared/money";
import type { BookingStatus } from "@car-rental/shared/constants";
import { ApiClient, type FetchLike } from "../../pwa/src/data/api-client";
import { CarRentalDb } from "../../pwa/src/data/db";
import { addPayment } from "../../pwa/src/data/mutations/bookings/add-payment";
import { updateBookingStatus } from "../../pwa/src/data/mutations/bookings/update-booking-status";
import { addToOutbox, newId, type EnqueueInput } from "../../pwa/src/data/outbox";
import { closeOutboxEvents } from "../../pwa/src/data/outbox-events";
import { createOutboxEngine, type OutboxEngine } from "../../pwa/src/data/outbox-engine";
import { SERVER_DATABASE_URL } from "../src/env";
import {
  bookingBody,
  createPostgresDatabase,
  daysFromToday,
  listCars,
  publicBookingAnswerSchema,
  uploadDocumentSets,
  sendJson,
} from "./support/api";
import {
  adminCookie,
  freePort,
  sleep,
  startServer,
  type ServerProcess,
  type ServerOptions,
} from "./support/server-process";

const BOOKINGS = 3;
const PAYMENTS_PER_BOOKING = 18;
/** Crash 1 once this many payments were accepted (of 54), crash 2 once this many. */
const LOSE_ANSWER_AFTER = 20;
const KILL_MID_REQUEST_AFTER = 38;

/** The status changes queued per booking, in order; the last one is the expected final status. */
const statusPlans: BookingStatus[][] = [
  ["confirmed", "completed"],
  ["cancelled", "confirmed"],
  ["confirmed", "cancelled"],
];

let dataDir: string;
let options: ServerOptions;
let server: ServerProcess;
let postgres: { url: string; drop(): Promise<void> } | undefined;
let localDb: CarRentalDb;
let engine: OutboxEngine | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-crash-"));
  postgres = SERVER_DATABASE_URL ? await createPostgresDatabase(SERVER_DATABASE_URL) : undefined;
  options = { port: await freePort(), dataDir, ...(postgres ? { databaseUrl: postgres.url } : {}) };
  server = await startServer(options);
  localDb = new CarRentalDb(`reliability-crash-${Date.now()}`);
});

afterAll(async () => {
  engine?.stop();
  closeOutboxEvents();
  localDb?.close();
  await server?.stop();
  await postgres?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Small, distinct amounts: 18 of them sum to far less than any booking's total. */
const amountOf = (booking: number, n: number) =>
  `${10 + booking * 100 + n}.${String(25 + n).padStart(2, "0")}`;

describe("the server is killed while the outbox drains", () => {
  it("applies every queued change exactly once after a restart on the same data", async () => {
    const cookie = await adminCookie(server.url);
    const cars = await listCars(server.url);
    const bookingIds: string[] = [];
    // A document set per booking: a set belongs to one booking (release 2 A3).
    const documents = await uploadDocumentSets(server.url, BOOKINGS);
    for (let b = 0; b < BOOKINGS; b++) {
      const car = cars[b];
      if (!car) throw new Error("the seeded fleet has fewer than three cars");
      const res = await sendJson(
        server.url,
        "POST",
        routes.createBooking.path,
        bookingBody(
          car,
          daysFromToday(10 + b),
          daysFromToday(13 + b),
          { fullName: `Crash Test ${b}`, email: `crash${b}@example.ph` },
          documents[b],
        ),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      bookingIds.push(publicBookingAnswerSchema.parse(await res.json()).booking.id);
    }

    // The outbox, as the admin built it offline: payments and status changes, interleaved.
    const entries: EnqueueInput[] = [];
    for (let n = 0; n < PAYMENTS_PER_BOOKING + 2; n++) {
      for (let b = 0; b < BOOKINGS; b++) {
        const bookingId = bookingIds[b] ?? "";
        // The status changes sit at positions 6 and 13 of each booking's 20 changes.
        const statusIndex = n === 6 ? 0 : n === 13 ? 1 : -1;
        const status = statusPlans[b]?.[statusIndex];
        if (status) {
          entries.push({
            mutation: updateBookingStatus,
            args: { id: bookingId, status },
            label: `Booking ${b} → ${status}`,
          });
          continue;
        }
        const paymentNumber = n - (n > 13 ? 2 : n > 6 ? 1 : 0);
        const amount = amountOf(b, paymentNumber);
        entries.push({
          mutation: addPayment,
          args: { bookingId, id: newId(), amount },
          label: `Payment ₱${amount} for booking ${b}`,
        });
      }
    }
    expect(entries).toHaveLength(BOOKINGS * (PAYMENTS_PER_BOOKING + 2));
    for (const entry of entries) await addToOutbox(localDb, entry);

    // The network: the admin's cookie on every call, and two crashes of the server.
    const startedAt = Date.now();
    const timeline: string[] = [];
    const stamp = (what: string) =>
      timeline.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${what}`);
    let acceptedPayments = 0;
    let replays = 0;
    let unanswered = 0;
    const crashes: Promise<void>[] = [];
    const crashAndRestart = async (what: string) => {
      await server.kill();
      stamp(`${what}: killed after ${acceptedPayments} accepted payments`);
      await sleep(300);
      server = await startServer(options);
      stamp("server back on the same data");
    };
    /** The payments a request carries (its own path, or each change of a batch). */
    const paymentsIn = (input: string, init: RequestInit): number => {
      if (new URL(input).pathname.endsWith("/payment")) return 1;
      if (new URL(input).pathname !== routes.adminBatch.path || typeof init.body !== "string") return 0;
      const { changes } = JSON.parse(init.body) as { changes: { path: string }[] };
      return changes.filter((change) => change.path.endsWith("/payment")).length;
    };
    /** Counts what the server accepted and what it answered from stored answers. */
    const tally = async (input: string, response: Response) => {
      if (new URL(input).pathname === routes.adminBatch.path && response.ok) {
        const { results } = batchResponseSchema.parse(await response.clone().json());
        const keysOfPayments = results.filter((result) => result.status !== null && result.status < 300);
        acceptedPayments += keysOfPayments.length;
        replays += results.filter((result) => result.replayed === true).length;
        return;
      }
      if (response.headers.get("Idempotent-Replayed") === "true") replays += 1;
      if (response.ok && new URL(input).pathname.endsWith("/payment")) acceptedPayments += 1;
    };
    const network: FetchLike = async (input, init) => {
      const headers = new Headers(init.headers);
      headers.set("Cookie", cookie);
      const carriesPayments = paymentsIn(input, init) > 0;
      if (crashes.length === 0 && carriesPayments && acceptedPayments >= LOSE_ANSWER_AFTER) {
        // Crash 1, the hard case: the payments are committed, then the server dies before the answer reaches us.
        const response = await fetch(input, { ...init, headers });
        await response.body?.cancel();
        crashes.push(crashAndRestart(`crash 1 (answer ${response.status} lost)`));
        unanswered += 1;
        throw new TypeError("fetch failed: socket hang up");
      }
      const pending = fetch(input, { ...init, headers });
      if (crashes.length === 1 && acceptedPayments >= KILL_MID_REQUEST_AFTER) {
        // Crash 2: SIGKILL at a random moment while a request is on its way or being handled.
        crashes.push(
          sleep(Math.floor(Math.random() * 15)).then(() => crashAndRestart("crash 2 (mid-request)")),
        );
      }
      try {
        const response = await pending;
        await tally(input, response);
        return response;
      } catch (error) {
        unanswered += 1;
        throw error;
      }
    };

    engine = createOutboxEngine({
      db: localDb,
      api: new ApiClient({ baseUrl: server.url, fetch: network }),
      locks: null,
      syncAfterDelivery: false,
      intervalMs: 500,
      // Small batches (the changes go several to a request), so the crashes fall between and inside them.
      batchSize: 6,
    });
    engine.start();

    const deadline = Date.now() + 90_000;
    while ((await localDb.outbox.count()) > 0 && Date.now() < deadline) {
      const failed = await localDb.outbox.where("state").equals("failed").toArray();
      expect(failed.map((entry) => `${entry.label}: ${entry.lastError ?? ""}`)).toEqual([]);
      await sleep(200);
    }
    engine.stop();
    await Promise.all(crashes);
    stamp("outbox empty");
    console.info(
      `crash during drain: ${timeline.join("; ")}; ${unanswered} unanswered requests, ${replays} replays`,
    );
    expect(await localDb.outbox.toArray(), server.output()).toEqual([]);
    expect(crashes).toHaveLength(2);
    // The payment whose answer was lost was not applied again: its retry got the stored answer.
    expect(replays).toBeGreaterThanOrEqual(1);

    // Read what the server stored, from its database, after a clean stop.
    await server.stop();
    const stored: Database = await openDatabase(
      postgres ? { databaseUrl: postgres.url, dataDir } : { dataDir },
    );
    try {
      for (let b = 0; b < BOOKINGS; b++) {
        const bookingId = bookingIds[b] ?? "";
        const payments: { amount: string }[] = await stored
          .knex("payments")
          .where({ booking_id: bookingId })
          .select("amount");
        const expected = Array.from({ length: PAYMENTS_PER_BOOKING }, (_, n) => amountOf(b, n));
        expect(payments.map((p) => p.amount).sort()).toEqual([...expected].sort());
        const expectedSum = expected.reduce((sum, amount) => addMoney(sum, amount), "0.00");
        const booking: { status: string; amount_paid: string } | undefined = await stored
          .knex("bookings")
          .where({ id: bookingId })
          .first("status", "amount_paid");
        expect(booking).toEqual({ status: statusPlans[b]?.at(-1), amount_paid: expectedSum });
      }
      const all: { count: string }[] = await stored.knex("payments").count({ count: "*" });
      expect(Number(all[0]?.count)).toBe(BOOKINGS * PAYMENTS_PER_BOOKING);
    } finally {
      await stored.close();
    }
  });
});
