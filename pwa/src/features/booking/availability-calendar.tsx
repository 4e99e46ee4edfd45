import { ActionIcon, Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { BookedRange } from "@car-rental/shared/availability";
import { dayState, selectDate, type CalendarState } from "@car-rental/shared/calendar";
import { periodFor, type RatePeriod } from "@car-rental/shared/rates";
import {
  addDays,
  formatLongDate,
  formatMonthYear,
  monthGrid,
  rentalDays,
  shiftMonth,
} from "@car-rental/shared/dates";
import classes from "./availability-calendar.module.css";
import {
  dayLabel,
  descriptionId,
  monthIndex,
  monthName,
  monthOf,
  WEEKDAYS,
  weeksOf,
  type Month,
} from "./calendar-days";
import { gridMove } from "./calendar-keys";

/** How far ahead a visitor can page: a year after the current month. */
const MONTHS_AHEAD = 12;

/** How far the keyboard looks past days that cannot take the focus (disabled ones). */
const MAX_KEY_STEPS = 400;

export type RentalDates = { pickupDate: string; returnDate: string };

type AvailabilityCalendarProps = {
  /** The car's active bookings; undefined while they have never been loaded. */
  ranges: readonly BookedRange[] | undefined;
  /** Today in Manila ('YYYY-MM-DD'). */
  today: string;
  /**
   * The first date a rental can start on (pickup-slots.ts firstPickupDate):
   * tomorrow once today's last pickup slot has begun. Earlier days show as past.
   * Defaults to today.
   */
  firstPickupDate?: string;
  /** The chosen dates, '' when not chosen. */
  pickupDate: string;
  returnDate: string;
  onChange: (dates: RentalDates) => void;
  /** Validation messages of the two dates. */
  pickupError?: string | undefined;
  returnError?: string | undefined;
  /** The owner's rate periods (release-2 §E1): their days carry a mark and say their rate. */
  periods?: readonly RatePeriod[] | undefined;
};

/** `Holy Week rate, +30 %` / `Low season rate, −10 %`: what a seasonal day says of its price. */
export function seasonalNote(period: RatePeriod): string {
  const sign = period.percent > 0 ? "+" : "−";
  return `${period.name} rate, ${sign}${Math.abs(period.percent)} %`;
}

/**
 * The rental-date calendar (spec §2, §4 "Calendar selection"; decisions.md
 * "Time and dates"): one month of 42 days from Sunday, previous and next month
 * buttons, a legend and a summary of the chosen pickup and return dates.
 * Past days (today too once no pickup slot is left) and days no rental can
 * start on are not selectable; the selection rules are shared/calendar.ts's
 * state machine, on Manila dates.
 *
 * The month is a WAI-ARIA date grid: a row of weekday column headers, then six
 * rows of day cells, each holding the day's button. The grid is one tab stop;
 * the arrow keys, Home, End, Page Up and Page Down move between the days.
 * A day's button is named by its number, as printed (the grid is labelled by
 * the month; a day of the previous or next month names its month too), and
 * described by its full date and state ('November 24, 2026, today, booked').
 */
export function AvailabilityCalendar({
  ranges,
  today,
  firstPickupDate = today,
  pickupDate,
  returnDate,
  onChange,
  pickupError,
  returnError,
  periods = [],
}: AvailabilityCalendarProps) {
  const [visible, setVisible] = useState<Month>(() => monthOf(pickupDate || firstPickupDate));
  /** The day that holds the grid's tab stop, once the visitor has been on one. */
  const [focusDate, setFocusDate] = useState<string | null>(null);
  /** Set by a key: the focus moves to focusDate after the render. */
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const firstMonth = monthOf(today);
  const canGoBack = monthIndex(visible) > monthIndex(firstMonth);
  const canGoForward = monthIndex(visible) < monthIndex(firstMonth) + MONTHS_AHEAD;

  const bookedRanges = ranges ?? [];
  const state: CalendarState = {
    phase: pickupDate !== "" && returnDate === "" ? "return" : "pickup",
    pickupDate: pickupDate || null,
    returnDate: returnDate || null,
  };
  // Days before the first pickup date are past: today too, once its last slot has begun.
  const context = { today: firstPickupDate, ranges: bookedRanges, state };
  const days = monthGrid(visible.year, visible.month);
  const dayStates = new Map(days.map((date) => [date, dayState(date, context)]));
  /** The period that prices each day shown, when it changes the price. */
  const seasons = new Map(
    days.flatMap((date) => {
      const period = periodFor(date, periods);
      return period && period.percent !== 0 ? [[date, period] as const] : [];
    }),
  );
  const focusable = (date: string | null): date is string =>
    date !== null && dayStates.get(date)?.isDisabled === false;
  const inVisibleMonth = (date: string) => monthOf(date).month === visible.month;
  const tabStop =
    [focusDate, pickupDate || null, returnDate || null, today].find(focusable) ??
    days.find((date) => inVisibleMonth(date) && focusable(date)) ??
    days.find(focusable);
  const title = formatMonthYear(visible.year, visible.month);
  const titleId = "availability-calendar-month";
  const rentalLength = pickupDate && returnDate ? rentalDays(pickupDate, returnDate) : 0;

  const choose = (date: string) => {
    const next = selectDate(state, date, { today: firstPickupDate, ranges: bookedRanges });
    if (next === state) return;
    onChange({ pickupDate: next.pickupDate ?? "", returnDate: next.returnDate ?? "" });
  };

  const move = (delta: number) => setVisible((current) => shiftMonth(current.year, current.month, delta));

  useEffect(() => {
    if (!moveFocus.current || focusDate === null) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`)?.focus();
  });

  /** A day the keyboard can land on: selectable, in a month the visitor can page to. */
  const canTakeFocus = (date: string): boolean => {
    const index = monthIndex(monthOf(date));
    if (index < monthIndex(firstMonth) || index > monthIndex(firstMonth) + MONTHS_AHEAD) return false;
    const known = dayStates.get(date);
    return !(known ?? dayState(date, context)).isDisabled;
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = event.target instanceof HTMLElement ? event.target.dataset.date : undefined;
    const next = from === undefined ? null : gridMove(from, event.key);
    if (next === null) return;
    event.preventDefault();
    let target = next.target;
    for (let steps = 0; !canTakeFocus(target); steps += 1) {
      if (steps === MAX_KEY_STEPS) return;
      target = addDays(target, next.step);
    }
    if (!dayStates.has(target)) setVisible(monthOf(target));
    moveFocus.current = true;
    setFocusDate(target);
  };

  return (
    <div className={classes.calendar}>
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => move(-1)}
        >
          <IconChevronLeft size={18} aria-hidden="true" />
        </ActionIcon>
        <Text id={titleId} fw={700} aria-live="polite">
          {title}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => move(1)}
        >
          <IconChevronRight size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>

      <div
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        className={classes.grid}
        data-testid="calendar-days"
        onKeyDown={onGridKeyDown}
      >
        <div role="row" className={classes.week}>
          {WEEKDAYS.map((weekday) => (
            <div
              key={weekday.short}
              role="columnheader"
              aria-label={weekday.long}
              className={classes.weekday}
            >
              <abbr title={weekday.long}>{weekday.short}</abbr>
            </div>
          ))}
        </div>
        {weeksOf(days).map((week) => (
          <div key={week[0]} role="row" className={classes.week}>
            {week.map((date) => {
              const day = dayStates.get(date) ?? dayState(date, context);
              return (
                <div key={date} role="gridcell" aria-selected={day.isSelected} className={classes.cell}>
                  <button
                    type="button"
                    className={classes.day}
                    disabled={day.isDisabled}
                    aria-pressed={day.isSelected}
                    tabIndex={date === tabStop ? 0 : -1}
                    data-date={date}
                    data-outside={!inVisibleMonth(date) || undefined}
                    data-today={date === today || undefined}
                    data-past={day.isPast || undefined}
                    data-booked={day.isBooked || undefined}
                    data-selected={day.isSelected || undefined}
                    data-in-range={day.isInRange || undefined}
                    data-seasonal={seasons.has(date) || undefined}
                    onClick={() => choose(date)}
                    onFocus={() => setFocusDate(date)}
                    aria-describedby={descriptionId(date)}
                  >
                    {inVisibleMonth(date) ? null : (
                      <span className="visually-hidden">{`${monthName(date)} `}</span>
                    )}
                    {Number(date.slice(8, 10))}
                    {seasons.has(date) ? <span className={classes.seasonMark} aria-hidden="true" /> : null}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>

      {/* The days' descriptions: referenced by aria-describedby, never shown. */}
      <div hidden>
        {days.map((date) => (
          <span key={date} id={descriptionId(date)}>
            {dayLabel(date, dayStates.get(date) ?? dayState(date, context), state, today)}
            {seasons.has(date) ? `, ${seasonalNote(seasons.get(date) as RatePeriod)}` : null}
          </span>
        ))}
      </div>

      <ul className={classes.legend} aria-label="Legend">
        <li>
          <span className={classes.swatch} data-kind="booked" aria-hidden="true" />
          Booked
        </li>
        <li>
          <span className={classes.swatch} data-kind="selected" aria-hidden="true" />
          Selected
        </li>
        <li>
          <span className={classes.swatch} data-kind="past" aria-hidden="true" />
          Past dates
        </li>
        {seasons.size > 0 ? (
          <li>
            <span className={classes.swatch} data-kind="seasonal" aria-hidden="true" />
            Seasonal rate
          </li>
        ) : null}
      </ul>

      <div className={classes.summary} aria-live="polite">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Pickup
          </Text>
          <Text fw={600} data-testid="summary-pickup">
            {pickupDate ? formatLongDate(pickupDate) : "Not selected"}
          </Text>
          {pickupError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {pickupError}
            </Text>
          )}
        </div>
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Return
          </Text>
          <Text fw={600} data-testid="summary-return">
            {returnDate ? formatLongDate(returnDate) : "Not selected"}
          </Text>
          {returnError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {returnError}
            </Text>
          )}
        </div>
        <div className={classes.summaryFooter}>
          <Text size="sm" c="dimmed">
            {state.phase === "return"
              ? "Now choose your return date."
              : rentalLength > 0
                ? `${rentalLength} ${rentalLength === 1 ? "day" : "days"} selected.`
                : "Choose your pickup date."}
          </Text>
          {(pickupDate || returnDate) && (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onChange({ pickupDate: "", returnDate: "" })}
            >
              Clear dates
            </Button>
          )}
        </div>
      </div>
      {ranges === undefined && (
        <Text size="xs" c="dimmed" mt={6}>
          Checking this car&apos;s availability…
        </Text>
      )}
    </div>
  );
}
