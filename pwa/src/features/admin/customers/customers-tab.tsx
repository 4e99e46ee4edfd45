import { Button, Group, Pagination, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { manilaToday } from "@car-rental/shared/dates";
import { adminSuccess } from "@car-rental/shared/messages";
import { mirrorWindowStart } from "@car-rental/shared/mirror";
import { BOOKING_LIST_LIMITS, type BookingView } from "@car-rental/shared/schemas/booking";
import { adminApi as api } from "../../../data/admin-api";
import { useCustomers, type AdminCustomerView } from "../../../data/admin-data";
import type { LocalCustomer } from "../../../data/db";
import { showToast } from "../../../lib/toast";
import { AddPaymentDialog, type PaymentTarget } from "../bookings/add-payment-dialog";
import { pageOf } from "../bookings/booking-filters";
import { LoadingList } from "../frame/loading-list";
import { paymentSummary } from "../frame/payment-rules";
import { CustomerCard } from "./customer-card";
import { CustomerFormDialog } from "./customer-form-dialog";
import { NewBookingDialog } from "./new-booking-dialog";
import { buildCustomersCsv, customersCsvFileName, withOlderBookings } from "./customers-csv";

/** The export's note when it could not read the older bookings from the server (offline). */
export const EXPORT_WITHOUT_OLDER_BOOKINGS = "bookings of the last 12 months and later only (offline)";

const CUSTOMERS_PER_PAGE = 10;

/**
 * Every booking older than the mirror's window (issue #23), by customer id, read
 * from the server a page at a time; null offline or when the server cannot answer.
 */
async function olderBookingsByCustomer(): Promise<Map<string, BookingView[]> | null> {
  if (!navigator.onLine) return null;
  const before = mirrorWindowStart(manilaToday(new Date()));
  const byCustomer = new Map<string, BookingView[]>();
  try {
    for (let offset = 0; ; offset += BOOKING_LIST_LIMITS.max) {
      const page = await api.call("listBookings", {
        query: { before, limit: BOOKING_LIST_LIMITS.max, offset },
      });
      for (const booking of page) {
        const list = byCustomer.get(booking.customerId);
        if (list) list.push(booking);
        else byCustomer.set(booking.customerId, [booking]);
      }
      if (page.length < BOOKING_LIST_LIMITS.max) return byCustomer;
    }
  } catch {
    return null;
  }
}

/**
 * Spec §7: the export is built in the browser and downloaded; online, with the
 * bookings older than the tablet's (issue #23), offline with the tablet's.
 */
async function exportCustomers(local: readonly AdminCustomerView[]): Promise<void> {
  const older = await olderBookingsByCustomer();
  const customers = older ? withOlderBookings(local, older) : local;
  const csv = buildCustomersCsv(customers);
  const fileName = customersCsvFileName(new Date());
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  showToast(
    {
      title: adminSuccess.exportComplete,
      description: older ? fileName : `${fileName}: ${EXPORT_WITHOUT_OLDER_BOOKINGS}`,
    },
    "success",
  );
}

/** Spec §2 "Customers": the add/edit dialog, CSV export, and a card per customer. */
export function CustomersTab() {
  const customers = useCustomers();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [editing, setEditing] = useState<LocalCustomer | null>(null);
  const [bookingFor, setBookingFor] = useState<LocalCustomer | null>(null);
  const [paymentTarget, setPaymentTarget] = useState<PaymentTarget | null>(null);

  const matching = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!customers || words.length === 0) return customers ?? [];
    return customers.filter((customer) => {
      const haystack = `${customer.fullName} ${customer.email} ${customer.phone}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }, [customers, query]);
  const shown = pageOf(matching, page, CUSTOMERS_PER_PAGE);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Search customers"
          placeholder="Name, e-mail or phone"
          leftSection={<IconSearch size={18} aria-hidden />}
          size="md"
          style={{ flex: "1 1 240px", maxWidth: 420 }}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
        />
        <Group gap="sm">
          <Button
            variant="default"
            size="md"
            mih={44}
            leftSection={<IconDownload size={18} aria-hidden />}
            disabled={!customers}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void exportCustomers(customers ?? []).finally(() => setExporting(false));
            }}
          >
            Export CSV
          </Button>
          <Button
            size="md"
            mih={44}
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add Customer
          </Button>
        </Group>
      </Group>

      {customers === undefined ? (
        <LoadingList />
      ) : shown.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {customers.length === 0 ? "No customers yet." : "No customers match your search."}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {matching.length === customers.length
              ? `${customers.length} customers`
              : `${matching.length} of ${customers.length} customers`}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {shown.items.map((customer) => (
              <CustomerCard
                key={customer.id}
                customer={customer}
                onEdit={() => setEditing(customer)}
                onNewBooking={() => setBookingFor(customer)}
                onAddPayment={(booking) =>
                  setPaymentTarget({
                    id: booking.id,
                    customerName: booking.customerName,
                    carName: booking.carName,
                    total: booking.total,
                    balance: paymentSummary(booking.total, booking.amountPaid).balance,
                  })
                }
              />
            ))}
          </SimpleGrid>
          {shown.pages > 1 ? (
            <Group justify="center">
              <Pagination total={shown.pages} value={shown.page} onChange={setPage} size="lg" withEdges />
            </Group>
          ) : null}
        </>
      )}
      <CustomerFormDialog
        opened={adding || editing !== null}
        customer={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <NewBookingDialog customer={bookingFor} onClose={() => setBookingFor(null)} />
      <AddPaymentDialog target={paymentTarget} onClose={() => setPaymentTarget(null)} />
    </Stack>
  );
}
