import {
  Button,
  Card,
  Divider,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconEdit, IconFileText, IconId, IconSearch, IconUserPlus } from "@tabler/icons-react";
import { useMemo, useState, type MouseEvent, type ReactNode } from "react";
import { adminSuccess, popupBlocked } from "@car-rental/shared/messages";
import { formatPeso } from "@car-rental/shared/money";
import { useCustomers, type AdminCustomerView, type LocalBookingWithPayments } from "../../data/admin-data";
import type { LocalCustomer } from "../../data/db";
import { AddPaymentDialog, type PaymentTarget } from "./add-payment-dialog";
import { showToast } from "./admin-toast";
import { StatusBadge } from "./booking-card";
import { BookingDocumentLinks } from "./booking-documents";
import { pageOf } from "./booking-filters";
import { CustomerFormDialog } from "./customer-form-dialog";
import { buildCustomersCsv, customersCsvFileName } from "./customers-csv";
import { longDate, longDateOfInstant } from "./display";
import { LoadingList } from "./loading-list";
import { paymentSummary } from "./payment-rules";
import { PaymentStatus } from "./payment-status";
import { SyncBadge } from "./sync-marks";
import classes from "./admin.module.css";

const CUSTOMERS_PER_PAGE = 10;

const DOCUMENTS = [
  { key: "photoId1Url", label: "Photo ID #1", icon: IconId },
  { key: "photoId2Url", label: "Photo ID #2", icon: IconId },
  { key: "proofOfBillingUrl", label: "Proof of Billing", icon: IconFileText },
] as const;

/**
 * Opens a private document in a new window (the admin's session cookie lets
 * the server serve it). Spec §8: a blocked popup is reported with the address.
 */
export function openDocument(path: string): void {
  const url = new URL(path, window.location.origin).toString();
  const opened = window.open(url, "_blank");
  if (opened === null) {
    window.alert(popupBlocked(url));
    return;
  }
  // The document must not script this page.
  opened.opener = null;
}

/**
 * A link to an uploaded document (spec §2: "links to the documents"). A plain
 * click opens it through openDocument() (a blocked popup is reported); a
 * click with a modifier key, a middle click or "open in new tab" use the link
 * itself.
 */
function DocumentLink({ path, label, icon }: { path: string; label: string; icon: ReactNode }) {
  return (
    <Button
      component="a"
      href={path}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      size="md"
      mih={44}
      leftSection={icon}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openDocument(path);
      }}
    >
      {label}
    </Button>
  );
}

/** Spec §7: the export is built in the browser and downloaded. */
function exportCustomers(customers: readonly AdminCustomerView[]): void {
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
  showToast({ title: adminSuccess.exportComplete, description: fileName }, "success");
}

function HistoryEntry({
  booking,
  onAddPayment,
}: {
  booking: LocalBookingWithPayments;
  onAddPayment: () => void;
}) {
  return (
    <Stack gap={6} py={4}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{booking.carName}</Text>
          <Text size="sm" c="dimmed">
            {longDate(booking.pickupDate)} → {longDate(booking.returnDate)}
          </Text>
        </Stack>
        <Group gap={6}>
          <SyncBadge entity="bookings" id={booking.id} pending={booking._pending} />
          <StatusBadge status={booking.status} />
          <Text fw={700}>{formatPeso(booking.total)}</Text>
        </Group>
      </Group>
      <BookingDocumentLinks documents={booking.documents} />
      <PaymentStatus total={booking.total} amountPaid={booking.amountPaid} onAddPayment={onAddPayment} />
    </Stack>
  );
}

function Amount({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={800} c={color}>
        {formatPeso(value)}
      </Text>
    </Stack>
  );
}

function CustomerCard({
  customer,
  onEdit,
  onAddPayment,
}: {
  customer: AdminCustomerView;
  onEdit: () => void;
  onAddPayment: (booking: LocalBookingWithPayments) => void;
}) {
  return (
    <Card component="article" aria-label={customer.fullName} padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 200px" }}>
            <Title order={3} fz="lg">
              {customer.fullName}
            </Title>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {[customer.email, customer.phone].filter(Boolean).join(" · ")}
            </Text>
            {customer.address ? (
              <Text size="sm" c="dimmed">
                {customer.address}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              License: {customer.license ?? "N/A"}
              {customer.licenseExpiry ? ` (expires ${longDate(customer.licenseExpiry)})` : ""}
            </Text>
            <Text size="xs" c="dimmed">
              Registered {longDateOfInstant(customer.createdAt)}
            </Text>
          </Stack>
          <Group gap="xs">
            <SyncBadge entity="customers" id={customer.id} pending={customer._pending} />
            <Button
              variant="light"
              size="md"
              mih={44}
              leftSection={<IconEdit size={18} aria-hidden />}
              onClick={onEdit}
            >
              Edit
            </Button>
          </Group>
        </Group>

        <Group gap="xs" wrap="wrap">
          {DOCUMENTS.map(({ key, label, icon: Icon }) => {
            const path = customer[key];
            return path ? (
              <DocumentLink key={key} path={path} label={label} icon={<Icon size={18} aria-hidden />} />
            ) : (
              <Text key={key} size="sm" c="dimmed" className={classes.missingDocument}>
                <Icon size={18} aria-hidden /> {label}: not uploaded
              </Text>
            );
          })}
        </Group>

        <SimpleGrid cols={3} spacing="xs">
          <Amount label="Total" value={customer.totalAmount} />
          <Amount label="Paid" value={customer.amountPaid} color="green" />
          <Amount
            label="Pending"
            value={customer.pendingAmount}
            color={
              customer.pendingAmount.startsWith("-") || customer.pendingAmount === "0.00"
                ? undefined
                : "orange"
            }
          />
        </SimpleGrid>

        <Divider label={`Booking History (${customer.bookings.length})`} labelPosition="left" />
        {customer.bookings.length === 0 ? (
          <Text size="sm" c="dimmed">
            No bookings yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {customer.bookings.map((booking) => (
              <HistoryEntry key={booking.id} booking={booking} onAddPayment={() => onAddPayment(booking)} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Spec §2 "Customers": the add/edit dialog, CSV export, and a card per customer. */
export function CustomersTab() {
  const customers = useCustomers();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LocalCustomer | null>(null);
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
            onClick={() => exportCustomers(customers ?? [])}
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
      <AddPaymentDialog target={paymentTarget} onClose={() => setPaymentTarget(null)} />
    </Stack>
  );
}
