import { describe, expect, it } from "vitest";
import { pendingCount } from "./use-app-badge";

describe("pendingCount", () => {
  it("counts the bookings waiting for an answer, not those deleted while offline", () => {
    expect(
      pendingCount([
        { status: "pending" },
        { status: "confirmed" },
        { status: "pending", _deleted: true },
        { status: "expired" },
        { status: "pending" },
      ]),
    ).toBe(2);
    expect(pendingCount([])).toBe(0);
  });
});
