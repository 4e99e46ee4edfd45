import { Button, Card, Group, Stack, Table, TableScrollContainer, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useState } from "react";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { formatPeso } from "@car-rental/shared/money";
import { PAYMENT_KIND_LABELS } from "@car-rental/shared/schemas/payment";
import {
  useAdminCars,
  useCustomers,
  useHandoverFiles,
  useHandovers,
  type LocalBookingWithPayments,
} from "../../../data/admin-data";
import { HandoverDialog, type HandoverKind } from "../handover/handover-dialog";
import { HandoverRecords, useFileSources } from "../handover/handover-records";
import { RentalAgreement } from "../handover/rental-agreement";
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
    <TableScrollContainer minWidth={360}>
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
    </TableScrollContainer>
  );
}

/** The handover form the booking's page offers (as its buttons); undefined until both are read. */
function offeredHandover(
  status: string | undefined,
  handovers: readonly { kind: string }[] | undefined,
): HandoverKind | null | undefined {
  if (status === undefined || handovers === undefined) return undefined;
  const done = (kind: string) => handovers.some((record) => record.kind === kind);
  if (status === "confirmed" && !done("check-out")) return "check-out";
  if (status === "active" && !done("check-in")) return "check-in";
  return null;
}

/**
 * Opens the handover form the Bookings list asked for (`?handover=check-out`
 * or `check-in`, see BookingCard) once the booking and its handovers are read,
 * when the page offers that form itself (`offered`), then drops the request
 * from the address (a reload does not open it again).
 */
function useHandoverAsked(
  offered: HandoverKind | null | undefined,
  open: (kind: HandoverKind) => void,
): void {
  const router = useRouter();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const asked = new URLSearchParams(searchStr).get("handover");
  useEffect(() => {
    if (offered === undefined || asked === null) return;
    if (asked === offered) open(offered);
    const search = new URLSearchParams(router.state.location.searchStr);
    search.delete("handover");
    const rest = search.toString();
    void router.navigate({
      href: `${router.state.location.pathname}${rest ? `?${rest}` : ""}`,
      replace: true,
    });
  }, [asked, offered, open, router]);
}

/**
 * `/admin/bookings/$id`: one booking with everything its card shows (status
 * control and Add Payment included), its customer, its payments and the
 * customer's documents. Read from the device's copy, so it opens offline.
 */
export function BookingDetails({ id }: { id: string }) {
  const customers = useCustomers();
  const cars = useAdminCars();
  const handovers = useHandovers(id);
  const files = useHandoverFiles(id);
  const source = useFileSources(files);
  const [paymentTarget, setPaymentTarget] = useState<PaymentTarget | null>(null);
  const [handover, setHandover] = useState<HandoverKind | null>(null);
  const found = useMemo(() => {
    for (const customer of customers ?? []) {
      const booking = customer.bookings.find((candidate) => candidate.id === id);
      if (booking) return { customer, booking };
    }
    return null;
  }, [customers, id]);
  useHandoverAsked(offeredHandover(found?.booking.status, handovers), setHandover);

  if (!found) return <NotOnFile loading={customers === undefined} what="booking" backTo="/admin/bookings" />;
  const { customer, booking } = found;
  const checkOut = handovers?.find((record) => record.kind === "check-out");
  const checkIn = handovers?.find((record) => record.kind === "check-in");
  const car = cars?.find((candidate) => candidate.id === booking.carId);

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
      <Card padding="md" component="section" aria-label="Handover">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Title order={3} fz="lg">
              Handover
            </Title>
            <Group gap="sm">
              {booking.status === "confirmed" && !checkOut ? (
                <Button size="md" mih={44} onClick={() => setHandover("check-out")}>
                  Check out
                </Button>
              ) : null}
              {booking.status === "active" && !checkIn ? (
                <Button size="md" mih={44} onClick={() => setHandover("check-in")}>
                  Check in
                </Button>
              ) : null}
              {checkOut ? (
                <Button size="md" mih={44} variant="default" onClick={() => window.print()}>
                  Print agreement
                </Button>
              ) : null}
            </Group>
          </Group>
          <HandoverRecords checkOut={checkOut} checkIn={checkIn} files={files} />
        </Stack>
      </Card>
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
      <HandoverDialog
        kind={handover}
        booking={booking}
        checkOut={checkOut}
        onClose={() => setHandover(null)}
      />
      {checkOut ? (
        <RentalAgreement
          booking={booking}
          customer={customer}
          car={car}
          checkOut={checkOut}
          signatureSrc={source(checkOut.signature)}
        />
      ) : null}
    </Stack>
  );
}
