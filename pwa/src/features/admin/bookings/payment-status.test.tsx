import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentStatus } from "./payment-status";

function renderStatus(total: string, amountPaid: string) {
  const onAddPayment = vi.fn();
  render(
    <MantineProvider>
      <PaymentStatus total={total} amountPaid={amountPaid} onAddPayment={onAddPayment} />
    </MantineProvider>,
  );
  return onAddPayment;
}

describe("PaymentStatus", () => {
  it("shows Not Paid, the balance, and Add Payment when nothing is paid", async () => {
    const onAddPayment = renderStatus("5000.00", "0.00");
    expect(screen.getByText("Not Paid")).toBeTruthy();
    expect(screen.getByText("₱5,000")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Add Payment" }));
    expect(onAddPayment).toHaveBeenCalledOnce();
  });

  it("shows Partially Paid with the amount paid and the exact balance", () => {
    renderStatus("5000.30", "1000.10");
    expect(screen.getByText("Partially Paid")).toBeTruthy();
    expect(screen.getByText("₱1,000.10")).toBeTruthy();
    expect(screen.getByText("₱4,000.20")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Payment" })).toBeTruthy();
  });

  it("shows Fully Paid without Add Payment once the total is reached", () => {
    renderStatus("5000.00", "5000.00");
    expect(screen.getByText("Fully Paid")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add Payment" })).toBeNull();
  });
});
