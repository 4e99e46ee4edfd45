import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../data/db";
import { addPayment } from "../../data/mutations/bookings/add-payment";
import { sendContactMessage } from "../../data/mutations/contact/send-contact-message";
import { addToOutbox, newId } from "../../data/outbox";
import { OutboxPanel, type OutboxActions } from "./outbox-panel";
import { SyncStatus } from "./sync-status";
import { syncStatusText } from "./sync-status-text";

afterEach(async () => {
  await db.outbox.clear();
});

async function queueTwo() {
  const payment = await addToOutbox(db, {
    mutation: addPayment,
    args: {
      bookingId: "00000000-0000-4000-8000-000000000001",
      id: newId(),
      amount: "9000.00",
      note: null,
    },
    label: "Payment ₱9,000.00 for booking 000000",
  });
  await db.outbox.update(payment.id, {
    createdAt: "2026-12-02T01:52:57.000Z",
    state: "failed",
    lastError: "The payment amount exceeds the balance still owed.",
    lastStatus: 422,
  });
  const message = await addToOutbox(db, {
    mutation: sendContactMessage,
    args: { firstName: "Maria", lastName: "Santos", email: "maria@example.ph", message: "Hello there" },
    label: "Contact message from Maria Santos",
  });
  return { payment, message };
}

describe("SyncStatus", () => {
  it("names the connection and the number of waiting changes", async () => {
    expect(syncStatusText(true, { total: 0, failed: 0, needsAuth: 0 }).label).toBe(
      "Online, all changes saved",
    );
    expect(syncStatusText(false, { total: 3, failed: 0, needsAuth: 0 })).toEqual({
      badge: "3 waiting",
      label: "Offline, 3 changes waiting to sync",
    });

    await queueTwo();
    render(
      <MantineProvider>
        <SyncStatus />
      </MantineProvider>,
    );
    const button = await screen.findByRole("button", { name: /2 changes waiting to sync, 1 not accepted/ });
    expect(within(button).getByText("2 waiting")).toBeTruthy();
    await userEvent.setup().click(button);
    expect(await screen.findByRole("dialog", { name: "Changes waiting to sync" })).toBeTruthy();
    expect(await screen.findByText("Contact message from Maria Santos")).toBeTruthy();
  });
});

describe("OutboxPanel", () => {
  it("lists the entries with their state and the server's message, and offers retry, edit and discard", async () => {
    const { payment } = await queueTwo();
    const actions: OutboxActions = {
      retry: vi.fn(async () => undefined),
      discard: vi.fn(async () => undefined),
      edit: vi.fn(async () => null),
    };
    render(
      <MantineProvider>
        <OutboxPanel actions={actions} />
      </MantineProvider>,
    );
    const card = await screen.findByRole("listitem", { name: "Payment ₱9,000.00 for booking 000000" });
    expect(within(card).getByText("Not accepted")).toBeTruthy();
    // When it was made, in Manila time whatever the device's zone.
    expect(within(card).getByText(/^Made December 02, 2026 at 9:52 AM/)).toBeTruthy();
    expect(within(card).getByText("The payment amount exceeds the balance still owed.")).toBeTruthy();
    // Its original content (release 2 A5), to decide on it: what it would send, field by field.
    const change = within(card).getByLabelText("The change");
    expect(change.textContent).toContain("Amount:9000.00");
    expect(change.textContent).toContain("Note:(none)");
    // The label names the booking; its id and the payment's own are not for the owner to read.
    expect(change.textContent).not.toContain("00000000-0000-4000-8000-000000000001");
    expect(change.textContent).not.toContain(payment.args.id);
    expect(change.textContent).not.toMatch(/\bId:/);
    const message = screen.getByRole("listitem", { name: "Contact message from Maria Santos" });
    expect(within(message).queryByLabelText("The change")).toBeNull();
    const user = userEvent.setup();

    await user.click(within(card).getByRole("button", { name: "Retry" }));
    expect(actions.retry).toHaveBeenCalledWith(payment.id);

    await user.click(within(card).getByRole("button", { name: "Edit" }));
    const amount = within(card).getByLabelText("Amount");
    await user.clear(amount);
    await user.type(amount, "2000.00");
    await user.click(within(card).getByRole("button", { name: "Save and send" }));
    expect(actions.edit).toHaveBeenCalledWith(payment.id, { amount: "2000.00", note: null });

    await user.click(within(card).getByRole("button", { name: "Discard" }));
    await user.click(within(card).getByRole("button", { name: "Yes, discard" }));
    expect(actions.discard).toHaveBeenCalledWith(payment.id);

    expect(within(message).getByText("Waiting")).toBeTruthy();
    expect(within(message).queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("warns before discarding a change that may already have reached the server", async () => {
    const { payment, message } = await queueTwo();
    // Sent twice without an answer: the server may have recorded it.
    await db.outbox.update(message.id, {
      attempts: 2,
      lastError: "No answer from the server (no connection, or the answer was lost).",
    });
    render(
      <MantineProvider>
        <OutboxPanel />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const sent = await screen.findByRole("listitem", { name: "Contact message from Maria Santos" });
    expect(
      within(sent).getByText("Last try: No answer from the server (no connection, or the answer was lost)."),
    ).toBeTruthy();
    await user.click(within(sent).getByRole("button", { name: "Discard" }));
    expect(within(sent).getByRole("alert").textContent).toContain(
      "It may already have reached the server: discarding it here does not undo it there.",
    );
    // A refusal is the server's answer: nothing of it was applied, so no such warning.
    const refused = screen.getByRole("listitem", { name: "Payment ₱9,000.00 for booking 000000" });
    await user.click(within(refused).getByRole("button", { name: "Discard" }));
    expect(within(refused).getByText("Discard this change?")).toBeTruthy();
    expect(within(refused).queryByText(/may already have reached the server/)).toBeNull();
    expect(payment.id).not.toBe(message.id);
  });

  it("says when nothing is waiting", async () => {
    render(
      <MantineProvider>
        <OutboxPanel />
      </MantineProvider>,
    );
    await waitFor(() =>
      expect(screen.getByText("Everything is saved. No changes are waiting.")).toBeTruthy(),
    );
  });
});
