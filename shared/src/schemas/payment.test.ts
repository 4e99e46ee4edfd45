import { describe, expect, it } from "vitest";
import { errorMessages } from "../messages";
import { paymentInputSchema, paymentProgress } from "./payment";

describe("paymentInputSchema", () => {
  it("accepts a positive amount as number or string", () => {
    expect(paymentInputSchema.parse({ amount: 1500 })).toEqual({ amount: "1500.00", note: null });
    expect(paymentInputSchema.parse({ amount: "250.5", note: " GCash " })).toEqual({
      amount: "250.50",
      note: "GCash",
    });
  });

  it.each([0, -5, "abc", "", null, "1.234", undefined])("refuses %j with a clear message", (amount) => {
    const result = paymentInputSchema.safeParse({ amount });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([errorMessages.PAYMENT_INVALID]);
  });

  it("ignores unknown keys", () => {
    expect(paymentInputSchema.parse({ amount: 1, bookingId: "x" })).toEqual({ amount: "1.00", note: null });
  });
});

describe("paymentProgress", () => {
  it("follows spec §4", () => {
    expect(paymentProgress("8000", "0")).toBe("Not Paid");
    expect(paymentProgress("8000", "500")).toBe("Partially Paid");
    expect(paymentProgress("8000", "8000.00")).toBe("Fully Paid");
    expect(paymentProgress("8000", "9000")).toBe("Fully Paid");
  });
});
