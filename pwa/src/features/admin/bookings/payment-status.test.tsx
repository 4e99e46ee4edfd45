import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { db as appDb } from "../../../data/db";
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

  it("shows the deposit held apart from the balance, and Add Payment for a deposit once fully paid (release-2 §E2)", async () => {
    const bookingId = "00000000-0000-4000-8000-000000000077";
    const payment = (id: string, amount: string, kind: "rental" | "deposit" | "deposit-refund") => ({
      id: `00000000-0000-4000-8000-00000000008${id}`,
      bookingId,
      amount,
      kind,
      note: null,
      createdAt: `2026-11-2${id}T00:00:00.000Z`,
    });
    await appDb.payments.bulkPut([
      payment("1", "5000.00", "rental"),
      payment("2", "3000.00", "deposit"),
      payment("3", "1000.00", "deposit-refund"),
    ]);
    render(
      <MantineProvider>
        <PaymentStatus
          total="5000.00"
          amountPaid="5000.00"
          bookingId={bookingId}
          deposit="3000.00"
          onAddPayment={vi.fn()}
        />
      </MantineProvider>,
    );
    expect(screen.getByText("Fully Paid")).toBeTruthy();
    expect((await screen.findByText("₱2,000")).closest("[data-testid='deposit-held']")?.textContent).toBe(
      "Deposit held ₱2,000 of ₱3,000",
    );
    expect(screen.getByRole("button", { name: "Add Payment" })).toBeTruthy();
  });
});
