import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { manilaToday } from "@car-rental/shared/dates";
import { mirrorWindowStart } from "@car-rental/shared/mirror";
import { formatPeso } from "@car-rental/shared/money";
import type { BookingListQuery, BookingView } from "@car-rental/shared/schemas/booking";
import { adminApi as api } from "../../../data/admin-api";
import { describeError } from "../../../data/api-client";
import { useOnline } from "../../../lib/use-online";
import { longDate, reference } from "../frame/display";
import { StatusBadge } from "./booking-card";
import type { BookingFilters } from "./booking-filters";

/** Older bookings read from the server at a time. */
export const OLDER_BOOKINGS_PER_PAGE = 25;

export const OLDER_BOOKINGS_OFFLINE = "Older bookings are shown when online.";
const OLDER_BOOKINGS_FAILED = "Older bookings could not be loaded. Try again.";

/**
 * The server's query for the bookings of `filters` that returned before the
 * mirror's window, or null when none can match (a day inside the window is
 * only covered by bookings the mirror holds).
 */
export function olderBookingsQuery(
  filters: BookingFilters,
  windowStart: string,
  customerId?: string,
): BookingListQuery | null {
  if (filters.date !== "" && filters.date >= windowStart) return null;
  const query: BookingListQuery = { before: windowStart, limit: OLDER_BOOKINGS_PER_PAGE };
  if (customerId !== undefined) query.customerId = customerId;
  const q = filters.query.trim();
  if (q !== "") query.q = q;
  if (filters.status !== "all") query.status = filters.status;
  if (filters.date !== "") {
    query.from = filters.date;
    query.to = filters.date;
  }
  return query;
}

type Loaded = { key: string; items: BookingView[]; more: boolean };
type Request = { key: string; query: BookingListQuery; offset: number };

function OlderBookingCard({ booking }: { booking: BookingView }) {
  return (
    <Card
      component="article"
      aria-label={`Booking ${reference(booking)}: ${booking.customerName}, ${booking.carName}`}
      padding="md"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
          <Text fw={700}>{booking.customerName}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {booking.customerEmail}
          </Text>
          <Text size="sm">
            {booking.carName}: {longDate(booking.pickupDate)} → {longDate(booking.returnDate)}
          </Text>
          <Text size="xs" c="dimmed">
            Ref. {reference(booking)} · Total {formatPeso(booking.total)} · Paid{" "}
            {formatPeso(booking.amountPaid)}
          </Text>
        </Stack>
        <StatusBadge status={booking.status} />
      </Group>
    </Card>
  );
}

/**
 * Issue #23: the tablet mirrors the bookings returning within the last 12
 * months and later; older ones stay on the server and are read from it here,
 * online, a page at a time: when asked, or at once when a search finds nothing
 * on the tablet. Shown as they are (no changes: the mirror does not hold them).
 */
export function OlderBookings({
  filters,
  noLocalMatch,
  customerId,
}: {
  filters: BookingFilters;
  /** The tablet's own list shows nothing for these filters: a search then looks on the server at once. */
  noLocalMatch: boolean;
  /** Only this customer's (the customer's page). */
  customerId?: string;
}) {
  const online = useOnline();
  const windowStart = mirrorWindowStart(manilaToday(new Date()));
  const query = useMemo(
    () => olderBookingsQuery(filters, windowStart, customerId),
    [filters, windowStart, customerId],
  );
  const key = JSON.stringify(query);
  const [request, setRequest] = useState<Request | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = loaded?.key === key ? loaded : null;
  const loading = request !== null && request.key === key;

  useEffect(() => {
    if (!request) return;
    let stale = false;
    setError(null);
    api
      .call("listBookings", { query: { ...request.query, offset: request.offset } })
      .then((items) => {
        if (stale) return;
        setLoaded((before) => ({
          key: request.key,
          items: [...(request.offset > 0 && before?.key === request.key ? before.items : []), ...items],
          more: items.length === OLDER_BOOKINGS_PER_PAGE,
        }));
      })
      .catch((failure: unknown) => {
        if (!stale) setError(describeError(failure, OLDER_BOOKINGS_FAILED));
      })
      .finally(() => {
        if (!stale) setRequest(null);
      });
    return () => {
      stale = true;
    };
  }, [request]);

  // A search that finds nothing on the tablet looks on the server at once.
  const searching = filters.query.trim() !== "";
  const alreadyAsked = loaded?.key === key || request?.key === key;
  useEffect(() => {
    if (online && noLocalMatch && searching && query && !alreadyAsked) setRequest({ key, query, offset: 0 });
  }, [online, noLocalMatch, searching, query, key, alreadyAsked]);

  if (!query) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Older bookings">
      <Title order={3} size="h4">
        Older bookings
      </Title>
      <Text size="sm" c="dimmed">
        Bookings that returned before {longDate(windowStart)} are kept on the server.
      </Text>
      {current && current.items.length === 0 ? <Text c="dimmed">No older bookings match.</Text> : null}
      {current?.items.map((booking) => (
        <OlderBookingCard key={booking.id} booking={booking} />
      ))}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {!online ? (
        <Text c="dimmed">{OLDER_BOOKINGS_OFFLINE}</Text>
      ) : !current || current.more ? (
        <Group>
          <Button
            variant="light"
            size="md"
            loading={loading}
            onClick={() => setRequest({ key, query, offset: current?.items.length ?? 0 })}
          >
            {current ? "Show more older bookings" : "Show older bookings"}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
