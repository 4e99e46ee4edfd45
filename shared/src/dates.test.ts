import { describe, expect, it } from "vitest";
import {
  addDays,
  dateStringSchema,
  diffDays,
  formatBookedOn,
  formatLongDate,
  formatMonthYear,
  isValidDate,
  manilaNow,
  manilaToday,
  manilaTodayMemo,
  monthGrid,
  rentalDays,
  shiftMonth,
} from "./dates";

describe("manilaToday", () => {
  it("is already tomorrow in Manila just after 16:00 UTC", () => {
    expect(manilaToday(new Date("2026-11-21T15:59:59Z"))).toBe("2026-11-21");
    expect(manilaToday(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
  });

  it("is still the same day in Manila just before and after UTC midnight", () => {
    expect(manilaToday(new Date("2026-11-21T23:59:59Z"))).toBe("2026-11-22");
    expect(manilaToday(new Date("2026-11-22T00:00:01Z"))).toBe("2026-11-22");
  });

  it("crosses the year in Manila time", () => {
    expect(manilaToday(new Date("2026-12-31T16:30:00Z"))).toBe("2027-01-01");
  });

  it("gives the wall-clock parts", () => {
    expect(manilaNow(new Date("2026-11-21T07:05:00Z"))).toEqual({
      date: "2026-11-21",
      hour: 15,
      minute: 5,
      minutesOfDay: 905,
    });
  });
});

describe("isValidDate", () => {
  it.each(["2026-11-21", "2028-02-29", "2000-02-29", "2026-12-31", "2026-01-01"])("accepts %s", (date) => {
    expect(isValidDate(date)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-02-30",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-5",
    "26-01-05",
    "2026-01-05T00:00:00Z",
    "",
    "tomorrow",
  ])("rejects %s", (date) => {
    expect(isValidDate(date)).toBe(false);
    expect(dateStringSchema.safeParse(date).success).toBe(false);
  });
});

describe("arithmetic", () => {
  it("adds days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts whole days", () => {
    expect(diffDays("2026-11-21", "2026-11-24")).toBe(3);
    expect(diffDays("2026-11-24", "2026-11-21")).toBe(-3);
    expect(diffDays("2026-12-31", "2027-03-01")).toBe(60);
  });

  it("counts rental days only when positive", () => {
    expect(rentalDays("2026-11-21", "2026-11-22")).toBe(1);
    expect(rentalDays("2026-11-21", "2026-12-21")).toBe(30);
    expect(rentalDays("2026-11-21", "2026-11-21")).toBe(0);
    expect(rentalDays("2026-11-22", "2026-11-21")).toBe(0);
    expect(rentalDays("2026-02-30", "2026-03-05")).toBe(0);
  });
});

describe("formatting", () => {
  it("formats long dates as 'MMMM dd, yyyy'", () => {
    expect(formatLongDate("2026-11-21")).toBe("November 21, 2026");
    expect(formatLongDate("2027-01-05")).toBe("January 05, 2027");
  });

  it("formats the booking time in Manila", () => {
    expect(formatBookedOn("2026-11-21T07:05:00Z")).toBe("November 21, 2026 at 3:05 PM");
    expect(formatBookedOn("2026-11-21T16:30:00.000Z")).toBe("November 22, 2026 at 12:30 AM");
    expect(formatBookedOn(new Date("2026-11-21T04:00:00+08:00"))).toBe("November 21, 2026 at 4:00 AM");
  });

  it("names months", () => {
    expect(formatMonthYear(2026, 11)).toBe("November 2026");
    expect(shiftMonth(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2027, 1, -1)).toEqual({ year: 2026, month: 12 });
  });
});

describe("monthGrid", () => {
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

  it("has 42 consecutive days starting on Sunday and contains the whole month", () => {
    for (let month = 1; month <= 12; month += 1) {
      const grid = monthGrid(2026, month);
      expect(grid).toHaveLength(42);
      expect(weekday(grid[0] ?? "")).toBe(0);
      for (let i = 1; i < grid.length; i += 1) expect(grid[i]).toBe(addDays(grid[i - 1] ?? "", 1));
      const first = `2026-${String(month).padStart(2, "0")}-01`;
      expect(grid).toContain(first);
    }
  });

  it("handles February 2028 (leap year, starts on Tuesday)", () => {
    const grid = monthGrid(2028, 2);
    expect(grid[0]).toBe("2028-01-30");
    expect(grid[2]).toBe("2028-02-01");
    expect(grid).toContain("2028-02-29");
    expect(grid[41]).toBe("2028-03-11");
  });

  it("starts on the 1st when the month starts on Sunday (November 2026)", () => {
    const grid = monthGrid(2026, 11);
    expect(grid[0]).toBe("2026-11-01");
    expect(grid[41]).toBe("2026-12-12");
  });
});

describe("independence from the device's time zone", () => {
  it.each(["America/Los_Angeles", "Pacific/Kiritimati", "UTC", "Asia/Manila"])(
    "gives the same answers in %s",
    (zone) => {
      const saved = process.env.TZ;
      process.env.TZ = zone;
      try {
        expect(manilaToday(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
        expect(manilaToday(new Date("2026-11-21T15:59:00Z"))).toBe("2026-11-21");
        expect(formatBookedOn("2026-11-21T07:05:00Z")).toBe("November 21, 2026 at 3:05 PM");
        expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
        expect(monthGrid(2026, 11)[0]).toBe("2026-11-01");
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    },
  );
});

describe("manilaNow and the time-zone database", () => {
  it("agrees with Intl for instants since Manila's last offset change", () => {
    const reference = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Manila",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    for (const instant of [
      "1990-07-28T15:00:00Z",
      "2000-02-29T16:00:00Z",
      "2026-11-21T15:59:59Z",
      "2040-06-30T23:30:00Z",
    ]) {
      const now = manilaNow(new Date(instant));
      const parts = Object.fromEntries(
        reference.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
      );
      expect(now.date, instant).toBe(`${parts.year}-${parts.month}-${parts.day}`);
      expect(now.hour, instant).toBe(Number(parts.hour));
      expect(now.minute, instant).toBe(Number(parts.minute));
    }
  });

  it("still follows the zone's daylight saving time of 1990", () => {
    expect(manilaNow(new Date("1990-06-01T15:30:00Z")).hour).toBe(0);
    expect(manilaNow(new Date("1990-06-01T15:30:00Z")).date).toBe("1990-06-02");
  });
});

describe("manilaTodayMemo", () => {
  it("changes at Manila's midnight (16:00 UTC), in either direction, and works out old instants afresh", () => {
    const today = manilaTodayMemo();
    expect(today(new Date("2026-11-25T15:59:59.999Z"))).toBe("2026-11-25");
    expect(today(new Date("2026-11-25T02:00:00Z"))).toBe("2026-11-25");
    expect(today(new Date("2026-11-25T16:00:00Z"))).toBe("2026-11-26");
    expect(today(new Date("2026-11-26T15:59:59.999Z"))).toBe("2026-11-26");
    expect(today(new Date("2026-11-25T15:59:59.999Z"))).toBe("2026-11-25");
    expect(today(new Date("2026-11-24T15:59:59.999Z"))).toBe("2026-11-24");
    expect(today(new Date("1975-06-01T16:30:00Z"))).toBe(manilaToday(new Date("1975-06-01T16:30:00Z")));
  });
});
