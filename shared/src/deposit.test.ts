import { describe, expect, it } from "vitest";
import { depositAmount } from "./deposit";

describe("depositAmount", () => {
  it("formats a deposit in pesos and shows nothing for none", () => {
    expect(depositAmount("3000.00")).toBe("₱3,000");
    expect(depositAmount(4500.5)).toBe("₱4,500.50");
    expect(depositAmount("0.00")).toBeNull();
    expect(depositAmount(undefined)).toBeNull();
    expect(depositAmount(null)).toBeNull();
  });
});
