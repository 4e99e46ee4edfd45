import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useRouter } from "@tanstack/react-router";
import { useMemo, useState, type CSSProperties } from "react";
import { addDays, formatLongDate, manilaToday } from "@car-rental/shared/dates";
import { useAdminCars, useBlocks, useBookings } from "../../../data/admin-data";
import { STATUS_COLORS } from "../frame/display";
import { LoadingList } from "../frame/loading-list";
import { REFUSED_LABEL, useSyncMarks } from "../frame/sync-marks";
import { BlockDatesDialog, type BlockDraft } from "./block-dates-dialog";
import { BlockDetailsDialog } from "./block-details-dialog";
import classes from "./timeline.module.css";
import {
  TIMELINE_DAYS,
  TIMELINE_STEP_DAYS,
  timelineDays,
  timelineRows,
  type TimelineBar,
  type TimelineRow,
} from "./timeline-model";

const WEEKDAY = new Intl.DateTimeFormat("en-PH", { weekday: "short", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat("en-PH", { month: "short", day: "numeric", timeZone: "UTC" });

function dayLabel(date: string) {
  const instant = new Date(`${date}T00:00:00Z`);
  return { weekday: WEEKDAY.format(instant), day: DAY.format(instant) };
}

function barStyle(bar: TimelineBar): CSSProperties {
  return {
    gridColumn: `${bar.column + 1} / span ${bar.span}`,
    ...(bar.kind === "booking"
      ? { background: `var(--mantine-color-${STATUS_COLORS[bar.status]}-filled)` }
      : {}),
  };
}

function barClass(bar: TimelineBar, refused: boolean): string {
  return [
    classes.bar,
    bar.kind === "block" ? classes.block : "",
    bar.clippedStart ? classes.clippedStart : "",
    bar.clippedEnd ? classes.clippedEnd : "",
    refused ? classes.refused : bar.pending ? classes.waiting : "",
  ].join(" ");
}

function CarRow({
  row,
  days,
  onDay,
  onBar,
}: {
  row: TimelineRow;
  days: string[];
  onDay: (carId: string, date: string) => void;
  onBar: (bar: TimelineBar) => void;
}) {
  const marks = useSyncMarks();
  return (
    <>
      <div className={classes.carCell} role="rowheader">
        <Text fw={600} size="sm" lineClamp={1}>
          {row.car.name}
        </Text>
        {row.car.plateNumber ? (
          <Text size="xs" c="dimmed">
            {row.car.plateNumber}
          </Text>
        ) : null}
      </div>
      <div className={classes.row} role="row" aria-label={row.car.name}>
        {days.map((date, column) => (
          <button
            key={date}
            type="button"
            className={classes.day}
            style={{ gridColumn: column + 1 }}
            aria-label={`Block ${row.car.name} on ${formatLongDate(date)}`}
            onClick={() => onDay(row.car.id, date)}
          />
        ))}
        {row.bars.map((bar) => {
          // A change the server refused (e.g. a block over a booking made meanwhile): the bar says so,
          // faint, until the owner retries, edits or discards it in the outbox.
          const mark = marks.get(`${bar.kind === "booking" ? "bookings" : "blocks"}:${bar.id}`);
          const refused = mark?.state === "refused";
          const label = refused ? `${bar.label} · ${REFUSED_LABEL.toLowerCase()}` : bar.label;
          return (
            <button
              key={`${bar.kind}-${bar.id}`}
              type="button"
              className={barClass(bar, refused)}
              style={barStyle(bar)}
              title={refused ? `${label}: ${mark.message}` : label}
              aria-label={
                (bar.kind === "booking" ? `${bar.label}, ${bar.status} booking` : `${bar.label}, blocked`) +
                (refused ? `, ${REFUSED_LABEL.toLowerCase()}: ${mark.message}` : "")
              }
              onClick={() => onBar(bar)}
            >
              {label}
            </button>
          );
        })}
      </div>
    </>
  );
}

/**
 * Admin → Timeline (release 2 §C2): the fleet's next two weeks at a glance,
 * read from the local mirror (works offline). A booking bar opens the
 * booking, a block bar the block (with `Remove block`), an empty day
 * `Block dates` for that car and day; changes go through the outbox.
 */
export function TimelineScreen() {
  const router = useRouter();
  const cars = useAdminCars();
  const bookings = useBookings();
  const blocks = useBlocks();
  const today = manilaToday(new Date());
  const [start, setStart] = useState(today);
  const [draft, setDraft] = useState<BlockDraft | null>(null);
  const [openBlock, setOpenBlock] = useState<string | null>(null);
  const days = useMemo(() => timelineDays(start), [start]);
  const rows = useMemo(
    () => (cars && bookings && blocks ? timelineRows(cars, bookings, blocks, start) : null),
    [cars, bookings, blocks, start],
  );

  const onBar = (bar: TimelineBar) => {
    if (bar.kind === "booking") void router.navigate({ to: `/admin/bookings/${bar.id}` });
    else setOpenBlock(bar.id);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            Timeline
          </Title>
          <Text size="sm" c="dimmed">
            {`${formatLongDate(days[0] ?? start)} – ${formatLongDate(days[days.length - 1] ?? start)}`}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="md"
            mih={44}
            leftSection={<IconChevronLeft size={18} />}
            onClick={() => setStart(addDays(start, -TIMELINE_STEP_DAYS))}
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="md"
            mih={44}
            onClick={() => setStart(today)}
            // Always usable (a tap on today's view changes nothing); it says when it is already there.
            aria-pressed={start === today}
          >
            Today
          </Button>
          <Button
            variant="default"
            size="md"
            mih={44}
            rightSection={<IconChevronRight size={18} />}
            onClick={() => setStart(addDays(start, TIMELINE_STEP_DAYS))}
          >
            Next
          </Button>
        </Group>
      </Group>
      <Group gap="xs">
        {(["pending", "confirmed", "active", "completed"] as const).map((status) => (
          <Badge key={status} color={STATUS_COLORS[status]} variant="filled" tt="none">
            {status}
          </Badge>
        ))}
        <Badge color="gray" variant="outline" tt="none">
          Blocked
        </Badge>
      </Group>
      {rows === null ? (
        <LoadingList />
      ) : (
        <div className={classes.scroller}>
          <div
            className={classes.grid}
            role="grid"
            aria-label="Fleet timeline"
            style={{ "--days": TIMELINE_DAYS } as CSSProperties}
          >
            <div className={classes.corner} role="columnheader">
              <Text size="xs" fw={700}>
                Car
              </Text>
            </div>
            {days.map((date) => {
              const { weekday, day } = dayLabel(date);
              return (
                <div
                  key={date}
                  role="columnheader"
                  className={`${classes.dayHeader} ${date === today ? classes.today : ""}`}
                >
                  <div>{weekday}</div>
                  <div>{day}</div>
                </div>
              );
            })}
            {rows.map((row) => (
              <CarRow
                key={row.car.id}
                row={row}
                days={days}
                onDay={(carId, date) => setDraft({ carId, date })}
                onBar={onBar}
              />
            ))}
          </div>
        </div>
      )}
      <BlockDatesDialog
        draft={draft}
        cars={cars ?? []}
        bookings={bookings ?? []}
        blocks={blocks ?? []}
        onClose={() => setDraft(null)}
      />
      <BlockDetailsDialog
        block={blocks?.find((block) => block.id === openBlock) ?? null}
        cars={cars ?? []}
        onClose={() => setOpenBlock(null)}
      />
    </Stack>
  );
}
