import { MantineProvider } from "@mantine/core";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { BookedRange } from "@car-rental/shared/availability";
import { AvailabilityCalendar, type RentalDates } from "./availability-calendar";
import { firstPickupDate } from "./pickup-slots";

const TODAY = "2026-11-21";

/** A booking of the car from Nov 25 9:00 AM to Nov 27 9:00 AM (busy until 11:00 AM). */
const RANGES: BookedRange[] = [{ start: "2026-11-25", end: "2026-11-27", pickupTime: "9:00 AM" }];

type ControlledCalendarProps = {
  onChange?: ((dates: RentalDates) => void) | undefined;
  firstPickupDate?: string | undefined;
};

function ControlledCalendar({ onChange, firstPickupDate }: ControlledCalendarProps) {
  const [dates, setDates] = useState<RentalDates>({ pickupDate: "", returnDate: "" });
  return (
    <AvailabilityCalendar
      ranges={RANGES}
      today={TODAY}
      {...(firstPickupDate ? { firstPickupDate } : {})}
      pickupDate={dates.pickupDate}
      returnDate={dates.returnDate}
      onChange={(next) => {
        setDates(next);
        onChange?.(next);
      }}
    />
  );
}

function renderCalendar(onChange?: (dates: RentalDates) => void, firstPickupDate?: string) {
  return render(
    <MantineProvider>
      <ControlledCalendar onChange={onChange} firstPickupDate={firstPickupDate} />
    </MantineProvider>,
  );
}

function dayButtons() {
  return within(screen.getByTestId("calendar-days")).getAllByRole("button");
}

function day(label: string) {
  return screen.getByRole("button", { description: new RegExp(`^${label}`) });
}

describe("AvailabilityCalendar", () => {
  it("shows 42 days from the Sunday on or before the first, with Sun..Sat headers", () => {
    renderCalendar();
    expect(screen.getByText("November 2026")).toBeTruthy();
    const days = dayButtons();
    expect(days).toHaveLength(42);
    // November 2026 starts on a Sunday.
    expect(days[0]).toBe(day("November 01, 2026"));
    expect(days[41]).toBe(day("December 12, 2026"));
    expect(screen.getByText("Sun")).toBeTruthy();
    expect(screen.getByText("Sat")).toBeTruthy();
  });

  it("pages months, never before the current one, with the month's edge days around it", () => {
    renderCalendar();
    const previous = screen.getByRole("button", { name: "Previous month" });
    expect(previous).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByText("December 2026")).toBeTruthy();
    const days = dayButtons();
    expect(days).toHaveLength(42);
    // December 1, 2026 is a Tuesday: the grid starts on Sunday November 29.
    expect(days[0]).toBe(day("November 29, 2026"));
    expect(days[2]).toBe(day("December 01, 2026"));
    expect(days[41]).toBe(day("January 09, 2027"));
    expect(screen.getByRole("button", { name: "Previous month" })).toHaveProperty("disabled", false);
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(screen.getByText("November 2026")).toBeTruthy();
  });

  it("disables past days and days no rental can start on, and names their state", () => {
    renderCalendar();
    const past = screen.getByRole("button", { description: "November 20, 2026, past" });
    expect(past).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { description: "November 21, 2026, today" })).toHaveProperty(
      "disabled",
      false,
    );
    for (const date of ["November 24, 2026", "November 25, 2026", "November 26, 2026"]) {
      expect(screen.getByRole("button", { description: `${date}, booked` })).toHaveProperty("disabled", true);
    }
    // A day is named by the number the grid shows; a day of the next month names its month too.
    expect(screen.getByRole("button", { name: "24" })).toBe(day("November 24, 2026"));
    expect(screen.getByRole("button", { name: "December 1" })).toBe(day("December 01, 2026"));
    // The return day is a changeover day: a pickup from 11:00 AM is free.
    expect(day("November 27, 2026")).toHaveProperty("disabled", false);
    expect(screen.getByText("Booked")).toBeTruthy();
    expect(screen.getByText("Selected")).toBeTruthy();
    expect(screen.getByText("Past dates")).toBeTruthy();
  });

  it("selects a pickup then a return, and a click on or before the pickup restarts it", () => {
    const onChange = vi.fn();
    renderCalendar(onChange);
    expect(screen.getByTestId("summary-pickup").textContent).toBe("Not selected");
    expect(screen.getByTestId("summary-return").textContent).toBe("Not selected");

    fireEvent.click(day("November 28, 2026"));
    expect(onChange).toHaveBeenLastCalledWith({ pickupDate: "2026-11-28", returnDate: "" });
    expect(screen.getByTestId("summary-pickup").textContent).toBe("November 28, 2026");

    // On or before the pickup: the pickup restarts there.
    fireEvent.click(day("November 27, 2026"));
    expect(onChange).toHaveBeenLastCalledWith({ pickupDate: "2026-11-27", returnDate: "" });
    fireEvent.click(day("November 27, 2026"));
    expect(onChange).toHaveBeenLastCalledWith({ pickupDate: "2026-11-27", returnDate: "" });

    fireEvent.click(day("November 30, 2026"));
    expect(onChange).toHaveBeenLastCalledWith({ pickupDate: "2026-11-27", returnDate: "2026-11-30" });
    expect(screen.getByTestId("summary-return").textContent).toBe("November 30, 2026");
    expect(screen.getByRole("button", { description: "November 28, 2026, in selected range" })).toBeTruthy();
    expect(screen.getByRole("button", { description: "November 27, 2026, pickup date" })).toBeTruthy();
    expect(day("November 27, 2026").getAttribute("aria-pressed")).toBe("true");

    // With both chosen, the next click starts a new pickup.
    fireEvent.click(day("December 02, 2026"));
    expect(onChange).toHaveBeenLastCalledWith({ pickupDate: "2026-12-02", returnDate: "" });
  });

  it("ignores clicks on booked and past days", () => {
    const onChange = vi.fn();
    renderCalendar(onChange);
    fireEvent.click(day("November 25, 2026"));
    fireEvent.click(day("November 19, 2026"));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("does not let a return cross a booking", () => {
    const onChange = vi.fn();
    renderCalendar(onChange);
    fireEvent.click(day("November 22, 2026"));
    // Returning on the 24th would run into the booking from the 25th (with the turnaround).
    expect(day("November 23, 2026")).toHaveProperty("disabled", false);
    expect(day("November 28, 2026")).toHaveProperty("disabled", true);
  });

  it("is a date grid named by its month: a row of weekday headers, then six rows of seven day cells", () => {
    renderCalendar();
    const grid = screen.getByRole("grid", { name: "November 2026" });
    const rows = within(grid).getAllByRole("row");
    expect(rows).toHaveLength(7);
    const headers = within(rows[0] as HTMLElement).getAllByRole("columnheader");
    expect(headers.map((header) => header.getAttribute("aria-label"))).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(headers.map((header) => header.textContent)).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);
    const cells = within(grid).getAllByRole("gridcell");
    expect(cells).toHaveLength(42);
    for (const row of rows.slice(1)) expect(within(row).getAllByRole("gridcell")).toHaveLength(7);
    // Each cell holds its day's button, named as before.
    expect(
      within(cells[20] as HTMLElement)
        .getByRole("button")
        .getAttribute("data-date"),
    ).toBe("2026-11-21");
    expect(
      within(cells[20] as HTMLElement).getByRole("button", { description: "November 21, 2026, today" }),
    ).toBeTruthy();
  });

  it("marks the chosen days selected in the grid", () => {
    renderCalendar();
    fireEvent.click(day("November 28, 2026"));
    const cell = day("November 28, 2026").closest('[role="gridcell"]');
    expect(cell?.getAttribute("aria-selected")).toBe("true");
    expect(day("November 29, 2026").closest('[role="gridcell"]')?.getAttribute("aria-selected")).toBe(
      "false",
    );
  });

  it("shows today as past, not selectable, once its last pickup slot has begun in Manila", () => {
    const onChange = vi.fn();
    // 5:00 PM in Manila: the 5:00 PM slot has begun, no slot is left today.
    renderCalendar(onChange, firstPickupDate({ date: TODAY, hour: 17 }));
    const today = screen.getByRole("button", { description: "November 21, 2026, today, past" });
    expect(today).toHaveProperty("disabled", true);
    expect(today.hasAttribute("data-past")).toBe(true);
    fireEvent.click(today);
    expect(onChange).not.toHaveBeenCalled();
    expect(day("November 22, 2026")).toHaveProperty("disabled", false);
  });

  it("keeps today selectable while one of its slots is still ahead", () => {
    renderCalendar(undefined, firstPickupDate({ date: TODAY, hour: 16 }));
    expect(screen.getByRole("button", { description: "November 21, 2026, today" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("is one tab stop; the arrow keys move between days, past the ones that cannot be chosen", async () => {
    const user = userEvent.setup();
    renderCalendar();
    const focusable = dayButtons().filter((button) => button.tabIndex === 0);
    expect(focusable).toEqual([day("November 21, 2026")]);

    // From the button before the grid, Tab lands on the tab stop.
    act(() => screen.getByRole("button", { name: "Next month" }).focus());
    await user.tab();
    expect(document.activeElement).toBe(day("November 21, 2026"));

    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(day("November 22, 2026"));
    await user.keyboard("{ArrowRight}{ArrowRight}");
    // The 24th to the 26th are booked: the focus goes on to the 27th.
    expect(document.activeElement).toBe(day("November 27, 2026"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(day("November 23, 2026"));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(day("November 28, 2026"));
    // Past days cannot take the focus.
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(day("November 21, 2026"));
    // Beyond the grid, the next month shows.
    await user.keyboard("{PageDown}");
    expect(screen.getByText("December 2026")).toBeTruthy();
    expect(document.activeElement).toBe(day("December 21, 2026"));
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("summary-pickup").textContent).toBe("December 21, 2026");
  });

  it("marks the days of a seasonal rate, visibly and in their description (release-2 §E1)", () => {
    render(
      <MantineProvider>
        <AvailabilityCalendar
          ranges={[]}
          today={TODAY}
          pickupDate=""
          returnDate=""
          onChange={() => undefined}
          periods={[
            { name: "Holy Week", startDate: "2026-11-29", endDate: "2026-12-01", percent: 30 },
            { name: "Quiet days", startDate: "2026-11-23", endDate: "2026-11-23", percent: -10 },
            { name: "No change", startDate: "2026-11-24", endDate: "2026-11-24", percent: 0 },
          ]}
        />
      </MantineProvider>,
    );
    const seasonal = screen.getByRole("button", { description: "November 29, 2026, Holy Week rate, +30 %" });
    expect(seasonal.getAttribute("data-seasonal")).toBe("true");
    expect(seasonal.querySelector("span[aria-hidden='true']")).toBeTruthy();
    expect(
      screen.getByRole("button", { description: "December 01, 2026, Holy Week rate, +30 %" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("button", { description: "November 23, 2026, Quiet days rate, −10 %" }),
    ).toBeTruthy();
    // A day at the car's own rate has no mark.
    const plain = screen.getByRole("button", { description: "November 24, 2026" });
    expect(plain.getAttribute("data-seasonal")).toBeNull();
    expect(within(screen.getByRole("list", { name: "Legend" })).getByText("Seasonal rate")).toBeTruthy();
  });
});
