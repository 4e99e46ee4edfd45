import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "./receipt-print.css";
import { Button, Group, Modal } from "@mantine/core";
import { IconPrinter, IconTicket, IconX } from "@tabler/icons-react";
import type { PublicBookingResponse } from "@car-rental/shared/schemas/booking";
import { myBookingLabels, myBookingPath } from "@car-rental/shared/schemas/my-booking";
import { useBackToClose } from "../../lib/use-back-to-close";
import { InstallApp, useInstallOffer } from "../install/install-app";
import { Receipt } from "./receipt";
import classes from "./confirmation.module.css";

type BookingConfirmationProps = {
  result: PublicBookingResponse;
  opened: boolean;
  onClose: () => void;
};

/** The class the print stylesheet keys on: only this modal's receipt is printed. */
export const RECEIPT_MODAL_CLASS = "booking-receipt-modal";

/**
 * The booking confirmation (spec §2): a full-screen modal with the receipt,
 * 'Print Receipt' (the browser's print dialog; the print stylesheet prints
 * the receipt alone on one A4 page) and 'Close'.
 */
export function BookingConfirmation({ result, opened, onClose }: BookingConfirmationProps) {
  // On a phone the full-screen confirmation is a screen of its own: Back closes it.
  const close = useBackToClose(opened, onClose);
  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen
      title="Booking Confirmation"
      withCloseButton={false}
      className={`${RECEIPT_MODAL_CLASS} ${classes.modalRoot}`}
      classNames={{ header: classes.modalHeader, title: classes.modalTitle, body: classes.modalBody }}
      transitionProps={{ transition: "fade", duration: 150 }}
    >
      <Group justify="flex-end" gap="sm" className={`${classes.actions} receipt-actions`}>
        {/* Release-2 §D2: the booking's own page (status, balance, cancel, calendar), as the e-mail links it. */}
        <Button
          component="a"
          href={myBookingPath(result.booking.reference, result.bookingToken)}
          variant="light"
          leftSection={<IconTicket size={18} aria-hidden="true" />}
        >
          {myBookingLabels.nav}
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
          Print Receipt
        </Button>
        <Button variant="default" leftSection={<IconX size={18} aria-hidden="true" />} onClick={close}>
          Close
        </Button>
      </Group>
      <KeepOnPhone />
      <Receipt booking={result.booking} car={result.car} />
    </Modal>
  );
}

/** Where the browser can install the app: keep the booking at hand (release-2 §D5). Not printed. */
function KeepOnPhone() {
  const offer = useInstallOffer();
  if (offer === null) return null;
  return (
    <section aria-label="Install the app" className={`${classes.installOffer} receipt-actions`}>
      <p className={classes.installText}>Keep your booking on your phone: install the app.</p>
      <InstallApp />
    </section>
  );
}
