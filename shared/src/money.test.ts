import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  compareMoney,
  formatPeso,
  moneyEquals,
  moneySchema,
  multiplyMoney,
  normalizeMoney,
  parseMoney,
  positiveMoneySchema,
  subtractMoney,
  toMoneyString,
  tryParseMoney,
} from "./money";

describe("parseMoney", () => {
  it.each([
    ["2500", 250000n],
    ["2500.5", 250050n],
    ["2500.05", 250005n],
    [" 7.00 ", 700n],
    ["0", 0n],
    ["-12.34", -1234n],
    [2500, 250000n],
    [2500.5, 250050n],
    [0.1, 10n],
  ] as const)("parses %s", (input, centavos) => {
    expect(parseMoney(input)).toBe(centavos);
  });

  it.each(["", "abc", "1,000", "1.234", "1e3", ".5", "5.", "+5", "NaN", "0x10", "1 000"])(
    "rejects %j",
    (input) => {
      expect(tryParseMoney(input)).toBeNull();
      expect(() => parseMoney(input)).toThrow(RangeError);
    },
  );

  it("rejects non-finite numbers and floats with more than two decimals", () => {
    expect(tryParseMoney(Number.NaN)).toBeNull();
    expect(tryParseMoney(Number.POSITIVE_INFINITY)).toBeNull();
    expect(tryParseMoney(0.1 + 0.2)).toBeNull();
    expect(tryParseMoney(1.005)).toBeNull();
  });
});

describe("arithmetic", () => {
  it("normalizes", () => {
    expect(toMoneyString(250000n)).toBe("2500.00");
    expect(toMoneyString(-5n)).toBe("-0.05");
    expect(normalizeMoney("7.5")).toBe("7.50");
    expect(normalizeMoney(2500)).toBe("2500.00");
    // Stored amounts pass as they are; every other spelling is rewritten.
    expect(normalizeMoney("2500.00")).toBe("2500.00");
    expect(normalizeMoney("0.05")).toBe("0.05");
    expect(normalizeMoney("007.50")).toBe("7.50");
    expect(normalizeMoney("-0.00")).toBe("0.00");
    expect(normalizeMoney(" 1.00")).toBe("1.00");
    expect(() => normalizeMoney("1.005")).toThrow(RangeError);
  });

  it("adds, subtracts and multiplies exactly", () => {
    expect(addMoney("0.10", "0.20")).toBe("0.30");
    expect(addMoney()).toBe("0.00");
    expect(addMoney(7500, "4500.00", "2400", 500)).toBe("14900.00");
    expect(subtractMoney("100", "250.50")).toBe("-150.50");
    expect(multiplyMoney("2500.75", 3)).toBe("7502.25");
    expect(() => multiplyMoney("1", 1.5)).toThrow(RangeError);
  });

  it("compares as decimals", () => {
    expect(compareMoney("2500", "2500.00")).toBe(0);
    expect(compareMoney(2500, "2500.01")).toBe(-1);
    expect(compareMoney("10", "9.99")).toBe(1);
    expect(moneyEquals("2500", 2500)).toBe(true);
    expect(moneyEquals("2500.00", "2500.01")).toBe(false);
    expect(moneyEquals("x", "x")).toBe(false);
  });

  it("round-trips every centavo amount through its string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -999_999_999_999n, max: 999_999_999_999n }), (centavos) => {
        expect(parseMoney(toMoneyString(centavos))).toBe(centavos);
      }),
      { numRuns: 300 },
    );
  });
});

describe("formatPeso", () => {
  it.each([
    ["2500", "₱2,500"],
    ["2500.50", "₱2,500.50"],
    ["2500.05", "₱2,500.05"],
    [0, "₱0"],
    ["999", "₱999"],
    ["1000", "₱1,000"],
    ["1234567.8", "₱1,234,567.80"],
    ["9999999999.99", "₱9,999,999,999.99"],
    ["-300", "-₱300"],
    [150000n, "₱1,500"],
    ["not money", "₱0"],
  ] as const)("formats %s as %s", (input, expected) => {
    expect(formatPeso(input)).toBe(expected);
  });
});

describe("moneySchema", () => {
  it("accepts numbers and numeric strings and outputs the normalized string", () => {
    expect(moneySchema.parse(2500)).toBe("2500.00");
    expect(moneySchema.parse("2500.5")).toBe("2500.50");
    expect(moneySchema.parse("0")).toBe("0.00");
    expect(moneySchema.parse("9999999999.99")).toBe("9999999999.99");
  });

  it.each([-1, "-0.01", "10000000000.00", "abc", "1.001", true, null, "9".repeat(40)])(
    "rejects %j",
    (input) => {
      expect(moneySchema.safeParse(input).success).toBe(false);
    },
  );

  it("positiveMoneySchema refuses zero", () => {
    expect(positiveMoneySchema.safeParse(0).success).toBe(false);
    expect(positiveMoneySchema.safeParse("0.00").success).toBe(false);
    expect(positiveMoneySchema.parse("0.01")).toBe("0.01");
  });
});
