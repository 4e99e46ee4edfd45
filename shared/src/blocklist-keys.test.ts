import { describe, expect, it } from "vitest";
import { blockKey, normalizePhone } from "./blocklist-keys";

describe("blockKey", () => {
  it("reads a Philippine mobile number the same whatever way it is typed", () => {
    const typed = [
      "0917 123 4567",
      "09171234567",
      "+63 917 123 4567",
      "+63-917-123-4567",
      "(0917) 123-4567",
      "63 917 123 4567",
      "+639171234567",
      "  0917.123.4567 ",
    ];
    for (const value of typed) expect(blockKey("phone", value), value).toBe("+639171234567");
  });

  it("keeps a foreign number with its own country code, and refuses what is not a phone number", () => {
    expect(normalizePhone("+1 415 555 2671")).toBe("+14155552671");
    expect(blockKey("phone", "not a number")).toBeNull();
    expect(blockKey("phone", "12")).toBeNull();
  });

  it("lower-cases e-mails, compares names as release 1 did, and strips licence numbers to letters and digits", () => {
    expect(blockKey("email", "  Juan.Cruz@Example.PH ")).toBe("juan.cruz@example.ph");
    expect(blockKey("name", "  Juan   DELA Cruz ")).toBe("juan dela cruz");
    expect(blockKey("license", "n01-23 456.789")).toBe("N0123456789");
    expect(blockKey("license", " - ")).toBeNull();
    expect(blockKey("name", "   ")).toBeNull();
  });
});
