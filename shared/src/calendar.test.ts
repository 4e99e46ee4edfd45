import { describe, expect, it } from "vitest";
import type { BookedRange } from "./availability";
import { dayState, initialCalendarState, selectDate, type CalendarState } from "./calendar";
import { monthGrid } from "./dates";

const today = "2026-11-10";
// Busy 2026-11-15 9:00 AM until 2026-11-17 11:00 AM: the 14th and 15th cannot start a rental.
const ranges: BookedRange[] = [{ start: "2026-11-15", end: "2026-11-17", pickupTime: "9:00 AM" }];
const context = { today, ranges };

function clicks(...dates: string[]): CalendarState {
  return dates.reduce((state, date) => selectDate(state, date, context), initialCalendarState);
}

describe("selectDate", () => {
  it("sets the pickup, then the return, then starts over", () => {
    expect(clicks("2026-11-11")).toEqual({ phase: "return", pickupDate: "2026-11-11", returnDate: null });
    expect(clicks("2026-11-11", "2026-11-13")).toEqual({
      phase: "pickup",
      pickupDate: "2026-11-11",
      returnDate: "2026-11-13",
    });
    expect(clicks("2026-11-11", "2026-11-13", "2026-11-20")).toEqual({
      phase: "return",
      pickupDate: "2026-11-20",
      returnDate: null,
    });
  });

  it("restarts the pickup on a click on or before it", () => {
    expect(clicks("2026-11-12", "2026-11-11")).toEqual({
      phase: "return",
      pickupDate: "2026-11-11",
      returnDate: null,
    });
    expect(clicks("2026-11-12", "2026-11-12")).toEqual({
      phase: "return",
      pickupDate: "2026-11-12",
      returnDate: null,
    });
  });

  it("ignores past days", () => {
    const state = clicks("2026-11-11");
    expect(selectDate(initialCalendarState, "2026-11-09", context)).toBe(initialCalendarState);
    expect(selectDate(state, "2026-11-09", context)).toBe(state);
    expect(clicks("2026-11-10")).toMatchObject({ pickupDate: "2026-11-10" });
  });

  it("ignores booked days as pickups", () => {
    expect(selectDate(initialCalendarState, "2026-11-14", context)).toBe(initialCalendarState);
    expect(selectDate(initialCalendarState, "2026-11-15", context)).toBe(initialCalendarState);
    expect(selectDate(initialCalendarState, "2026-11-16", context)).toBe(initialCalendarState);
    // Changeover: free again from 11:00 AM on the 17th.
    expect(clicks("2026-11-17")).toMatchObject({ pickupDate: "2026-11-17" });
    const afterReturnPhase = clicks("2026-11-18");
    expect(selectDate(afterReturnPhase, "2026-11-15", context)).toBe(afterReturnPhase);
  });

  it("ignores a return the car is not free until, and accepts a changeover return", () => {
    const state = clicks("2026-11-11");
    expect(selectDate(state, "2026-11-18", context)).toBe(state);
    expect(selectDate(state, "2026-11-15", context)).toBe(state);
    // Back on the 14th (even at 5:00 PM + 2 h) before the next rental leaves on the 15th at 9:00 AM.
    expect(selectDate(state, "2026-11-14", context)).toMatchObject({
      returnDate: "2026-11-14",
      phase: "pickup",
    });
  });
});

describe("dayState", () => {
  const grid = monthGrid(2026, 11);

  it("renders 42 cells from Sunday with past, booked and selected days", () => {
    const state = clicks("2026-11-11", "2026-11-13");
    const cells = grid.map((date) => ({ date, ...dayState(date, { ...context, state }) }));
    expect(cells).toHaveLength(42);
    expect(cells[0]?.date).toBe("2026-11-01");
    expect(cells.filter((cell) => cell.isPast).map((cell) => cell.date)).toEqual(
      grid.filter((date) => date < today),
    );
    expect(cells.filter((cell) => cell.isBooked).map((cell) => cell.date)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
    ]);
    expect(cells.filter((cell) => cell.isSelected).map((cell) => cell.date)).toEqual([
      "2026-11-11",
      "2026-11-13",
    ]);
    expect(cells.filter((cell) => cell.isInRange).map((cell) => cell.date)).toEqual(["2026-11-12"]);
    expect(cells.find((cell) => cell.date === "2026-11-09")).toMatchObject({
      isPast: true,
      isDisabled: true,
    });
    expect(cells.find((cell) => cell.date === "2026-11-15")).toMatchObject({
      isBooked: true,
      isDisabled: true,
    });
    expect(cells.find((cell) => cell.date === "2026-11-20")).toMatchObject({
      isBooked: false,
      isDisabled: false,
    });
  });

  it("enables exactly the valid returns while choosing the return", () => {
    const state = clicks("2026-11-11");
    const enabled = grid.filter((date) => !dayState(date, { ...context, state }).isDisabled);
    // On or before the pickup: startable days (restart); after it: reachable returns only.
    expect(enabled).toEqual(["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14"]);
    for (const date of grid) {
      const next = selectDate(state, date, context);
      expect(next !== state).toBe(!dayState(date, { ...context, state }).isDisabled);
    }
  });

  it("shows a changeover return day as Booked but selectable", () => {
    const state = clicks("2026-11-11");
    expect(dayState("2026-11-14", { ...context, state })).toMatchObject({
      isBooked: true,
      isDisabled: false,
    });
    expect(dayState("2026-11-14", { ...context, state: initialCalendarState })).toMatchObject({
      isBooked: true,
      isDisabled: true,
    });
  });
});

describe("a blocked period in the calendar (release-2 §C1)", () => {
  const blocked = { today, ranges: [{ start: "2026-11-20", end: "2026-11-21", kind: "block" as const }] };
  const state = (date: string, calendar: CalendarState = initialCalendarState) =>
    dayState(date, { ...blocked, state: calendar });

  it("shows every blocked day as Booked and not selectable, and the day after as free", () => {
    for (const date of ["2026-11-20", "2026-11-21"]) {
      expect(state(date)).toMatchObject({ isBooked: true, isDisabled: true });
    }
    expect(state("2026-11-22")).toMatchObject({ isBooked: false, isDisabled: false });
  });

  it("allows no return on or after a blocked day once the pickup is before it", () => {
    const picking = selectDate(initialCalendarState, "2026-11-18", blocked);
    expect(picking.phase).toBe("return");
    expect(state("2026-11-19", picking).isDisabled).toBe(false);
    for (const date of ["2026-11-20", "2026-11-21", "2026-11-23"]) {
      expect(state(date, picking).isDisabled).toBe(true);
    }
  });
});
