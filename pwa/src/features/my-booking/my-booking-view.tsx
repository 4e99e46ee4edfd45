import "@mantine/core/styles/Alert.css";
import { Alert, Button } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import type { MyBooking } from "@car-rental/shared/schemas/my-booking";
import type { ShownBooking } from "./my-booking-lookup";
import { MyBookingDetails } from "./my-booking-details";

/**
 * What My booking shows once it is used, with Mantine's components: why a
 * lookup found nothing, and the booking found. Loaded with the lookup
 * (use-my-booking.ts), so its first view (the prerendered form) needs none of it.
 */

/** Why the last lookup found nothing (the server's words). */
export function LookupProblem({ problem }: { problem: string }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
      {problem}
    </Alert>
  );
}

type BookingShownProps = {
  shown: ShownBooking;
  onChanged: (answer: MyBooking) => Promise<void>;
  onClose: () => void;
};

/** The booking found, and the way back to the form. */
export function BookingShown({ shown, onChanged, onClose }: BookingShownProps) {
  return (
    <>
      <MyBookingDetails shown={shown} onChanged={onChanged} />
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        onClick={onClose}
        w="fit-content"
      >
        Find another booking
      </Button>
    </>
  );
}
