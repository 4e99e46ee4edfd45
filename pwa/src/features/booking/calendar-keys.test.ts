import { describe, expect, it } from "vitest";
import { gridMove } from "./calendar-keys";

describe("gridMove", () => {
  // Saturday November 21, 2026.
  const date = "2026-11-21";

  it("moves a day with the side arrows and a week with the up and down arrows", () => {
    expect(gridMove(date, "ArrowLeft")).toEqual({ target: "2026-11-20", step: -1 });
    expect(gridMove(date, "ArrowRight")).toEqual({ target: "2026-11-22", step: 1 });
    expect(gridMove(date, "ArrowUp")).toEqual({ target: "2026-11-14", step: -1 });
    expect(gridMove(date, "ArrowDown")).toEqual({ target: "2026-11-28", step: 1 });
  });

  it("goes to the week's Sunday with Home and its Saturday with End", () => {
    expect(gridMove(date, "Home")?.target).toBe("2026-11-15");
    expect(gridMove(date, "End")?.target).toBe("2026-11-21");
    expect(gridMove("2026-11-15", "End")?.target).toBe("2026-11-21");
  });

  it("pages a month, on the month's last day when it is shorter", () => {
    expect(gridMove(date, "PageDown")?.target).toBe("2026-12-21");
    expect(gridMove(date, "PageUp")?.target).toBe("2026-10-21");
    expect(gridMove("2027-01-31", "PageDown")?.target).toBe("2027-02-28");
    expect(gridMove("2026-12-15", "PageDown")?.target).toBe("2027-01-15");
  });

  it("leaves other keys alone", () => {
    expect(gridMove(date, "Enter")).toBeNull();
    expect(gridMove(date, "Tab")).toBeNull();
  });
});
