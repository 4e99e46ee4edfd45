import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canReturnOn,
  canStartOn,
  clockToPickupTime,
  conflictingRanges,
  freeSlots,
  isDayBooked,
  isTimeSlot,
  occupiedLocalTimestamps,
  occupiedPeriod,
  periodsOverlap,
  pickupTimeToClock,
  type BookedRange,
} from "./availability";
import { TIME_SLOTS, type TimeSlot } from "./constants";
import { addDays } from "./dates";

const BASE = "2026-11-01";
const ALL_SLOTS = TIME_SLOTS.map((slot) => slot.label);

const slotArb = fc.constantFrom(...ALL_SLOTS);
const rangeArb = fc
  .record({
    offset: fc.integer({ min: 0, max: 40 }),
    days: fc.integer({ min: 1, max: 10 }),
    pickupTime: slotArb,
  })
  .map(({ offset, days, pickupTime }): BookedRange => ({
    start: addDays(BASE, offset),
    end: addDays(BASE, offset + days),
    pickupTime,
  }));

/** An independent oracle: the busy interval as epoch milliseconds of the wall-clock time. */
function busyMs(range: BookedRange): [number, number] {
  const hour = TIME_SLOTS.find((slot) => slot.label === range.pickupTime)?.hour ?? 0;
  const hh = String(hour).padStart(2, "0");
  return [Date.parse(`${range.start}T${hh}:00:00Z`), Date.parse(`${range.end}T${hh}:00:00Z`) + 2 * 3_600_000];
}
function naiveOverlap(a: BookedRange, b: BookedRange): boolean {
  const [a0, a1] = busyMs(a);
  const [b0, b1] = busyMs(b);
  return a0 < b1 && b0 < a1;
}

describe("freeSlots", () => {
  it("offers only slots whose rental overlaps no booking, and every such slot", () => {
    fc.assert(
      fc.property(
        fc.array(rangeArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 45 }),
        fc.integer({ min: 1, max: 8 }),
        (ranges, offset, days) => {
          const pickupDate = addDays(BASE, offset);
          const returnDate = addDays(pickupDate, days);
          const free = freeSlots(pickupDate, returnDate, ranges);
          for (const slot of ALL_SLOTS) {
            const candidate = { start: pickupDate, end: returnDate, pickupTime: slot };
            const collides = ranges.some((range) => naiveOverlap(candidate, range));
            expect(free.includes(slot)).toBe(!collides);
            expect(conflictingRanges(candidate, ranges).length > 0).toBe(collides);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("agrees with canStartOn and isDayBooked", () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 6 }), fc.integer({ min: 0, max: 45 }), (ranges, offset) => {
        const date = addDays(BASE, offset);
        const startable = freeSlots(date, addDays(date, 1), ranges).length > 0;
        expect(canStartOn(date, ranges)).toBe(startable);
        expect(isDayBooked(date, ranges)).toBe(!startable);
      }),
      { numRuns: 300 },
    );
  });

  it("is empty when the return is not after the pickup or a date is invalid", () => {
    expect(freeSlots("2026-11-21", "2026-11-21", [])).toEqual([]);
    expect(freeSlots("2026-11-22", "2026-11-21", [])).toEqual([]);
    expect(freeSlots("2026-02-30", "2026-03-02", [])).toEqual([]);
    expect(freeSlots("2026-11-21", "2026-11-22", [])).toEqual(ALL_SLOTS);
  });

  it("lets a one-day rental's return day start again two hours after the return", () => {
    const ranges: BookedRange[] = [{ start: "2026-11-21", end: "2026-11-22", pickupTime: "9:00 AM" }];
    const free = freeSlots("2026-11-22", "2026-11-23", ranges);
    expect(free).toEqual(["11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"]);
    expect(free).not.toContain("9:00 AM");
    expect(free).not.toContain("10:00 AM");
    expect(isDayBooked("2026-11-21", ranges)).toBe(true);
    expect(isDayBooked("2026-11-22", ranges)).toBe(false);
  });

  it("books the day before a 9:00 AM pickup (a one-day rental would return too late)", () => {
    const ranges: BookedRange[] = [{ start: "2026-11-21", end: "2026-11-22", pickupTime: "9:00 AM" }];
    expect(isDayBooked("2026-11-20", ranges)).toBe(true);
    expect(isDayBooked("2026-11-19", ranges)).toBe(false);
    // ...but a rental can come back on the morning the next one leaves, if early enough.
    expect(canReturnOn("2026-11-18", "2026-11-20", ranges)).toBe(true);
    expect(canReturnOn("2026-11-18", "2026-11-21", ranges)).toBe(false);
  });

  it("offers only the slots free at both ends of a range", () => {
    const ranges: BookedRange[] = [
      { start: "2026-11-10", end: "2026-11-12", pickupTime: "10:00 AM" },
      { start: "2026-11-15", end: "2026-11-16", pickupTime: "2:00 PM" },
    ];
    // Free from 12:00 PM on the 12th; the slot + 2 h must end by 2:00 PM on the 15th.
    expect(freeSlots("2026-11-12", "2026-11-15", ranges)).toEqual(["12:00 PM"]);
    expect(canReturnOn("2026-11-12", "2026-11-15", ranges)).toBe(true);
    expect(canReturnOn("2026-11-12", "2026-11-16", ranges)).toBe(false);
    expect(canReturnOn("2026-11-12", "2026-11-12", ranges)).toBe(false);
  });
});

describe("periods", () => {
  it("occupy pickup to return plus the turnaround, half-open", () => {
    const range: BookedRange = { start: "2026-11-21", end: "2026-11-22", pickupTime: "5:00 PM" };
    const period = occupiedPeriod(range);
    expect(period.to - period.from).toBe(24 * 60 + 120);
    expect(occupiedLocalTimestamps(range)).toEqual({
      from: "2026-11-21 17:00:00",
      to: "2026-11-22 19:00:00",
    });
    expect(periodsOverlap(period, { from: period.to, to: period.to + 60 })).toBe(false);
    expect(periodsOverlap(period, { from: period.to - 1, to: period.to + 60 })).toBe(true);
  });

  it("overlap symmetrically", () => {
    fc.assert(
      fc.property(rangeArb, rangeArb, (a, b) => {
        const pa = occupiedPeriod(a);
        const pb = occupiedPeriod(b);
        expect(periodsOverlap(pa, pb)).toBe(periodsOverlap(pb, pa));
        expect(periodsOverlap(pa, pa)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("clock conversion", () => {
  it("round-trips every slot through the SQL time", () => {
    for (const slot of ALL_SLOTS) {
      expect(clockToPickupTime(`${pickupTimeToClock(slot)}:00`)).toBe(slot);
      expect(clockToPickupTime(pickupTimeToClock(slot))).toBe(slot);
    }
    expect(pickupTimeToClock("1:00 PM")).toBe("13:00");
    expect(pickupTimeToClock("9:00 AM")).toBe("09:00");
    expect(clockToPickupTime("13:00:00")).toBe("1:00 PM");
    expect(clockToPickupTime("09:00:00.000")).toBe("9:00 AM");
  });

  it.each(["13:30:00", "08:00:00", "18:00", "noon", ""])("refuses %s", (clock) => {
    expect(() => clockToPickupTime(clock)).toThrow(RangeError);
  });

  it("recognizes slot labels", () => {
    const label: unknown = "12:00 PM";
    expect(isTimeSlot(label)).toBe(true);
    expect(isTimeSlot("12:30 PM")).toBe(false);
    expect(isTimeSlot(9)).toBe(false);
    const slots: TimeSlot[] = ALL_SLOTS;
    expect(slots).toHaveLength(9);
  });
});

describe("blocks (release-2 §C1)", () => {
  const block: BookedRange = { start: "2026-12-10", end: "2026-12-11", kind: "block" };

  it("occupy whole days, from 00:00 on the first day to 24:00 on the last", () => {
    expect(occupiedLocalTimestamps(block)).toEqual({
      from: "2026-12-10 00:00:00",
      to: "2026-12-12 00:00:00",
    });
    // A pickup time given with a block is ignored.
    expect(occupiedPeriod({ ...block, pickupTime: "5:00 PM" })).toEqual(occupiedPeriod(block));
  });

  it("make their days unavailable in the calendar, whole, and free the day after", () => {
    expect(isDayBooked("2026-12-10", [block])).toBe(true);
    expect(isDayBooked("2026-12-11", [block])).toBe(true);
    expect(freeSlots("2026-12-10", "2026-12-11", [block])).toEqual([]);
    expect(freeSlots("2026-12-12", "2026-12-13", [block])).toEqual(ALL_SLOTS);
    // A rental cannot come back on the block's first day (even at 9:00 AM) nor span the block.
    expect(canReturnOn("2026-12-08", "2026-12-10", [block])).toBe(false);
    expect(canReturnOn("2026-12-08", "2026-12-13", [block])).toBe(false);
    // The turnaround must end by midnight before the block: a 9:00 AM return the day before fits.
    expect(freeSlots("2026-12-08", "2026-12-09", [block])).toEqual(ALL_SLOTS);
  });

  it("collide with a booking or a block sharing a minute, and not otherwise", () => {
    const endsAtMidnight: BookedRange = { start: "2026-12-07", end: "2026-12-09", pickupTime: "5:00 PM" };
    expect(conflictingRanges(block, [endsAtMidnight])).toEqual([]); // 17:00 + 2 h = 19:00 on the 9th
    const intoTheBlock: BookedRange = { start: "2026-12-08", end: "2026-12-10", pickupTime: "9:00 AM" };
    expect(conflictingRanges(block, [intoTheBlock])).toEqual([intoTheBlock]);
    const nextBlock: BookedRange = { start: "2026-12-12", end: "2026-12-12", kind: "block" };
    expect(conflictingRanges(block, [nextBlock])).toEqual([]);
    expect(conflictingRanges({ ...nextBlock, start: "2026-12-11" }, [block])).toEqual([block]);
  });
});
