import { describe, expect, it } from "vitest";
import { blockedNameInputSchema, nameKey, shouldCheckBlockedName } from "./blocked-name";

describe("blockedNameInputSchema", () => {
  it("trims the name, sends a blank reason as null and defaults blockedBy", () => {
    expect(blockedNameInputSchema.parse({ fullName: "  Juan Dela Cruz ", reason: "   " })).toEqual({
      fullName: "Juan Dela Cruz",
      reason: null,
      blockedBy: "admin",
    });
    expect(
      blockedNameInputSchema.parse({ fullName: "Juan", reason: " no-show ", blockedBy: "owner" }),
    ).toEqual({
      fullName: "Juan",
      reason: "no-show",
      blockedBy: "owner",
    });
  });

  it("requires the name ('Full name is required') and ignores unknown keys", () => {
    const result = blockedNameInputSchema.safeParse({ fullName: "   " });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Full name is required"]);
    expect(blockedNameInputSchema.parse({ fullName: "Juan", extra: "x" })).toEqual({
      fullName: "Juan",
      reason: null,
      blockedBy: "admin",
    });
    // Release 2 (issue #24): `id` is the id the browser chose, a UUID, kept; anything else is refused.
    const id = "0190f3a4-7b2c-7d1e-9f00-1234567890ab";
    expect(blockedNameInputSchema.parse({ fullName: "Juan", id }).id).toBe(id);
    expect(blockedNameInputSchema.safeParse({ fullName: "Juan", id: "x" }).success).toBe(false);
  });
});

describe("nameKey", () => {
  it("compares names trimmed, case-insensitively, with inner spaces collapsed", () => {
    expect(nameKey("  Juan   DELA\tCruz ")).toBe("juan dela cruz");
    expect(nameKey("juan dela cruz")).toBe(nameKey("JUAN  DELA CRUZ"));
  });

  it("checks once the trimmed name is longer than 2 characters", () => {
    expect(shouldCheckBlockedName("  Jo ")).toBe(false);
    expect(shouldCheckBlockedName("Joe")).toBe(true);
  });
});
