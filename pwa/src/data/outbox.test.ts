// @vitest-environment node
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { CarRentalDb, type OutboxEntry } from "./db";
import { backoffDelay, countOutbox, isHeldBack, nextStep, outboxRowKeys, readNextStep } from "./outbox";

let seq = 0;
function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  seq += 1;
  return {
    id: `id-${seq}`,
    seq,
    mutation: "updateCar",
    args: { id: "car-1" },
    createdAt: "2026-11-21T01:30:00.000Z",
    attempts: 0,
    state: "pending",
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
    claimedAt: null,
    entity: "cars",
    entityId: "car-1",
    related: [],
    label: "Car",
    ...overrides,
  };
}

describe("nextStep", () => {
  it("sends the first entry in seq order", () => {
    const second = entry({});
    const first = entry({ seq: 0 });
    expect(nextStep([second, first], 1000)).toEqual({ kind: "send", entry: first });
  });

  it("waits for a backoff and holds every later entry behind it", () => {
    const waiting = entry({ nextAttemptAt: 5000, entityId: "car-9" });
    expect(nextStep([waiting, entry({ entity: "contact", mutation: "sendContactMessage" })], 1000)).toEqual({
      kind: "wait",
      at: 5000,
    });
    expect(nextStep([waiting], 1000, { ignoreBackoff: true })).toEqual({ kind: "send", entry: waiting });
  });

  it("lets a refused entry hold back only later changes of the same record", () => {
    const refused = entry({ state: "failed", entityId: "car-1" });
    const sameCar = entry({ entityId: "car-1" });
    const paymentOfSameCar = entry({
      entity: "payments",
      entityId: "p-1",
      related: [{ entity: "cars", id: "car-1" }],
    });
    const otherCar = entry({ entityId: "car-2" });
    const entries = [refused, sameCar, paymentOfSameCar, otherCar];
    expect(nextStep(entries, 0)).toEqual({ kind: "send", entry: otherCar });
    expect(isHeldBack(entries, sameCar)).toBe(true);
    expect(isHeldBack(entries, paymentOfSameCar)).toBe(true);
    expect(isHeldBack(entries, otherCar)).toBe(false);
  });

  it("pauses admin entries after a 401 but lets public ones go", () => {
    const paused = entry({ state: "needs_auth" });
    const admin = entry({ entityId: "car-2" });
    const contact = entry({ entity: "contact", entityId: "c", mutation: "sendContactMessage", args: {} });
    expect(nextStep([paused, admin, contact], 0)).toEqual({ kind: "send", entry: contact });
    expect(nextStep([paused, admin], 0)).toEqual({ kind: "idle" });
  });

  it("treats an entry claimed by another runner as busy until its claim is stale", () => {
    const claimed = entry({ state: "sending", claimedAt: 1000 });
    expect(nextStep([claimed, entry({})], 2000)).toEqual({ kind: "busy" });
    expect(nextStep([claimed], 1000 + 3 * 60_000)).toEqual({ kind: "send", entry: claimed });
  });
});

describe("readNextStep", () => {
  it("decides as nextStep does, reading the outbox along seq", async () => {
    const cases: OutboxEntry[][] = [
      [],
      [entry({}), entry({ entityId: "car-2" })],
      [entry({ nextAttemptAt: 5000 }), entry({ entityId: "car-2" })],
      [entry({ state: "failed" }), entry({}), entry({ entityId: "car-2" })],
      [entry({ state: "needs_auth" }), entry({ entityId: "car-2" })],
      [
        entry({ state: "needs_auth" }),
        entry({ entityId: "car-2" }),
        entry({ entity: "contact", entityId: "c", mutation: "sendContactMessage", args: {} }),
      ],
      [entry({ state: "sending", claimedAt: 1000 }), entry({ entityId: "car-2" })],
      [entry({ state: "sending", claimedAt: 1000 - 3 * 60_000 }), entry({ entityId: "car-2" })],
    ];
    const db = new CarRentalDb("read-next-step");
    try {
      for (const made of cases) {
        const entries = made.map((item) => ({ ...item, rowKeys: outboxRowKeys(item) }));
        await db.outbox.clear();
        // Stored out of order: the index, not the insertion order, gives the line.
        await db.outbox.bulkAdd([...entries].reverse());
        expect(await readNextStep(db, 2000)).toEqual(nextStep(entries, 2000));
        expect(await readNextStep(db, 2000, { ignoreBackoff: true })).toEqual(
          nextStep(entries, 2000, { ignoreBackoff: true }),
        );
      }
    } finally {
      db.close();
    }
  });
});

describe("the outbox's row index", () => {
  it("is filled for entries stored before it existed", async () => {
    const old = new Dexie("outbox-before-row-index");
    old.version(1).stores({ outbox: "id, &seq, state, [entity+entityId]" });
    await old
      .table("outbox")
      .add(entry({ entity: "payments", entityId: "p-1", related: [{ entity: "bookings", id: "b-1" }] }));
    old.close();
    const db = new CarRentalDb("outbox-before-row-index");
    try {
      const found = await db.outbox.where("rowKeys").equals("bookings:b-1").toArray();
      expect(found.map((item) => item.entityId)).toEqual(["p-1"]);
      expect(found[0]?.rowKeys).toEqual(["payments:p-1", "bookings:b-1"]);
    } finally {
      db.close();
    }
  });
});

describe("backoffDelay", () => {
  it("grows exponentially with jitter and is capped", () => {
    expect(backoffDelay(1, () => 0)).toBe(1000);
    expect(backoffDelay(1, () => 1)).toBe(2000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    // Release 2 (issue #24): capped at 30 s (was 5 minutes), so a server that is back is noticed soon.
    expect(backoffDelay(30, () => 1)).toBe(30_000);
  });
});

describe("countOutbox", () => {
  it("counts by state", () => {
    const counts = countOutbox([
      entry({}),
      entry({ state: "failed" }),
      entry({ state: "needs_auth" }),
      entry({ state: "sending" }),
    ]);
    expect(counts).toEqual({ total: 4, pending: 1, sending: 1, failed: 1, needsAuth: 1 });
  });
});
