import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LENGTH_DISCOUNTS } from "@car-rental/shared/rates";
import { LENGTH_DISCOUNTS_RECORD_ID } from "@car-rental/shared/schemas/rates";
import { db as appDb } from "../../../data/db";
import { LengthDiscountsSection } from "./length-discounts";

/** The form's checks, in the browser before anything is queued, and the optimistic list once it is. */
describe("LengthDiscountsSection", () => {
  beforeEach(async () => {
    // No server here: a queued change stays waiting.
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await appDb.outbox.clear();
    await appDb.lengthDiscounts.put({
      id: LENGTH_DISCOUNTS_RECORD_ID,
      lengthDiscounts: [...DEFAULT_LENGTH_DISCOUNTS],
      version: 3,
      updatedAt: "2026-11-26T00:00:00.000Z",
      deletedAt: null,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderSection = () =>
    render(
      <MantineProvider>
        <LengthDiscountsSection />
      </MantineProvider>,
    );

  it("lists the discounts and refuses what the server would refuse, queueing nothing", async () => {
    renderSection();
    const list = await screen.findByRole("list", { name: "Length discounts" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["7 days or more: −10 %", "28 days or more: −20 %"]);

    await userEvent.click(screen.getByRole("button", { name: "Edit discounts" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit length discounts" });
    const first = within(dialog).getByRole("group", { name: "Discount 1" });
    const days = within(first).getByLabelText("Minimum days");
    await userEvent.clear(days);
    await userEvent.click(within(dialog).getByRole("button", { name: "Save discounts" }));
    expect(await within(first).findByText("Use a whole number of days")).toBeTruthy();

    await userEvent.type(days, "1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save discounts" }));
    expect(await within(first).findByText("At least 2 days")).toBeTruthy();

    await userEvent.clear(days);
    await userEvent.type(days, "28");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save discounts" }));
    const second = within(dialog).getByRole("group", { name: "Discount 2" });
    expect(await within(second).findByText("Each discount needs its own number of days")).toBeTruthy();
    expect(await appDb.outbox.count()).toBe(0);
  });

  it("queues the whole list and shows it at once, waiting to sync", async () => {
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Edit discounts" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit length discounts" });
    await userEvent.click(
      within(within(dialog).getByRole("group", { name: "Discount 2" })).getByRole("button", {
        name: "Remove",
      }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Add discount" }));
    const added = within(dialog).getByRole("group", { name: "Discount 2" });
    await userEvent.type(within(added).getByLabelText("Minimum days"), "3");
    await userEvent.type(within(added).getByLabelText("Percent off"), "5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save discounts" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit length discounts" })).toBeNull());
    const list = screen.getByRole("list", { name: "Length discounts" });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["3 days or more: −5 %", "7 days or more: −10 %"]),
    );
    expect(await screen.findByText("Waiting to sync")).toBeTruthy();
    const [entry, ...others] = await appDb.outbox.toArray();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      mutation: "saveLengthDiscounts",
      args: {
        lengthDiscounts: [
          { minDays: 7, percentOff: 10 },
          { minDays: 3, percentOff: 5 },
        ],
      },
    });
  });
});
