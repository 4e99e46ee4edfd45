// @vitest-environment node
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { CarRentalDb, type OutboxEntry } from "./db";
import { appendEntry, newId } from "./outbox";
import { claimRun, type RunVerdict } from "./outbox-claims";

const NOW = Date.parse("2026-11-26T08:00:00Z");
const now = () => NOW;
let db: CarRentalDb;

afterEach(async () => {
  db?.close();
  await db?.delete();
});

async function open(): Promise<CarRentalDb> {
  db = new CarRentalDb(`claim-run-${newId()}`);
  await db.open();
  return db;
}

/** A status change of booking `bookingId` (creates nothing). */
const statusChange = (bookingId: string) =>
  appendEntry(
    db,
    {
      id: newId(),
      mutation: "updateBookingStatus",
      args: { id: bookingId, status: "confirmed" },
      entity: "bookings",
      entityId: bookingId,
      related: [],
      label: "status",
    },
    new Date(NOW),
  );

/** A payment of booking `bookingId` (creates its payment row). */
const payment = (bookingId: string, paymentId: string = newId()) =>
  appendEntry(
    db,
    {
      id: newId(),
      mutation: "addPayment",
      args: { id: paymentId, bookingId, amount: "1.00" },
      entity: "payments",
      entityId: paymentId,
      related: [{ entity: "bookings", id: bookingId }],
      label: "payment",
    },
    new Date(NOW),
  );

const takeAll = (): RunVerdict => "more";
const ids = (entries: readonly OutboxEntry[]) => entries.map((entry) => entry.id);

describe("claimRun", () => {
  it("claims the entries after the one on its way, in order, until admit stops, and only those", async () => {
    await open();
    const [first, second, third, fourth] = [
      await statusChange(newId()),
      await statusChange(newId()),
      await statusChange(newId()),
      await statusChange(newId()),
    ];
    const run = await claimRun(db, now, first!, new Set(), (_entry, soFar) =>
      soFar.length < 1 ? "more" : "stop",
    );
    expect(ids(run)).toEqual([second!.id]);
    expect(run[0]).toMatchObject({ state: "sending", claimedAt: NOW });
    const stored = await db.outbox.orderBy("seq").toArray();
    expect(stored.map((entry) => [entry.id, entry.state])).toEqual([
      [first!.id, "pending"],
      [second!.id, "sending"],
      [third!.id, "pending"],
      [fourth!.id, "pending"],
    ]);
    // The deliveries still being stored count as gone; "last" claims one and stops.
    const more = await claimRun(db, now, second!, new Set([first!.id]), () => "last");
    expect(ids(more)).toEqual([third!.id]);
  });

  it("passes over what a refused entry holds back and goes on with the rest", async () => {
    await open();
    const held = newId();
    const current = await statusChange(newId());
    const refused = await statusChange(held);
    await db.outbox.update(refused.id, { state: "failed", lastStatus: 409 });
    const heldBack = await payment(held);
    const free = await statusChange(newId());
    const run = await claimRun(db, now, current, new Set(), takeAll);
    expect(ids(run)).toEqual([free.id]);
    expect((await db.outbox.get(heldBack.id))?.state).toBe("pending");
  });

  it("stops before an entry that names a row created by an entry before it (on its way, stored or claimed)", async () => {
    await open();
    const bookingId = newId();
    const current = await statusChange(newId());
    const creating = await appendEntry(
      db,
      {
        id: newId(),
        mutation: "createAdminBooking",
        args: { id: bookingId },
        entity: "bookings",
        entityId: bookingId,
        related: [],
        label: "new booking",
      },
      new Date(NOW),
    );
    const naming = await payment(bookingId);
    await statusChange(newId());
    const run = await claimRun(db, now, current, new Set(), takeAll);
    expect(ids(run)).toEqual([creating.id]);
    expect((await db.outbox.get(naming.id))?.state).toBe("pending");
    // Once the creation is on its way, the entry naming its row still waits.
    expect(await claimRun(db, now, creating, new Set([current.id]), takeAll)).toEqual([]);
  });

  it("stops at an entry another runner is sending", async () => {
    await open();
    const current = await statusChange(newId());
    const busy = await statusChange(newId());
    await statusChange(newId());
    await db.outbox.update(busy.id, { state: "sending", claimedAt: NOW - 1_000 });
    expect(await claimRun(db, now, current, new Set(), takeAll)).toEqual([]);
  });
});
