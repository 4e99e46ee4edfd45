import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Alert.css";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { DialogModal } from "../../lib/dialog-modal";
import { IconAlertTriangle, IconPhone, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { contactSettings } from "@car-rental/shared/constants";
import { formatLongDate } from "@car-rental/shared/dates";
import { GENERIC_FAILURE, errorMessages } from "@car-rental/shared/messages";
import { myBookingLabels, type MyBooking } from "@car-rental/shared/schemas/my-booking";
import { ApiError, NetworkError, api, describeError } from "../../data/api-client";
import { showToast } from "../../lib/toast";
import { noAnswerMessage } from "./no-answer";

/** A CANCELLATION_CLOSED refusal because the booking is cancelled already (`details.status`). */
function alreadyCancelled(error: ApiError): boolean {
  const details: unknown = error.details;
  return (
    typeof details === "object" &&
    details !== null &&
    "status" in details &&
    (details as { status: unknown }).status === "cancelled"
  );
}

type CancelBookingProps = {
  answer: MyBooking;
  disabled: boolean;
  onCancelled: (answer: MyBooking) => Promise<void>;
};

/**
 * `Cancel booking` with a confirmation (release-2 §D3). A refusal (409
 * CANCELLATION_CLOSED: within 24 hours of pickup, or no longer active) is
 * shown with the server's reason and the shop's phone numbers.
 */
export function CancelBooking({ answer, disabled, onCancelled }: CancelBookingProps) {
  const { booking, bookingToken } = answer;
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const cancelled = async (next: MyBooking) => {
    setRefusal(null);
    await onCancelled(next);
    showToast(
      { title: "Booking Cancelled", description: `Booking ${booking.reference} is cancelled.` },
      "success",
    );
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const next = await api.call("cancelBooking", { params: { id: booking.id }, body: { bookingToken } });
      setOpened(false);
      await cancelled(next);
    } catch (error) {
      setOpened(false);
      if (error instanceof ApiError && error.code === "CANCELLATION_CLOSED" && alreadyCancelled(error)) {
        // A repeat of a cancellation whose answer was lost: the booking is cancelled, as asked.
        await cancelled({ ...answer, booking: { ...booking, status: "cancelled", cancellable: false } });
      } else if (error instanceof ApiError && error.code === "CANCELLATION_CLOSED") {
        setRefusal(error.serverMessage ?? errorMessages.CANCELLATION_CLOSED);
      } else {
        const message =
          error instanceof NetworkError ? noAnswerMessage() : describeError(error, GENERIC_FAILURE);
        showToast({ title: "Cancellation Failed" }, "error", message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        color="red.9"
        variant="outline"
        disabled={disabled}
        leftSection={<IconX size={18} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {myBookingLabels.cancel}
      </Button>
      {refusal && <CancellationClosed reason={refusal} announced />}
      <DialogModal opened={opened} onClose={() => setOpened(false)} title="Cancel this booking?" centered>
        <Stack gap="md">
          <Text>
            Booking {booking.reference}: {booking.carName}, {formatLongDate(booking.pickupDate)} to{" "}
            {formatLongDate(booking.returnDate)}.{" "}
            {booking.cancellable
              ? "Its dates are released at once; this cannot be undone."
              : "Its pickup is less than 24 hours away: the shop may no longer take a cancellation online."}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              Keep booking
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirm()}>
              {myBookingLabels.cancel}
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </>
  );
}

/**
 * Why the booking cannot be cancelled online (the server's reason, or the rule), and the shop's phone;
 * `announced` when it answers the visitor's tap (an alert), not when the page opens with it.
 */
export function CancellationClosed({
  reason = errorMessages.CANCELLATION_CLOSED,
  announced = false,
}: {
  reason?: string;
  announced?: boolean;
}) {
  return (
    <Alert
      color="red"
      role={announced ? "alert" : undefined}
      title="This booking cannot be cancelled online"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      w="100%"
    >
      <Stack gap={4}>
        <Text size="sm">{reason}</Text>
        <Text size="sm">
          <IconPhone size={14} aria-hidden="true" /> Call us: {contactSettings.phones.join(" or ")}
        </Text>
      </Stack>
    </Alert>
  );
}
