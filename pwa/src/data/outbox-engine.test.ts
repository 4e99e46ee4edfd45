// @vitest-environment node
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildPath, routes } from "@car-rental/shared/api";
import { errorMessages } from "@car-rental/shared/messages";
import type { BatchChange } from "@car-rental/shared/schemas/batch";
import { addMoney, formatPeso } from "@car-rental/shared/money";
import { adminTestServerForThisFile } from "./admin-test-server-support";
import { ApiClient, ApiError, describeError, type FetchLike } from "./api-client";
import { syncAdmin } from "./admin-sync";
import { refreshBookedRanges, refreshCars } from "./public-data";
import { CarRentalDb, type OutboxEntry } from "./db";
import { addLegacyEntry, type LegacyInput } from "./outbox-test-support";
import { onOutboxEvent, type OutboxEvent } from "./outbox-events";
import { createOutboxEngine, type LockManagerLike, type OutboxEngine } from "./outbox-engine";
import { NO_ANSWER } from "./outbox-send";

const admin = adminTestServerForThisFile();

/** A fetch that goes to the real server, can be cut off, carries the admin cookie when set, and logs what it sent. */
function makeNetwork() {
  const network = {
    offline: false,
    cookie: null as string | null,
    /** Deliver the request but lose the answer, this many times. */
    loseAnswers: 0,
    sent: [] as { method: string; path: string; key: string | null; body: unknown }[],
    /** How many batch requests went (their changes are listed in `sent` one by one). */
    batches: 0,
    /** Answer batch requests 404, as a server of the previous version would. */
    noBatches: false,
    fetch: (async (input, init) => {
      if (network.offline) throw new TypeError("fetch failed");
      const headers = new Headers(init.headers);
      if (network.cookie) headers.set("Cookie", network.cookie);
      const url = new URL(input);
      const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      if (url.pathname === routes.adminBatch.path && network.noBatches) {
        return new Response(JSON.stringify({ code: "NOT_FOUND", message: "No such API route" }), {
          status: 404,
          headers: { "Content-Type": "application/json" },
        });
      }
      if (url.pathname === routes.adminBatch.path) {
        network.batches += 1;
        for (const change of (body as { changes: BatchChange[] }).changes) {
          network.sent.push({ method: change.method, path: change.path, key: change.key, body: change.body });
        }
      } else {
        network.sent.push({
          method: init.method ?? "GET",
          path: url.pathname,
          key: headers.get("Idempotency-Key"),
          body,
        });
      }
      const response = await fetch(input, { ...init, headers });
      if (network.loseAnswers > 0) {
        network.loseAnswers -= 1;
        await response.body?.cancel();
        throw new TypeError("socket hang up");
      }
      return response;
    }) satisfies FetchLike,
  };
  return network;
}

/**
 * Queues an entry as the previous version did (a temporary id the server
 * replaces; see outbox-test-support.ts) and starts a drain, as `enqueue` does.
 */
async function enqueueLegacy(input: LegacyInput): Promise<OutboxEntry> {
  const entry = await addLegacyEntry(db, input);
  engine.kick();
  return entry;
}

let dbCounter = 0;
let db: CarRentalDb;
let network: ReturnType<typeof makeNetwork>;
let client: ApiClient;
let engine: OutboxEngine;
const engines: OutboxEngine[] = [];

function newEngine(database: CarRentalDb, locks: LockManagerLike | null = null) {
  const created = createOutboxEngine({ db: database, api: client, locks, random: () => 0.5 });
  engines.push(created);
  return created;
}

beforeEach(() => {
  dbCounter += 1;
  db = new CarRentalDb(`car-rental-test-${dbCounter}`);
  network = makeNetwork();
  network.cookie = admin.cookie;
  client = new ApiClient({ baseUrl: admin.server.url, fetch: network.fetch });
  engine = newEngine(db);
});

afterEach(async () => {
  for (const created of engines.splice(0)) created.stop();
  db.close();
});

const contact = (n: number) => ({
  firstName: "Maria",
  lastName: `Santos ${n}`,
  email: `maria${n}@example.ph`,
  phone: "0917 555 0101",
  subject: "General Inquiry",
  message: `Message number ${n}`,
});

function contactEntry(n: number): LegacyInput {
  return {
    method: "POST",
    path: routes.sendContactMessage.path,
    body: contact(n),
    entity: "contact",
    entityId: `contact-${n}`,
    label: `Message from Maria Santos ${n}`,
  };
}

async function contactRows(lastNamePrefix: string) {
  return admin.server.db
    .knex("contact_messages")
    .where("last_name", "like", `${lastNamePrefix}%`)
    .select("last_name");
}

async function createBooking(total = "5000.00", pickupDate = "2026-12-01", returnDate = "2026-12-03") {
  const car = await admin.server.db.knex("cars").whereNull("deleted_at").first("id", "name");
  if (!car) throw new Error("no seeded car");
  const response = await admin.server.request("POST", "/api/admin/bookings", {
    cookie: admin.cookie,
    body: {
      customerEmail: "juan@example.ph",
      customerName: "Juan dela Cruz",
      carName: car.name,
      carId: car.id,
      pickupDate,
      returnDate,
      total,
      status: "pending",
    },
  });
  expect(response.status).toBe(201);
  const booking: unknown = await response.json();
  if (
    typeof booking !== "object" ||
    booking === null ||
    !("id" in booking) ||
    typeof booking.id !== "string"
  ) {
    throw new Error("no booking id");
  }
  return booking.id;
}

function paymentEntry(bookingId: string, amount: string, tempId: string): LegacyInput {
  return {
    method: "PATCH",
    path: buildPath(routes.addPayment.path, { id: bookingId }),
    body: { amount },
    entity: "payments",
    entityId: tempId,
    related: [{ entity: "bookings", id: bookingId }],
    label: `Payment ₱${amount} for booking ${bookingId.slice(0, 6).toUpperCase()}`,
  };
}

describe("the outbox engine against the real server", { timeout: 30_000 }, () => {
  it("sends queued changes in the order they were made", async () => {
    network.offline = true;
    const queued: OutboxEntry[] = [];
    for (const n of [1, 2, 3]) queued.push(await enqueueLegacy({ ...contactEntry(n), body: contact(n) }));
    await engine.drain();
    expect(await db.outbox.count()).toBe(3);
    expect((await db.outbox.get(queued[0]?.id ?? ""))?.attempts).toBe(1);
    // Said in the owner's words, not the browser's ('fetch failed').
    expect((await db.outbox.get(queued[0]?.id ?? ""))?.lastError).toBe(NO_ANSWER);

    network.offline = false;
    const result = await engine.drain({ ignoreBackoff: true });
    expect(result.delivered).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    const posted = network.sent.filter((request) => request.path === "/api/contact");
    expect(posted.map((request) => request.key)).toEqual(queued.map((entry) => entry.id));
    expect(posted.map((request) => request.body)).toEqual([contact(1), contact(2), contact(3)]);
    expect(await contactRows("Santos ")).toHaveLength(3);
  });

  it("applies admin changes in order: the last status wins", async () => {
    const bookingId = await createBooking("5000.00", "2026-12-10", "2026-12-12");
    await syncAdmin({ db, api: client });
    network.offline = true;
    for (const status of ["confirmed", "completed"] as const) {
      await enqueueLegacy({
        method: "PATCH",
        path: buildPath(routes.updateBookingStatus.path, { id: bookingId }),
        body: { status },
        entity: "bookings",
        entityId: bookingId,
        label: `Booking ${bookingId.slice(0, 6)} → ${status}`,
        apply: async (tx) => {
          await tx.bookings.update(bookingId, { status, _pending: true });
        },
      });
    }
    // The drains the enqueues kicked off fail offline; let them finish before the network returns.
    await vi.waitFor(async () => {
      expect((await db.outbox.toArray()).every((entry) => entry.state === "pending")).toBe(true);
    });
    // A sync while the changes wait does not overwrite the optimistic row.
    network.offline = false;
    await syncAdmin({ db, api: client, full: true });
    expect((await db.bookings.get(bookingId))?.status).toBe("completed");
    expect((await db.bookings.get(bookingId))?._pending).toBe(true);

    // A drain the enqueue kicked off while offline may still hold the lock: drain until it runs.
    await vi.waitFor(async () => {
      await engine.drain({ ignoreBackoff: true });
      expect(await db.outbox.count()).toBe(0);
    });
    const row = await admin.server.db.knex("bookings").where({ id: bookingId }).first("status");
    expect(row?.status).toBe("completed");
    const local = await db.bookings.get(bookingId);
    expect(local?.status).toBe("completed");
    expect(local?._pending).toBeUndefined();
  });

  it("delivers interleaved changes of two bookings in the order made, then pulls the admin mirror once", async () => {
    const first = await createBooking("5000.00", "2027-01-10", "2027-01-12");
    const second = await createBooking("5000.00", "2027-01-20", "2027-01-22");
    await syncAdmin({ db, api: client });
    network.offline = true;
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 12; i++) {
      const bookingId = i % 4 < 2 ? first : second;
      if (i % 2 === 0) {
        queued.push(await addLegacyEntry(db, paymentEntry(bookingId, "1.00", `temp-payment-${i}`)));
      } else {
        const status = i % 4 === 1 ? "confirmed" : "pending";
        queued.push(
          await addLegacyEntry(db, {
            method: "PATCH",
            path: buildPath(routes.updateBookingStatus.path, { id: bookingId }),
            body: { status },
            entity: "bookings",
            entityId: bookingId,
            label: `Booking ${bookingId.slice(0, 6)} → ${status}`,
          }),
        );
      }
    }
    network.offline = false;
    network.sent.length = 0;
    const result = await engine.drain();
    expect(result.delivered).toBe(12);
    expect(await db.outbox.count()).toBe(0);
    // The twelve went in one request, each under its own key.
    expect(network.batches).toBe(1);
    const patches = network.sent.filter((request) => request.method === "PATCH");
    expect(patches.map((request) => request.key)).toEqual(queued.map((entry) => entry.id));
    // One pull of the mirror for the whole drain, after the last delivery.
    const pulls = network.sent.flatMap((request, index) =>
      request.path === routes.adminSync.path ? [index] : [],
    );
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toBeGreaterThan(network.sent.findLastIndex((request) => request.method === "PATCH"));
    const rows = await admin.server.db
      .knex("bookings")
      .whereIn("id", [first, second])
      .select("id", "amount_paid");
    for (const row of rows) expect(Number(row.amount_paid)).toBe(3);
    expect((await db.bookings.get(first))?.amountPaid).toBe("3.00");
  });

  it("sends a long outbox in batches of at most fifty, each change once and in order", async () => {
    const bookingId = await createBooking("5000.00", "2027-02-10", "2027-02-12");
    await syncAdmin({ db, api: client });
    network.offline = true;
    const queued: OutboxEntry[] = [];
    for (let i = 0; i < 60; i++) {
      queued.push(await addLegacyEntry(db, paymentEntry(bookingId, "1.00", `temp-batch-payment-${i}`)));
    }
    network.offline = false;
    network.sent.length = 0;
    network.batches = 0;
    const result = await engine.drain();
    expect(result.delivered).toBe(60);
    expect(network.batches).toBe(2);
    expect(
      network.sent.filter((request) => request.method === "PATCH").map((request) => request.key),
    ).toEqual(queued.map((entry) => entry.id));
    const [row] = await admin.server.db.knex("bookings").where({ id: bookingId }).select("amount_paid");
    expect(Number(row?.amount_paid)).toBe(60);
    const [payments] = await admin.server.db
      .knex("payments")
      .where({ booking_id: bookingId })
      .count({ n: "*" });
    expect(Number(payments?.n)).toBe(60);
    expect((await db.bookings.get(bookingId))?.amountPaid).toBe("60.00");
  });

  it("a batch whose answer was lost is sent again and applies nothing twice", async () => {
    const bookingId = await createBooking("5000.00", "2027-02-20", "2027-02-22");
    network.offline = true;
    for (let i = 0; i < 5; i++) await addLegacyEntry(db, paymentEntry(bookingId, "2.00", `temp-lost-${i}`));
    network.offline = false;
    network.batches = 0;
    network.loseAnswers = 1;
    const first = await engine.drain();
    expect(first.delivered).toBe(0);
    await engine.drain({ ignoreBackoff: true });
    expect(network.batches).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    const [row] = await admin.server.db.knex("bookings").where({ id: bookingId }).select("amount_paid");
    expect(Number(row?.amount_paid)).toBe(10);
  });

  it("against a server without batches, the changes go one by one", async () => {
    const bookingId = await createBooking("5000.00", "2027-03-01", "2027-03-03");
    network.offline = true;
    for (let i = 0; i < 3; i++) await addLegacyEntry(db, paymentEntry(bookingId, "3.00", `temp-old-${i}`));
    network.offline = false;
    network.noBatches = true;
    const result = await engine.drain();
    expect(result.delivered).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    const [row] = await admin.server.db.knex("bookings").where({ id: bookingId }).select("amount_paid");
    expect(Number(row?.amount_paid)).toBe(9);
  });

  it("sends a change that names a row created offline only after the creation, with the server's id", async () => {
    network.offline = true;
    const created = await addLegacyEntry(db, {
      method: "POST",
      path: routes.blockName.path,
      body: { fullName: "Lola Basyang", reason: "Unpaid rental", blockedBy: "admin" },
      entity: "blockedNames",
      entityId: "temp-blocked-9",
      label: "Block Lola Basyang",
    });
    const removed = await addLegacyEntry(db, {
      method: "DELETE",
      path: buildPath(routes.unblockName.path, { id: "temp-blocked-9" }),
      entity: "blockedNames",
      entityId: "temp-blocked-9",
      label: "Unblock Lola Basyang",
    });
    const message = await addLegacyEntry(db, contactEntry(95));
    network.offline = false;
    network.sent.length = 0;
    const result = await engine.drain();
    expect(result.delivered).toBe(3);
    expect(network.sent.filter((request) => request.method !== "GET").map((request) => request.key)).toEqual([
      created.id,
      removed.id,
      message.id,
    ]);
    const deletion = network.sent.find((request) => request.key === removed.id);
    expect(deletion?.path).not.toContain("temp-blocked-9");
    const rows = await admin.server.db
      .knex("blocked_names")
      .where({ full_name: "Lola Basyang" })
      .select("deleted_at");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it("does not apply a change twice when its answer was lost", async () => {
    const bookingId = await createBooking("8000.00", "2026-12-15", "2026-12-17");
    const events: OutboxEvent[] = [];
    const stop = onOutboxEvent((event) => events.push(event));
    network.loseAnswers = 1;
    const entry = await enqueueLegacy(paymentEntry(bookingId, "1000.00", "temp-payment-1"));
    await engine.drain();
    // The server recorded it, the browser never heard: the entry waits.
    expect((await db.outbox.get(entry.id))?.state).toBe("pending");
    expect(await admin.server.db.knex("payments").where({ booking_id: bookingId }).select("id")).toHaveLength(
      1,
    );

    await engine.drain({ ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    const keys = network.sent
      .filter((request) => request.path.endsWith("/payment"))
      .map((request) => request.key);
    expect(keys).toEqual([entry.id, entry.id]);
    const payments = await admin.server.db.knex("payments").where({ booking_id: bookingId }).select("amount");
    expect(payments).toHaveLength(1);
    // The optimistic payment was replaced by the server's row.
    expect(await db.payments.get("temp-payment-1")).toBeUndefined();
    expect((await db.payments.where("bookingId").equals(bookingId).toArray()).map((p) => p.amount)).toEqual([
      "1000.00",
    ]);
    expect((await db.bookings.get(bookingId))?.amountPaid).toBe("1000.00");
    expect(events.filter((event) => event.type === "delivered" && event.entryId === entry.id)).toHaveLength(
      1,
    );
    stop();
  });

  it("replays the stored answer for a key the server already saw", async () => {
    network.offline = true;
    const entry = await enqueueLegacy(contactEntry(40));
    const direct = await admin.server.request("POST", "/api/contact", {
      body: contact(40),
      headers: { "Idempotency-Key": entry.id },
    });
    expect(direct.status).toBe(201);
    network.offline = false;
    await engine.drain({ ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await contactRows("Santos 40")).toHaveLength(1);
  });

  it("pauses on 401 until the admin signs in again, then sends", async () => {
    network.cookie = null;
    const input: LegacyInput = {
      method: "POST",
      path: routes.blockName.path,
      body: { fullName: "Pedro Penduko", reason: "Unpaid rental", blockedBy: "admin" },
      entity: "blockedNames",
      entityId: "temp-blocked-1",
      label: "Block Pedro Penduko",
      apply: async (tx) => {
        await tx.blockedNames.put({
          id: "temp-blocked-1",
          fullName: "Pedro Penduko",
          reason: "Unpaid rental",
          blockedBy: "admin",
          createdAt: new Date().toISOString(),
          version: 0,
          updatedAt: new Date().toISOString(),
          deletedAt: null,
          _pending: true,
        });
      },
    };
    const first = await enqueueLegacy(input);
    await engine.drain();
    expect((await db.outbox.get(first.id))?.state).toBe("needs_auth");
    expect((await db.syncState.get("admin"))?.auth).toBe("needs_auth");
    // A change made meanwhile waits behind it; a public message does not need the session.
    const second = await enqueueLegacy({
      ...input,
      body: { fullName: "Juan Tamad", reason: null, blockedBy: "admin" },
      entityId: "temp-blocked-2",
      label: "Block Juan Tamad",
      apply: undefined,
    });
    const message = await enqueueLegacy(contactEntry(50));
    await engine.drain({ ignoreBackoff: true });
    expect((await db.outbox.get(second.id))?.state).toBe("needs_auth");
    expect(await db.outbox.get(message.id)).toBeUndefined();
    expect(
      await admin.server.db.knex("blocked_names").whereIn("full_name", ["Pedro Penduko", "Juan Tamad"]),
    ).toHaveLength(0);

    network.cookie = await admin.server.adminCookie();
    await engine.resumeAfterSignIn();
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    const names = await admin.server.db
      .knex("blocked_names")
      .whereIn("full_name", ["Pedro Penduko", "Juan Tamad"])
      .select("full_name");
    expect(names.map((row: { full_name: string }) => row.full_name).sort()).toEqual([
      "Juan Tamad",
      "Pedro Penduko",
    ]);
    // The temporary row became the server's row, and the mirror caught up.
    expect(await db.blockedNames.get("temp-blocked-1")).toBeUndefined();
    expect((await db.blockedNames.toArray()).map((row) => row.fullName).sort()).toEqual([
      "Juan Tamad",
      "Pedro Penduko",
    ]);
    expect((await db.syncState.get("admin"))?.auth).toBe("ok");
  });

  it("parks a refused change with the server's message, lets unrelated ones pass, and sends it once edited", async () => {
    const bookingId = await createBooking("3000.00", "2026-12-20", "2026-12-22");
    network.offline = true;
    const refused = await enqueueLegacy(paymentEntry(bookingId, "9000.00", "temp-payment-2"));
    const heldBack = await enqueueLegacy({
      ...paymentEntry(bookingId, "500.00", "temp-payment-3"),
      related: [{ entity: "payments", id: "temp-payment-2" }],
    });
    const unrelated = await enqueueLegacy(contactEntry(60));
    network.offline = false;
    await engine.drain({ ignoreBackoff: true });

    const parked = await db.outbox.get(refused.id);
    expect(parked?.state).toBe("failed");
    expect(parked?.lastStatus).toBe(422);
    expect(parked?.lastError).toBe(errorMessages.PAYMENT_EXCEEDS_BALANCE);
    expect((await db.outbox.get(heldBack.id))?.state).toBe("pending");
    expect(await db.outbox.get(unrelated.id)).toBeUndefined();
    expect(await contactRows("Santos 60")).toHaveLength(1);

    const edited = await engine.edit(refused.id, { amount: "2000.00" });
    expect(edited?.id).not.toBe(refused.id);
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    const amounts = await admin.server.db
      .knex("payments")
      .where({ booking_id: bookingId })
      .orderBy("amount")
      .select("amount");
    expect(amounts.map((row: { amount: string }) => Number(row.amount))).toEqual([500, 2000]);
  });

  it("edits a refused payment: its optimistic rows and its label follow the new amount", async () => {
    const bookingId = await createBooking("3000.00", "2026-12-27", "2026-12-29");
    await syncAdmin({ db, api: client });
    const paidBefore = (await db.bookings.get(bookingId))?.amountPaid ?? "0";
    network.offline = true;
    const entry = await enqueueLegacy({
      ...paymentEntry(bookingId, "9000.00", "temp-payment-20"),
      label: `Payment ${formatPeso("9000.00")} for this booking`,
      apply: async (tx) => {
        await tx.payments.add({
          id: "temp-payment-20",
          bookingId,
          amount: "9000.00",
          kind: "rental",
          note: null,
          createdAt: new Date().toISOString(),
          _pending: true,
        });
        await tx.bookings.update(bookingId, { amountPaid: addMoney(paidBefore, "9000.00") });
      },
    });
    network.offline = false;
    await engine.drain({ ignoreBackoff: true });
    expect((await db.outbox.get(entry.id))?.state).toBe("failed");

    const body = { amount: "2000" };
    const edited = await engine.edit(entry.id, body);
    expect(edited?.label).toBe(`Payment ${formatPeso("2000.00")} for this booking`);
    expect((await db.payments.get("temp-payment-20"))?.amount).toBe("2000.00");
    expect((await db.bookings.get(bookingId))?.amountPaid).toBe(addMoney(paidBefore, "2000.00"));
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
  });

  it("discards a refused change and reverts its optimistic rows", async () => {
    const bookingId = await createBooking("2000.00", "2026-12-24", "2026-12-26");
    await syncAdmin({ db, api: client });
    const entry = await enqueueLegacy({
      ...paymentEntry(bookingId, "7000.00", "temp-payment-9"),
      apply: async (tx) => {
        await tx.payments.add({
          id: "temp-payment-9",
          bookingId,
          amount: "7000.00",
          kind: "rental",
          note: null,
          createdAt: new Date().toISOString(),
          _pending: true,
        });
        await tx.bookings.update(bookingId, { amountPaid: "7000.00", _pending: true });
      },
    });
    await engine.drain();
    expect((await db.outbox.get(entry.id))?.state).toBe("failed");
    // Refused, but the optimistic rows stay visible (marked) until the admin decides.
    expect((await db.bookings.get(bookingId))?.amountPaid).toBe("7000.00");

    await engine.discard(entry.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.payments.get("temp-payment-9")).toBeUndefined();
    const booking = await db.bookings.get(bookingId);
    expect(booking?.amountPaid).toBe("0.00");
    expect(booking?._pending).toBeUndefined();
    expect((await db.syncState.get("admin"))?.cursor).not.toBeNull();
  });

  it("never sends one entry twice when two engines drain the same database at once", async () => {
    const second = new CarRentalDb(db.name);
    const other = newEngine(second);
    network.offline = true;
    const ids: string[] = [];
    for (const n of [71, 72, 73, 74, 75]) ids.push((await addLegacyEntry(db, contactEntry(n))).id);
    network.offline = false;
    await Promise.all([engine.drain(), other.drain(), engine.drain(), other.drain()]);
    await Promise.all([engine.drain(), other.drain()]);
    expect(await db.outbox.count()).toBe(0);
    const keys = network.sent
      .filter((request) => request.path === "/api/contact")
      .map((request) => request.key);
    expect(keys).toEqual(ids);
    expect(await contactRows("Santos 7")).toHaveLength(5);
    second.close();
  });

  it("shares one runner between engines through Web Locks", async () => {
    const held = new Set<string>();
    const locks: LockManagerLike = {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    const second = new CarRentalDb(db.name);
    const first = newEngine(db, locks);
    const other = newEngine(second, locks);
    const ids: string[] = [];
    for (const n of [81, 82, 83]) ids.push((await addLegacyEntry(db, contactEntry(n))).id);
    const results = await Promise.all([first.drain(), other.drain()]);
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    const keys = network.sent
      .filter((request) => request.path === "/api/contact")
      .map((request) => request.key);
    expect(keys).toEqual(ids);
    expect(await contactRows("Santos 8")).toHaveLength(3);
    second.close();
  });

  it("asks for Background Sync again when a round ends with entries still waiting for the network", async () => {
    let asked = 0;
    const page = createOutboxEngine({
      db,
      api: client,
      locks: null,
      random: () => 0.5,
      onStillWaiting: () => (asked += 1),
    });
    engines.push(page);
    network.offline = true;
    await addLegacyEntry(db, contactEntry(91));
    expect((await page.drain()).deferred).toBe(1);
    expect(asked).toBe(1);

    // Once sent, nothing waits: no new request for a sync.
    network.offline = false;
    expect((await page.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(asked).toBe(1);
  });
});

describe("the API client", { timeout: 30_000 }, () => {
  it("raises a non-OK answer as '<status>: <body>' and keeps the server's message", async () => {
    const car = await admin.server.db
      .knex("cars")
      .whereNull("deleted_at")
      .orderBy("name", "desc")
      .first("id", "name");
    const body = {
      customerEmail: "ana@example.ph",
      customerName: "Ana Reyes",
      carName: car?.name ?? "",
      carId: car?.id,
      pickupDate: "2027-01-10",
      returnDate: "2027-01-12",
      total: "4000.00",
      status: "confirmed" as const,
    };
    await client.call("createAdminBooking", { body });
    const error = await client.call("createAdminBooking", { body }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    if (!(error instanceof ApiError)) return;
    expect(error.status).toBe(409);
    expect(error.message).toBe(`409: ${error.bodyText}`);
    expect(error.message.startsWith('409: {"error":')).toBe(true);
    expect(error.code).toBe("DATES_UNAVAILABLE");
    expect(describeError(error, "Failed to add booking")).toBe(errorMessages.DATES_UNAVAILABLE);
    expect(describeError(new TypeError("fetch failed"), "Failed to add booking")).toBe(
      "Failed to add booking",
    );
  });

  it("gives null for a 401 when asked to, and an error otherwise", async () => {
    network.cookie = null;
    expect(await client.call("listCustomers", { on401: "returnNull" })).toBeNull();
    const error = await client.call("listCustomers", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.status).toBe(401);
    expect(error instanceof Error && error.message.startsWith("401: ")).toBe(true);
    expect(await syncAdmin({ db, api: client })).toBeNull();
    expect((await db.syncState.get("admin"))?.auth).toBe("needs_auth");
  });

  it("uses the status text when the body is empty, and sends cookies and JSON", async () => {
    const seen: RequestInit[] = [];
    const fake = new ApiClient({
      fetch: async (_input, init) => {
        seen.push(init);
        return new Response(null, { status: 503, statusText: "Service Unavailable" });
      },
    });
    const error = await fake
      .raw("POST", "/api/contact", { body: { a: 1 } })
      .catch((caught: unknown) => caught);
    expect(error instanceof ApiError && error.message).toBe("503: Service Unavailable");
    expect(seen[0]?.credentials).toBe("include");
    expect(new Headers(seen[0]?.headers).get("Content-Type")).toBe("application/json");
    expect(seen[0]?.body).toBe('{"a":1}');
  });

  it("reads the public fleet through the route table", async () => {
    const cars = await client.call("listCars", {});
    expect(cars.length).toBeGreaterThanOrEqual(20);
    const first = cars[0];
    if (!first) return;
    const ranges = await client.call("carBookedDates", { params: { id: first.id } });
    expect(Array.isArray(ranges)).toBe(true);
  });
});

describe("public reads", { timeout: 30_000 }, () => {
  it("caches the fleet and a car's booked ranges, and keeps them when offline", async () => {
    const cars = await refreshCars({ db, api: client });
    expect(cars?.length).toBeGreaterThanOrEqual(20);
    expect(await db.cars.count()).toBe(cars?.length);
    const car = await admin.server.db.knex("cars").whereNull("deleted_at").orderBy("name").first("id");
    if (!car) throw new Error("no car");
    await admin.server.request("POST", "/api/admin/bookings", {
      cookie: admin.cookie,
      body: {
        customerEmail: "lito@example.ph",
        customerName: "Lito Lapid",
        carName: "any",
        carId: car.id,
        pickupDate: "2027-02-01",
        returnDate: "2027-02-04",
        total: "6000.00",
        status: "confirmed",
      },
    });
    const ranges = await refreshBookedRanges(car.id, { db, api: client });
    expect(ranges).toContainEqual({
      carId: car.id,
      start: "2027-02-01",
      end: "2027-02-04",
      pickupTime: "9:00 AM",
    });

    network.offline = true;
    expect(await refreshCars({ db, api: client })).toBeNull();
    expect(await refreshBookedRanges(car.id, { db, api: client })).toBeNull();
    expect(await db.cars.count()).toBe(cars?.length);
    expect(await db.bookedRanges.where("carId").equals(car.id).count()).toBe(ranges?.length);
  });

  it("writes the fleet again only when the server's copy differs from the stored one", async () => {
    network.offline = false;
    await refreshCars({ db, api: client });
    let deleted = 0;
    const countDeletes = () => {
      deleted += 1;
    };
    db.cars.hook("deleting", countDeletes);
    try {
      await refreshCars({ db, api: client });
      expect(deleted).toBe(0);

      const stored = await db.cars.orderBy("name").first();
      if (!stored) throw new Error("no stored car");
      await db.cars.put({ ...stored, dailyRate: "1.00" });
      const fresh = await refreshCars({ db, api: client });
      expect(deleted).toBeGreaterThan(0);
      expect((await db.cars.get(stored.id))?.dailyRate).toBe(
        fresh?.find((car) => car.id === stored.id)?.dailyRate,
      );
      expect((await db.cars.get(stored.id))?.dailyRate).not.toBe("1.00");
    } finally {
      db.cars.hook("deleting").unsubscribe(countDeletes);
    }
  });
});
