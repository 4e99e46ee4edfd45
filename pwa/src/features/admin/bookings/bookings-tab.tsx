import { Button, Group, NativeSelect, Pagination, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch, IconX } from "@tabler/icons-react";
import { useDeferredValue, useMemo, useState } from "react";
import { BOOKING_STATUSES, type BookingStatus } from "@car-rental/shared/constants";
import { useBookings } from "../../../data/admin-data";
import type { LocalBooking } from "../../../data/db";
import { AddPaymentDialog, type PaymentTarget } from "./add-payment-dialog";
import { BookingCard } from "./booking-card";
import { filterBookings, NO_FILTERS, pageOf, type BookingFilters } from "./booking-filters";
import { OlderBookings } from "./older-bookings";
import { paymentSummary } from "../frame/payment-rules";
import { LoadingList } from "../frame/loading-list";

const STATUS_FILTER_OPTIONS = [
  { value: "all", label: "All bookings" },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: status })),
];

function isStatusFilter(value: string | null): value is BookingStatus | "all" {
  return value === "all" || BOOKING_STATUSES.some((status) => status === value);
}

/** Spec §2 "Bookings": the list with a status dropdown per booking, payments, search and filters. */
export function BookingsTab() {
  const bookings = useBookings();
  const [filters, setFilters] = useState<BookingFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [paymentTarget, setPaymentTarget] = useState<PaymentTarget | null>(null);
  const deferredFilters = useDeferredValue(filters);

  const matching = useMemo(
    () => filterBookings(bookings ?? [], deferredFilters),
    [bookings, deferredFilters],
  );
  const shown = pageOf(matching, page);

  const update = (change: Partial<BookingFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const openPayment = (booking: LocalBooking) => {
    setPaymentTarget({
      id: booking.id,
      customerName: booking.customerName,
      carName: booking.carName,
      total: booking.total,
      balance: paymentSummary(booking.total, booking.amountPaid).balance,
    });
  };

  const filtered = filters.query !== "" || filters.status !== "all" || filters.date !== "";

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search bookings"
          placeholder="Customer, e-mail or car"
          leftSection={<IconSearch size={18} aria-hidden />}
          size="md"
          style={{ flex: "1 1 260px" }}
          value={filters.query}
          onChange={(event) => update({ query: event.currentTarget.value })}
        />
        {/* Labelled "Show", not "…status": each booking's own "Status" list keeps a name of its own. */}
        <NativeSelect
          label="Show"
          data={STATUS_FILTER_OPTIONS}
          value={filters.status}
          size="md"
          w={{ base: "100%", xs: 190 }}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isStatusFilter(value)) update({ status: value });
          }}
        />
        <TextInput
          type="date"
          label="Filter by date"
          size="md"
          w={{ base: "100%", xs: 190 }}
          value={filters.date}
          onChange={(event) => update({ date: event.currentTarget.value })}
        />
        {filtered ? (
          <Button
            variant="subtle"
            size="md"
            mih={44}
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => update(NO_FILTERS)}
          >
            Clear filters
          </Button>
        ) : null}
      </Group>

      {bookings === undefined ? (
        <LoadingList />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {matching.length === bookings.length
              ? `${bookings.length} ${bookings.length === 1 ? "booking" : "bookings"}`
              : `${matching.length} of ${bookings.length} bookings`}
          </Text>
          {shown.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {bookings.length === 0 ? "No bookings yet." : "No bookings match your search."}
            </Text>
          ) : (
            <Stack gap="sm">
              {shown.items.map((booking) => (
                <BookingCard key={booking.id} booking={booking} onAddPayment={openPayment} />
              ))}
            </Stack>
          )}
          {shown.pages > 1 ? (
            <Group justify="center">
              <Pagination total={shown.pages} value={shown.page} onChange={setPage} size="lg" withEdges />
            </Group>
          ) : null}
          {/* Past the tablet's own bookings: the older ones, from the server (issue #23). */}
          {shown.page === shown.pages ? (
            <OlderBookings filters={deferredFilters} noLocalMatch={matching.length === 0} />
          ) : null}
        </>
      )}
      <AddPaymentDialog target={paymentTarget} onClose={() => setPaymentTarget(null)} />
    </Stack>
  );
}
