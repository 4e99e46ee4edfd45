import { describe, expect, it } from "vitest";
import { blockedNameInputSchema, nameKey, shouldCheckBlockedName } from "./blocked-name";

describe("blockedNameInputSchema", () => {
  it("reads {fullName} alone (release 1) as kind name: trimmed, blank reason as null, blockedBy defaulted", () => {
    expect(blockedNameInputSchema.parse({ fullName: "  Juan Dela Cruz ", reason: "   " })).toEqual({
      kind: "name",
      value: "Juan Dela Cruz",
      reason: null,
      blockedBy: "admin",
    });
    expect(
      blockedNameInputSchema.parse({ fullName: "Juan", reason: " no-show ", blockedBy: "owner" }),
    ).toEqual({
      kind: "name",
      value: "Juan",
      reason: "no-show",
      blockedBy: "owner",
    });
  });

  it("requires the name ('Full name is required') and ignores unknown keys", () => {
    const result = blockedNameInputSchema.safeParse({ fullName: "   " });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Full name is required"]);
    expect(blockedNameInputSchema.parse({ fullName: "Juan", extra: "x" })).toEqual({
      kind: "name",
      value: "Juan",
      reason: null,
      blockedBy: "admin",
    });
    // Release 2 (issue #24): `id` is the id the browser chose, a UUID, kept; anything else is refused.
    const id = "0190f3a4-7b2c-7d1e-9f00-1234567890ab";
    expect(blockedNameInputSchema.parse({ fullName: "Juan", id }).id).toBe(id);
    expect(blockedNameInputSchema.safeParse({ fullName: "Juan", id: "x" }).success).toBe(false);
  });
});

describe("blockedNameInputSchema with a kind (release-2 §E3)", () => {
  it("normalises the value (a name stays as typed, trimmed); the value wins over fullName", () => {
    expect(blockedNameInputSchema.parse({ kind: "phone", value: " 0917 555 0101 " })).toEqual({
      kind: "phone",
      value: "+639175550101",
      reason: null,
      blockedBy: "admin",
    });
    expect(blockedNameInputSchema.parse({ kind: "email", value: " A@B.ph", fullName: "x" }).value).toBe(
      "a@b.ph",
    );
    expect(blockedNameInputSchema.parse({ kind: "license", value: "n01-23 456" }).value).toBe("N0123456");
    expect(blockedNameInputSchema.parse({ kind: "name", value: " Juan  Dela Cruz " }).value).toBe(
      "Juan  Dela Cruz",
    );
    expect(blockedNameInputSchema.parse({ fullName: " Maria Clara " }).value).toBe("Maria Clara");
  });

  it("refuses a value that gives nothing to compare, on the field sent", () => {
    const issues = (body: unknown) =>
      blockedNameInputSchema
        .safeParse(body)
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ kind: "phone", value: "12" })).toEqual([["value", "Valid phone number is required"]]);
    expect(issues({ kind: "email", value: "no-at-sign" })).toEqual([["value", "Valid email is required"]]);
    expect(issues({ kind: "license", value: "--" })).toEqual([
      ["value", "Driver's license number is required"],
    ]);
    expect(issues({ fullName: " " })).toEqual([["fullName", "Full name is required"]]);
    expect(issues({ kind: "passport", value: "X" })?.[0]?.[0]).toBe("kind");
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
