// @vitest-environment node
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CarRentalDb } from "./db";
import { subscribeThrottled } from "./throttled-live-query";

const db = new CarRentalDb("throttled-live-query");

afterEach(async () => {
  await db.drafts.clear();
});

describe("subscribeThrottled", () => {
  it("reads the first change at once, a burst at most once per interval, and always the last value", async () => {
    const seen: number[] = [];
    const stop = subscribeThrottled(
      { db, tables: ["drafts"] },
      () => db.drafts.count(),
      (count) => seen.push(count),
      1000,
    );
    try {
      await vi.waitFor(() => expect(seen).toEqual([0]));
      // A burst of 20 writes, as an outbox drain makes them.
      for (let i = 0; i < 20; i++) {
        await db.drafts.put({ key: `draft-${i}`, values: {}, updatedAt: "2026-11-22T00:00:00.000Z" });
      }
      await vi.waitFor(() => expect(seen.at(-1)).toBe(20), { timeout: 3000 });
      // The burst took far less than 1 s per write: a few renders, not twenty.
      expect(seen.length).toBeLessThan(4);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(seen.at(-1)).toBe(20);

      // After a quiet moment, the next change shows without waiting for the interval.
      const before = seen.length;
      const changed = Date.now();
      await db.drafts.delete("draft-0");
      await vi.waitFor(() => expect(seen.length).toBe(before + 1));
      expect(seen.at(-1)).toBe(19);
      expect(Date.now() - changed).toBeLessThan(500);

      // Changes to tables the query does not read do not run it.
      await db.syncState.put({ key: "admin", cursor: null, lastSyncAt: null, auth: "ok" });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen.length).toBe(before + 1);
    } finally {
      stop();
    }
  });
});
