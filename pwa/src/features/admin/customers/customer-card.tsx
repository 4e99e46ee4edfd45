import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus, IconEdit } from "@tabler/icons-react";
import { formatPeso } from "@car-rental/shared/money";
import type { AdminCustomerView, LocalBookingWithPayments } from "../../../data/admin-data";
import { StatusBadge } from "../bookings/booking-card";
import { BookingDocumentLinks } from "../bookings/booking-documents";
import { PaymentStatus } from "../bookings/payment-status";
import { longDate, longDateOfInstant } from "../frame/display";
import { SyncBadge } from "../frame/sync-marks";
import { DocumentLinks } from "./document-links";
import { bookingPath, customerPath } from "../frame/admin-paths";
import { RouterAnchor } from "../../../lib/router-anchor";

function HistoryEntry({
  booking,
  onAddPayment,
  linked,
}: {
  booking: LocalBookingWithPayments;
  onAddPayment: () => void;
  linked: boolean;
}) {
  return (
    <Stack gap={6} py={4}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {linked ? (
            <RouterAnchor href={bookingPath(booking.id)} fw={600}>
              {booking.carName}
            </RouterAnchor>
          ) : (
            <Text fw={600}>{booking.carName}</Text>
          )}
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

/** One customer (spec §2): contact, license, documents, totals and the booking history. */
export function CustomerCard({
  customer,
  onEdit,
  onNewBooking,
  onAddPayment,
  linked = true,
}: {
  customer: AdminCustomerView;
  /**
   * In the list, a link to the customer's own page under the card (the card
   * itself holds no link there: its documents are text until uploaded). The
   * customer's page shows the card alone, its bookings linking to theirs.
   */
  linked?: boolean;
  onEdit: () => void;
  /** A booking for this customer (a returning one, one who phoned). */
  onNewBooking: () => void;
  onAddPayment: (booking: LocalBookingWithPayments) => void;
}) {
  return (
    <Stack gap={4}>
      {/* Grows to the grid row's height, as the card did before the link under it. */}
      <Card component="article" aria-label={customer.fullName} padding="md" style={{ flex: 1 }}>
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
              <Button
                variant="light"
                size="md"
                mih={44}
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
                onClick={onNewBooking}
              >
                New Booking
              </Button>
            </Group>
          </Group>

          <DocumentLinks customer={customer} />

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
                <HistoryEntry
                  key={booking.id}
                  booking={booking}
                  linked={!linked}
                  onAddPayment={() => onAddPayment(booking)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      {linked ? (
        <Group justify="flex-end">
          <RouterAnchor
            href={customerPath(customer.id)}
            size="sm"
            aria-label={`Customer page of ${customer.fullName}`}
          >
            Customer page
          </RouterAnchor>
        </Group>
      ) : null}
    </Stack>
  );
}
