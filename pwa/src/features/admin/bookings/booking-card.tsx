import { Badge, Button, Card, Divider, Group, NativeSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { useRouter } from "@tanstack/react-router";
import {
  BOOKING_STATUSES,
  distanceServiceOptions,
  driverServiceOptions,
  type BookingStatus,
} from "@car-rental/shared/constants";
import { formatPeso } from "@car-rental/shared/money";
import {
  bookingPriceLines,
  discountAmountLabel,
  extraCharges,
  rentalLineLabel,
} from "@car-rental/shared/rates";
import type { LocalBooking } from "../../../data/db";
import { updateBookingStatus } from "../../../data/mutations/bookings/update-booking-status";
import { queueChange } from "../frame/queue-change";
import { longDate, reference, STATUS_COLORS } from "../frame/display";
import { BookingDocumentLinks } from "./booking-documents";
import { PaymentStatus } from "./payment-status";
import { SyncBadge } from "../frame/sync-marks";
import classes from "../frame/admin.module.css";
import { bookingPath } from "../frame/admin-paths";
import { RouterAnchor } from "../../../lib/router-anchor";

/**
 * `Check out` on a confirmed booking, `Check in` on an active one: opens the
 * booking's page with the handover form (`?handover=`, see BookingDetails).
 */
function HandoverButton({ booking }: { booking: LocalBooking }) {
  const router = useRouter();
  const kind = booking.status === "confirmed" ? "check-out" : booking.status === "active" ? "check-in" : null;
  if (!kind) return null;
  return (
    <Button
      size="md"
      mih={44}
      onClick={() => void router.navigate({ href: `${bookingPath(booking.id)}?handover=${kind}` })}
    >
      {kind === "check-out" ? "Check out" : "Check in"}
    </Button>
  );
}

export const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * Release 2 §C3: `active` is reached only by Check out and left only by Check
 * in (the server answers anything else 409 INVALID_TRANSITION), so the select
 * does not offer it, and an active booking's select is read-only.
 */
function statusOptionsFor(status: BookingStatus) {
  return STATUS_OPTIONS.filter((option) => option.value !== "active" || status === "active");
}

function isBookingStatus(value: string | null): value is BookingStatus {
  return BOOKING_STATUSES.some((status) => status === value);
}

export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" tt="none" size="lg" className={classes.badge}>
      {status}
    </Badge>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** The day lines and length discount the booking was priced with (release-2 §E1), as stored with it. */
/** Release-2 §C3: the check-in's charges are in the total; shown, so the lines add up to it. */
function ExtraChargesLine({ booking }: { booking: LocalBooking }) {
  const charges = extraCharges(booking);
  return charges ? <Line label="Extra charges (check-in)" value={formatPeso(charges)} /> : null;
}

function PriceLines({ booking }: { booking: LocalBooking }) {
  const price = bookingPriceLines(booking);
  return (
    <>
      {price.lines.map((line) => (
        <Line
          key={`${line.rate} ${line.periodName ?? ""}`}
          label={rentalLineLabel(line)}
          value={formatPeso(line.amount)}
        />
      ))}
      {price.discount ? (
        <Line label={price.discount.label} value={discountAmountLabel(price.discount)} />
      ) : null}
    </>
  );
}

type BookingCardProps = {
  booking: LocalBooking;
  onAddPayment: (booking: LocalBooking) => void;
  /** In a list, a link to the booking's own page (which shows the card without it). */
  linked?: boolean;
};

/** One booking of the Bookings tab: who, what, when, services, totals, status and payments. */
export function BookingCard({ booking, onAddPayment, linked = true }: BookingCardProps) {
  const days = booking.totalDays === 1 ? "1 day" : `${booking.totalDays} days`;
  return (
    <Card
      component="article"
      aria-label={`Booking ${reference(booking)}: ${booking.customerName}, ${booking.carName}`}
      padding="md"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
            <Text fw={700} fz="lg">
              {booking.customerName}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {booking.customerEmail}
            </Text>
            {booking.driverLicense && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                Driver's license: {booking.driverLicense}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <SyncBadge entity="bookings" id={booking.id} pending={booking._pending} />
            <StatusBadge status={booking.status} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Stack gap={4}>
            <Text fw={600}>{booking.carName}</Text>
            <Text size="sm">
              {longDate(booking.pickupDate)} → {longDate(booking.returnDate)} ({days})
            </Text>
            <Text size="sm">Pickup time: {booking.pickupTime}</Text>
            <Group gap="sm">
              <Text size="xs" c="dimmed">
                {/* A booking made offline has its ACR-… reference once the server has it (release-2 D1). */}
                {booking.reference ? `Ref. ${booking.reference}` : "Reference given once saved"}
              </Text>
              {linked ? (
                <RouterAnchor
                  href={bookingPath(booking.id)}
                  size="sm"
                  aria-label={`Details of booking ${reference(booking)}`}
                >
                  Details
                </RouterAnchor>
              ) : null}
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm">Driver: {driverServiceOptions[booking.driverService].label}</Text>
            <Text size="sm">Distance: {distanceServiceOptions[booking.distanceService].label}</Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              Delivery: {booking.wantsDelivery ? (booking.deliveryAddress ?? "Yes") : "No"}
            </Text>
          </Stack>
          <Stack gap={2}>
            <PriceLines booking={booking} />
            <Line label="Subtotal" value={formatPeso(booking.subtotal)} />
            <Line label="Driver fee" value={formatPeso(booking.driverFee)} />
            <Line label="Distance fee" value={formatPeso(booking.distanceFee)} />
            <Line label="Insurance" value={formatPeso(booking.insurance)} />
            <ExtraChargesLine booking={booking} />
            <Group justify="space-between" gap="xs">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatPeso(booking.total)}</Text>
            </Group>
            {/* Release-2 §E2: the booking's deposit, apart from its total. */}
            <Line label="Deposit, not in total" value={formatPeso(booking.deposit ?? "0")} />
          </Stack>
        </SimpleGrid>
        <BookingDocumentLinks documents={booking.documents} />
        <Divider />
        <Group justify="space-between" align="flex-end" gap="md">
          <PaymentStatus
            total={booking.total}
            amountPaid={booking.amountPaid}
            bookingId={booking.id}
            deposit={booking.deposit}
            onAddPayment={() => onAddPayment(booking)}
          />
          {/* Release-2 §C3 from the list too: the handover opens on the booking's page. */}
          {linked ? <HandoverButton booking={booking} /> : null}
          {/* Spec §2: the status dropdown; a native one (the tablet's own picker). */}
          <NativeSelect
            label="Status"
            data={statusOptionsFor(booking.status)}
            value={booking.status}
            disabled={booking.status === "active"}
            description={booking.status === "active" ? "Ends with Check in" : undefined}
            size="md"
            w={200}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isBookingStatus(value) && value !== booking.status)
                void queueChange(updateBookingStatus, { id: booking.id, status: value });
            }}
          />
        </Group>
      </Stack>
    </Card>
  );
}
