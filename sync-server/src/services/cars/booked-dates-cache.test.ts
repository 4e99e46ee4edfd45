import { describe, expect, it } from "vitest";
import type { BookedRange } from "@car-rental/shared/availability";
import { BOOKED_DATES_MAX_AGE_MS, BookedDatesCache } from "./booked-dates-cache";

const range = (start: string): BookedRange => ({ start, end: start, pickupTime: "9:00 AM" });

function setup() {
  const cache = new BookedDatesCache({ maxEntries: 3 });
  let reads = 0;
  const load = (start: string) => async () => {
    reads += 1;
    return [range(start)];
  };
  return {
    cache,
    load,
    reads: () => reads,
  };
}

describe("BookedDatesCache", () => {
  it("reuses an answer until it is cleared or half a second old (bookings commit without a notification)", async () => {
    const t = setup();
    expect(BOOKED_DATES_MAX_AGE_MS).toBe(500);
    expect(await t.cache.get("car day", t.load("2026-12-01"))).toEqual([range("2026-12-01")]);
    expect(await t.cache.get("car day", t.load("2026-12-02"))).toEqual([range("2026-12-01")]);
    expect(t.reads()).toBe(1);
    t.cache.clear();
    expect(await t.cache.get("car day", t.load("2026-12-03"))).toEqual([range("2026-12-03")]);
    expect(t.reads()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, BOOKED_DATES_MAX_AGE_MS + 50));
    expect(await t.cache.get("car day", t.load("2026-12-04"))).toEqual([range("2026-12-04")]);
    expect(await t.cache.get("car day", t.load("2026-12-05"))).toEqual([range("2026-12-04")]);
    expect(t.reads()).toBe(3);
  });

  it("forgets everything when a write request starts and again when it has finished", async () => {
    const t = setup();
    await t.cache.get("a", t.load("2026-12-01"));
    await t.cache.aroundWrite(async () => {
      // While the write runs, reads go to the database and are not kept.
      expect(await t.cache.get("a", t.load("2026-12-02"))).toEqual([range("2026-12-02")]);
      expect(await t.cache.get("a", t.load("2026-12-03"))).toEqual([range("2026-12-03")]);
    });
    expect(await t.cache.get("a", t.load("2026-12-04"))).toEqual([range("2026-12-04")]);
    expect(await t.cache.get("a", t.load("2026-12-05"))).toEqual([range("2026-12-04")]);
  });

  it("does not keep a read that a write overlapped", async () => {
    const t = setup();
    let release: () => void = () => undefined;
    const slowRead = t.cache.get("a", async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return [range("before-the-write")];
    });
    await t.cache.aroundWrite(async () => undefined);
    release();
    expect(await slowRead).toEqual([range("before-the-write")]);
    expect(await t.cache.get("a", t.load("after-the-write"))).toEqual([range("after-the-write")]);
  });

  it("stays bounded", async () => {
    const t = setup();
    for (const key of ["a", "b", "c"]) await t.cache.get(key, t.load(key));
    expect(await t.cache.get("a", t.load("again"))).toEqual([range("a")]);
    // A fourth key finds the cache full (3 entries) and starts it afresh.
    await t.cache.get("d", t.load("d"));
    expect(await t.cache.get("a", t.load("fresh"))).toEqual([range("fresh")]);
    expect(await t.cache.get("d", t.load("d again"))).toEqual([range("d")]);
  });

  it("does not keep a failed read", async () => {
    const t = setup();
    await expect(
      t.cache.get("gone", async () => {
        throw new Error("Car not found");
      }),
    ).rejects.toThrow("Car not found");
    expect(await t.cache.get("gone", t.load("later"))).toEqual([range("later")]);
  });
});
