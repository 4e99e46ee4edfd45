import { describe, expect, it } from "vitest";
import { manilaNow } from "@car-rental/shared/dates";
import { defaultSlot, firstPickupDate, pickupSlots } from "./pickup-slots";

/** Manila's date and hour at an instant, the way the booking form reads its clock. */
function at(instant: string) {
  const { date, hour } = manilaNow(new Date(instant));
  return { date, hour };
}

describe("pickupSlots", () => {
  it("offers every slot on a later day, and only the slots still ahead today", () => {
    const morning = at("2026-11-21T01:30:00Z"); // 9:30 AM in Manila
    expect(pickupSlots("2026-11-22", "", [], morning)).toHaveLength(9);
    expect(pickupSlots("2026-11-21", "", [], morning)[0]).toBe("10:00 AM");
    expect(pickupSlots("2026-11-21", "", [], at("2026-11-21T08:59:00Z"))).toEqual(["5:00 PM"]);
    expect(pickupSlots("2026-11-21", "", [], at("2026-11-21T09:00:00Z"))).toEqual([]);
  });

  it("falls back to 9:00 AM when offered, else the first slot", () => {
    expect(defaultSlot(["9:00 AM", "10:00 AM"])).toBe("9:00 AM");
    expect(defaultSlot(["3:00 PM", "4:00 PM"])).toBe("3:00 PM");
    expect(defaultSlot([])).toBeNull();
  });
});

describe("firstPickupDate", () => {
  it("is today in Manila while one of today's slots is ahead", () => {
    expect(firstPickupDate(at("2026-11-20T16:00:00Z"))).toBe("2026-11-21"); // 00:00 in Manila
    expect(firstPickupDate(at("2026-11-21T08:59:59Z"))).toBe("2026-11-21"); // 4:59 PM
  });

  it("is tomorrow from 5:00 PM in Manila, when the last slot has begun", () => {
    expect(firstPickupDate(at("2026-11-21T09:00:00Z"))).toBe("2026-11-22"); // 5:00 PM
    expect(firstPickupDate(at("2026-11-21T15:59:00Z"))).toBe("2026-11-22"); // 11:59 PM
    // Month and year ends roll over.
    expect(firstPickupDate(at("2026-12-31T10:00:00Z"))).toBe("2027-01-01");
  });

  it("follows Manila's date, not the device's: 5:00 PM UTC is already the next day in Manila", () => {
    // 2026-11-21 17:00 UTC is November 22, 1:00 AM in Manila: the 22nd still has all its slots.
    expect(firstPickupDate(at("2026-11-21T17:00:00Z"))).toBe("2026-11-22");
  });
});
