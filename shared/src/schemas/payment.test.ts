import { describe, expect, it } from "vitest";
import { errorMessages } from "../messages";
import { depositHeld, paymentInputSchema, paymentProgress } from "./payment";

describe("paymentInputSchema", () => {
  it("accepts a positive amount as number or string", () => {
    expect(paymentInputSchema.parse({ amount: 1500 })).toEqual({
      amount: "1500.00",
      kind: "rental",
      note: null,
    });
    expect(paymentInputSchema.parse({ amount: "250.5", note: " GCash " })).toEqual({
      amount: "250.50",
      kind: "rental",
      note: "GCash",
    });
  });

  it("takes the payment's kind (release-2 §E2): rental by default, deposit or deposit-refund, nothing else", () => {
    expect(paymentInputSchema.parse({ amount: 3000, kind: "deposit" }).kind).toBe("deposit");
    expect(paymentInputSchema.parse({ amount: 3000, kind: "deposit-refund" }).kind).toBe("deposit-refund");
    for (const kind of ["tip", "", "Deposit", null]) {
      expect(paymentInputSchema.safeParse({ amount: 1, kind }).success).toBe(false);
    }
  });

  it.each([0, -5, "abc", "", null, "1.234", undefined])("refuses %j with a clear message", (amount) => {
    const result = paymentInputSchema.safeParse({ amount });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([errorMessages.PAYMENT_INVALID]);
  });

  it("ignores unknown keys", () => {
    expect(paymentInputSchema.parse({ amount: 1, bookingId: "x" })).toEqual({
      amount: "1.00",
      kind: "rental",
      note: null,
    });
  });
});

describe("depositHeld", () => {
  it("counts deposits received less refunds, and no rental payment", () => {
    expect(depositHeld([])).toBe("0.00");
    expect(
      depositHeld([
        { amount: "5000.00", kind: "rental" },
        { amount: "3000.00", kind: "deposit" },
        { amount: "500.00", kind: "deposit" },
        { amount: "1000.00", kind: "deposit-refund" },
      ]),
    ).toBe("2500.00");
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
