import { describe, expect, it } from "vitest";
import { errorMessages } from "@car-rental/shared/messages";
import { parsePaymentAmount, paymentAmountProblem, paymentSummary } from "./payment-rules";

describe("paymentSummary", () => {
  it("is Not Paid with nothing paid, and offers Add Payment", () => {
    expect(paymentSummary("5000.00", "0.00")).toEqual({
      progress: "Not Paid",
      color: "red",
      paid: "0.00",
      balance: "5000.00",
      canAddPayment: true,
    });
  });

  it("is Partially Paid in between, with the exact balance", () => {
    expect(paymentSummary("5000.30", "1000.10")).toMatchObject({
      progress: "Partially Paid",
      balance: "4000.20",
      canAddPayment: true,
    });
  });

  it("is Fully Paid when paid reaches or passes the total, and hides Add Payment", () => {
    expect(paymentSummary("5000", "5000.00")).toMatchObject({
      progress: "Fully Paid",
      balance: "0.00",
      canAddPayment: false,
    });
    expect(paymentSummary("5000", "6000")).toMatchObject({
      progress: "Fully Paid",
      balance: "0.00",
      canAddPayment: false,
    });
  });
});

describe("parsePaymentAmount", () => {
  it("reads what a person types", () => {
    expect(parsePaymentAmount("1500")).toBe("1500.00");
    expect(parsePaymentAmount(" 1500.5 ")).toBe("1500.50");
    expect(parsePaymentAmount("₱1,500.50")).toBe("1500.50");
  });

  it.each(["", "   ", "abc", "12abc", "1e3", "1.234", "NaN"])("ignores %j (nothing is sent)", (text) => {
    expect(parsePaymentAmount(text)).toBeNull();
  });
});

describe("paymentAmountProblem", () => {
  it("refuses zero, negatives and more than the balance", () => {
    expect(paymentAmountProblem("0.00", "100.00")).toBe(errorMessages.PAYMENT_INVALID);
    expect(paymentAmountProblem("-5.00", "100.00")).toBe(errorMessages.PAYMENT_INVALID);
    expect(paymentAmountProblem("100.01", "100.00")).toBe(errorMessages.PAYMENT_EXCEEDS_BALANCE);
    expect(paymentAmountProblem("100.00", "100.00")).toBeNull();
  });

  it("holds a deposit to no balance, but still refuses zero and negatives (release-2 §E2)", () => {
    expect(paymentAmountProblem("50000.00", null)).toBeNull();
    expect(paymentAmountProblem("0.00", null)).toBe(errorMessages.PAYMENT_INVALID);
  });
});
