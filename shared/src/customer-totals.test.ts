import { describe, expect, it } from "vitest";
import { customerTotals } from "./customer-totals";

describe("customerTotals", () => {
  it("adds totals and payments of the bookings that are not cancelled, to the centavo", () => {
    expect(
      customerTotals([
        { status: "confirmed", total: "10500.10", amountPaid: "5000.05" },
        { status: "completed", total: "0.20", amountPaid: "0.20" },
        { status: "cancelled", total: "99999.00", amountPaid: "1000.00" },
        { status: "pending", total: "0.10", amountPaid: "0.00" },
      ]),
    ).toEqual({ totalAmount: "10500.40", amountPaid: "5000.25", pendingAmount: "5500.15" });
  });

  it("is zero without bookings", () => {
    expect(customerTotals([])).toEqual({ totalAmount: "0.00", amountPaid: "0.00", pendingAmount: "0.00" });
  });
});
