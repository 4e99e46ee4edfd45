// @vitest-environment node
/**
 * Logout on a shared tablet: the admin's mirror, changes and files go; a
 * visitor's queued contact message stays (decisions.md).
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { clearAdminData } from "./admin-sync";
import { CarRentalDb } from "./db";
import { blockName } from "./mutations/blocklist/block-name";
import { sendContactMessage } from "./mutations/contact/send-contact-message";
import { addToOutbox } from "./outbox";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("clearAdminData", () => {
  it("forgets the mirror, the admin's changes and their files, and keeps a visitor's contact message", async () => {
    const db = new CarRentalDb(`clear-admin-data-${crypto.randomUUID()}`);
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    await db.syncState.put({ key: "admin", cursor: "c", lastSyncAt: "2026-11-29T00:00:00.000Z", auth: "ok" });
    // An admin change (its optimistic row in the mirror) and a visitor's message, queued as the app queues them.
    await addToOutbox(db, {
      mutation: blockName,
      args: { id: uuid(1), fullName: "Juan", reason: null, blockedBy: "admin" },
    });
    await addToOutbox(db, {
      mutation: sendContactMessage,
      args: { firstName: "Maria", lastName: "Santos", email: "maria@example.ph", message: "Hello" },
    });
    expect(await db.blockedNames.count()).toBe(1);
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
