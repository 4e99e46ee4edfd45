import { describe, expect, it } from "vitest";
import type { LocalAdminCar, LocalBlock, LocalBooking } from "../../../data/db";
import { blockConflict, isBusy, timelineDays, timelineRows } from "./timeline-model";

const car = (id: string, name: string) => ({ id, name, plateNumber: `PLT ${id}` }) as LocalAdminCar;
const booking = (fields: Partial<LocalBooking>) =>
  ({
    id: "b",
    carId: "c1",
    customerName: "Maria Santos",
    pickupDate: "2026-12-01",
    returnDate: "2026-12-03",
    status: "confirmed",
    ...fields,
  }) as LocalBooking;
const block = (fields: Partial<LocalBlock>) =>
  ({
    id: "k",
    carId: "c1",
    startDate: "2026-12-05",
    endDate: "2026-12-06",
    reason: null,
    ...fields,
  }) as LocalBlock;

describe("the timeline model", () => {
  it("has one column per day of the window", () => {
    expect(timelineDays("2026-12-30", 3)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("places bookings and blocks as bars on their car's row, clipped to the window", () => {
    const rows = timelineRows(
      [car("c1", "Vios"), car("c2", "Innova")],
      [
        booking({ id: "b1", pickupDate: "2026-11-28", returnDate: "2026-12-02" }),
        booking({
          id: "b2",
          carId: "c2",
          status: "pending",
          pickupDate: "2026-12-13",
          returnDate: "2026-12-20",
        }),
        booking({ id: "gone", status: "cancelled" }),
        booking({ id: "later", pickupDate: "2027-01-10", returnDate: "2027-01-12" }),
      ],
      [
        block({ id: "k1" }),
        block({ id: "k2", reason: "Aircon repair", startDate: "2026-12-08", endDate: "2026-12-08" }),
      ],
      "2026-12-01",
      14,
    );
    expect(rows.map((row) => row.car.name)).toEqual(["Vios", "Innova"]);
    expect(rows[0]?.bars).toEqual([
      expect.objectContaining({
        kind: "booking",
        id: "b1",
        column: 0,
        span: 2,
        clippedStart: true,
        clippedEnd: false,
      }),
      expect.objectContaining({ kind: "block", id: "k1", label: "Maintenance", column: 4, span: 2 }),
      expect.objectContaining({ kind: "block", id: "k2", label: "Aircon repair", column: 7, span: 1 }),
    ]);
    expect(rows[1]?.bars).toEqual([
      expect.objectContaining({ id: "b2", status: "pending", column: 12, span: 2, clippedEnd: true }),
    ]);
    const vios = rows[0];
    if (!vios) throw new Error("no row");
    expect(isBusy(vios, 1)).toBe(true);
    expect(isBusy(vios, 2)).toBe(false);
  });

  it("finds a new block's overlap with a pending or confirmed booking or another block of the car", () => {
    const bookings = [booking({ id: "b1" })];
    const blocks = [block({ id: "k1" })];
    expect(blockConflict("c1", "2026-12-03", "2026-12-04", bookings, blocks)).toContain("Maria Santos");
    expect(blockConflict("c1", "2026-12-06", "2026-12-07", bookings, blocks)).toContain("another block");
    expect(blockConflict("c1", "2026-12-04", "2026-12-04", bookings, blocks)).toBeNull();
    expect(blockConflict("c2", "2026-12-01", "2026-12-06", bookings, blocks)).toBeNull();
    expect(
      blockConflict("c1", "2026-12-01", "2026-12-01", [booking({ status: "cancelled" })], []),
    ).toBeNull();
  });
});
