// @vitest-environment node
/**
 * Logout on a shared tablet: the admin's mirror, changes and files go; a
 * visitor's queued contact message stays (decisions.md).
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { clearAdminData } from "./admin-sync";
import { CarRentalDb, type StoredOutboxEntry } from "./db";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function entry(n: number, entity: string, mutation: string): StoredOutboxEntry {
  return {
    id: uuid(n),
    seq: n,
    mutation,
    args: {},
    createdAt: "2026-11-29T00:00:00.000Z",
    attempts: 0,
    failStreak: 0,
    state: "pending",
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
    claimedAt: null,
    entity,
    entityId: uuid(n),
    related: [],
    label: mutation,
    rowKeys: [`${entity}:${uuid(n)}`],
  } as StoredOutboxEntry;
}

describe("clearAdminData", () => {
  it("forgets the mirror, the admin's changes and their files, and keeps a visitor's contact message", async () => {
    const db = new CarRentalDb(`clear-admin-data-${crypto.randomUUID()}`);
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    await db.syncState.put({ key: "admin", cursor: "c", lastSyncAt: "2026-11-29T00:00:00.000Z", auth: "ok" });
    await db.blockedNames.put({ id: uuid(1), fullName: "Juan" } as never);
    await db.outbox.bulkPut([
      entry(2, "bookings", "updateBookingStatus"),
      entry(3, "contact", "sendContactMessage"),
    ]);
    await db.handoverFiles.put({
      id: uuid(4),
      bookingId: uuid(5),
      kind: "signature",
      blob,
      contentType: "image/png",
      objectPath: null,
      createdAt: "2026-11-29T00:00:00.000Z",
    });
    await db.carImageFiles.put({
      id: uuid(6),
      blob,
      contentType: "image/png",
      objectPath: null,
      createdAt: "2026-11-29T00:00:00.000Z",
    });

    await clearAdminData(db);
    expect(await db.syncState.get("admin")).toBeUndefined();
    expect(await db.blockedNames.count()).toBe(0);
    expect((await db.outbox.toArray()).map((kept) => kept.entity)).toEqual(["contact"]);
    expect(await db.handoverFiles.count()).toBe(0);
    expect(await db.carImageFiles.count()).toBe(0);
    db.close();
  });
});
