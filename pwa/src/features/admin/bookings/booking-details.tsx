import { Card, Stack, Table, Text, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { formatPeso } from "@car-rental/shared/money";
import { PAYMENT_KIND_LABELS } from "@car-rental/shared/schemas/payment";
import { useCustomers, type LocalBookingWithPayments } from "../../../data/admin-data";
import { longDateOfInstant } from "../frame/display";
import { NotOnFile } from "../frame/not-on-file";
import { paymentSummary } from "../frame/payment-rules";
import { DocumentLinks } from "../customers/document-links";
import { AddPaymentDialog, type PaymentTarget } from "./add-payment-dialog";
import { BookingCard } from "./booking-card";
import { customerPath } from "../frame/admin-paths";
import { RouterAnchor } from "../../../lib/router-anchor";

function PaymentsTable({ booking }: { booking: LocalBookingWithPayments }) {
  if (booking.payments.length === 0) return <Text c="dimmed">No payments yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>{longDateOfInstant(payment.createdAt)}</Table.Td>
              <Table.Td>{PAYMENT_KIND_LABELS[payment.kind ?? "rental"]}</Table.Td>
              <Table.Td>{formatPeso(payment.amount)}</Table.Td>
              <Table.Td>{payment.note ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/admin/bookings/$id`: one booking with everything its card shows (status
 * control and Add Payment included), its customer, its payments and the
 * customer's documents. Read from the device's copy, so it opens offline.
 */
export function BookingDetails({ id }: { id: string }) {
  const customers = useCustomers();
  const [paymentTarget, setPaymentTarget] = useState<PaymentTarget | null>(null);
  const found = useMemo(() => {
    for (const customer of customers ?? []) {
      const booking = customer.bookings.find((candidate) => candidate.id === id);
      if (booking) return { customer, booking };
    }
    return null;
  }, [customers, id]);

  if (!found) return <NotOnFile loading={customers === undefined} what="booking" backTo="/admin/bookings" />;
  const { customer, booking } = found;

  return (
    <Stack gap="md">
      <Title order={2} fz="xl">
        Booking of {booking.customerName}
      </Title>
      <BookingCard
        booking={booking}
        linked={false}
        onAddPayment={() =>
          setPaymentTarget({
            id: booking.id,
            customerName: booking.customerName,
            carName: booking.carName,
            total: booking.total,
            balance: paymentSummary(booking.total, booking.amountPaid).balance,
          })
        }
      />
      <Card padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            Customer
          </Title>
          <RouterAnchor href={customerPath(customer.id)} fw={600}>
            {customer.fullName}
          </RouterAnchor>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {[customer.email, customer.phone].filter(Boolean).join(" · ")}
          </Text>
          <DocumentLinks customer={customer} />
        </Stack>
      </Card>
      <Card padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            Payments
          </Title>
          <PaymentsTable booking={booking} />
        </Stack>
      </Card>
      <AddPaymentDialog target={paymentTarget} onClose={() => setPaymentTarget(null)} />
    </Stack>
  );
}
