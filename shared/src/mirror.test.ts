import { describe, expect, it } from "vitest";
import { mirrorWindowStart } from "./mirror";

describe("mirrorWindowStart", () => {
  it("is the same day twelve months before", () => {
    expect(mirrorWindowStart("2026-11-21")).toBe("2025-11-21");
    expect(mirrorWindowStart("2026-01-01")).toBe("2025-01-01");
    expect(mirrorWindowStart("2026-12-31")).toBe("2025-12-31");
  });

  it("takes the month's last day when it has no such day", () => {
    expect(mirrorWindowStart("2028-02-29")).toBe("2027-02-28");
  });
});
