import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { blockKey, normalizePhone } from "./blocklist-keys";

/** What libphonenumber alone answers (normalizePhone's answer before its mobile fast path). */
function byMetadata(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim(), "PH");
  return parsed?.isPossible() ? parsed.number : null;
}

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

  it("answers for every Philippine mobile number, however separated, what libphonenumber answers", () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const separators = ["", " ", "-", ".", "  ", " - "];
    for (let n = 0; n < 3000; n++) {
      const national = `9${String(random(1e9)).padStart(9, "0")}`;
      const prefix = ["0", "+63", "+63 ", "(0", "0 "][random(5)] ?? "0";
      let typed = prefix;
      for (const [i, digit] of [...national].entries()) {
        typed += (i === 3 && prefix === "(0" ? ")" : "") + (i > 0 ? separators[random(6)] : "") + digit;
      }
      typed = random(4) === 0 ? `  ${typed} ` : typed;
      expect(normalizePhone(typed), typed).toBe(byMetadata(typed));
      expect(normalizePhone(typed), typed).toBe(`+63${national}`);
    }
    // Near misses go to the metadata, whatever it answers for them.
    for (const typed of [
      "+63 0917 123 4567",
      "0917 123 456",
      "0917 123 45678",
      "9171234567",
      "+63 817 123 4567",
    ]) {
      expect(normalizePhone(typed), typed).toBe(byMetadata(typed));
    }
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
