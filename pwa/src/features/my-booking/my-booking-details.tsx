import "@mantine/core/styles/Alert.css";
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendarPlus, IconCloudOff, IconUpload } from "@tabler/icons-react";
import { Suspense, useState, type ReactNode } from "react";
import { buildPath, publicRoutes as routes } from "@car-rental/shared/api-public";
import { BOOKING_TOKEN_DAYS_AFTER_RETURN } from "@car-rental/shared/constants";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { formatPeso } from "@car-rental/shared/money";
import { myBookingLabels, type DocumentsState, type MyBooking } from "@car-rental/shared/schemas/my-booking";
import { useOnline } from "../../lib/use-online";
import { Receipt } from "../confirmation/receipt";
import { CancelBooking } from "./cancel-booking";
import type { ShownBooking } from "./my-booking-lookup";
import { lazyRetrying } from "../../lib/lazy-retrying";

/** Statuses of a booking that will not take place: no balance is due on it. */
const ENDED_UNUSED: ReadonlySet<string> = new Set(["cancelled", "expired"]);

// The upload pieces of the booking form load only when a document is added.
const MissingDocuments = lazyRetrying(() =>
  import("./missing-documents").then((m) => ({ default: m.MissingDocuments })),
);

/** Light shades with dark text (autoContrast): readable at WCAG AA in both themes. */
const STATUS_COLORS: Record<string, string> = {
  pending: "yellow.4",
  confirmed: "green.3",
  active: "violet.2",
  cancelled: "red.2",
  completed: "blue.2",
  expired: "gray.3",
};

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function documentsText(documents: DocumentsState): string {
  if (documents.complete) return "All documents received";
  const missing = [
    documents.photoId1 ? null : "Photo ID #1",
    documents.photoId2 ? null : "Photo ID #2",
    documents.proofOfBilling ? null : "Proof of Billing",
  ].filter(Boolean);
  return `Missing: ${missing.join(", ")}`;
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

type MyBookingDetailsProps = {
  shown: ShownBooking;
  onChanged: (answer: MyBooking) => Promise<void>;
};

/**
 * Downloads `url` (the server names the file) as a link with `download` would:
 * `Add to calendar` is a button, like the page's other actions.
 */
function downloadFile(url: string, filename: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** The booking as the confirmation shows it, with its status, payments, documents and what the customer can do. */
export function MyBookingDetails({ shown, onChanged }: MyBookingDetailsProps) {
  const { answer, offline } = shown;
  const { booking, car, bookingToken } = answer;
  const online = useOnline();
  const [uploading, setUploading] = useState(false);
  const active = booking.status === "pending" || booking.status === "confirmed";
  // Documents can be added while one is missing, in any state but cancelled or expired (release-2 D3):
  // the shop may still need them at the handover or after it; the server takes them until the token ends.
  // ...and while the booking's token still works (until BOOKING_TOKEN_DAYS_AFTER_RETURN days after the return).
  const canUpload =
    booking.status !== "cancelled" &&
    booking.status !== "expired" &&
    !booking.documents.complete &&
    manilaToday(new Date()) <= addDays(booking.returnDate, BOOKING_TOKEN_DAYS_AFTER_RETURN);
  const { documents: _state, balance: _balance, cancellable: _cancellable, ...receiptBooking } = booking;
  const calendarUrl = buildPath(routes.bookingCalendar.path, { id: booking.id }, { token: bookingToken });

  return (
    <Stack gap="lg">
      {offline && (
        <Alert color="gray" icon={<IconCloudOff size={20} aria-hidden="true" />} title="You are offline">
          This is your booking as it was when you last opened it on this device.
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg" aria-label="Booking status" component="section">
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={800} size="lg" data-testid="my-booking-reference">
              {booking.reference}
            </Text>
            <Badge
              size="lg"
              autoContrast
              color={STATUS_COLORS[booking.status] ?? "gray.3"}
              data-testid="my-booking-status"
            >
              {statusLabel(booking.status)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Fact label="Amount paid" value={formatPeso(booking.amountPaid)} testId="my-booking-paid" />
            <Fact
              label="Balance"
              // A booking that will not happen owes nothing more (a refund is the shop's to settle).
              value={ENDED_UNUSED.has(booking.status) ? "Nothing due" : formatPeso(booking.balance)}
              testId="my-booking-balance"
            />
            <Fact label="Documents" value={documentsText(booking.documents)} testId="my-booking-documents" />
          </SimpleGrid>
          <Group gap="sm">
            {/* A cancelled booking's token no longer opens its calendar file (release-2 A3). */}
            {booking.status !== "cancelled" && (
              <Button
                variant="light"
                leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
                onClick={() => downloadFile(calendarUrl, `${booking.reference}.ics`)}
              >
                {myBookingLabels.addToCalendar}
              </Button>
            )}
            {canUpload && (
              <Button
                variant="light"
                disabled={!online || offline}
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                onClick={() => setUploading(true)}
              >
                {myBookingLabels.uploadDocuments}
              </Button>
            )}
            {active && (
              <CancelBooking answer={answer} disabled={!online || offline} onCancelled={onChanged} />
            )}
          </Group>
          {/* Offline with the server's answer on screen: say why the actions wait (the kept copy's alert says it otherwise). */}
          {!online && !offline && (active || canUpload) && (
            <Text size="sm" c="dimmed" data-testid="my-booking-offline-actions">
              You are offline: cancelling the booking and sending documents need a connection.
            </Text>
          )}
          {uploading && canUpload && (
            <Suspense fallback={null}>
              <MissingDocuments
                answer={answer}
                onDone={async (next) => {
                  setUploading(false);
                  await onChanged(next);
                }}
              />
            </Suspense>
          )}
        </Stack>
      </Card>
      <Receipt booking={receiptBooking} car={car} />
    </Stack>
  );
}
