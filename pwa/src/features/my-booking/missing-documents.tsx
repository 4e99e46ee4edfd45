import { Button, Group, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { GENERIC_FAILURE } from "@car-rental/shared/messages";
import type { MyBooking } from "@car-rental/shared/schemas/my-booking";
import { NetworkError, api, describeError } from "../../data/api-client";
import { showToast } from "../../lib/toast";
import { DocumentUploadList } from "../uploads/document-uploads";
import { useDocumentUploads } from "../uploads/use-document-uploads";
import { noAnswerMessage } from "./no-answer";

type MissingDocumentsProps = {
  answer: MyBooking;
  onDone: (answer: MyBooking) => Promise<void>;
};

/**
 * Adds the documents a booking still lacks: the booking form's upload pieces,
 * then `PUT /api/bookings/:id/documents` with the booking token (documents
 * left out stay as they are), then the booking read again.
 */
export function MissingDocuments({ answer, onDone }: MissingDocumentsProps) {
  const { booking, bookingToken } = answer;
  const uploads = useDocumentUploads();
  const [sending, setSending] = useState(false);
  const { documents } = uploads;
  const chosen = Object.values(documents).some((document) => document !== null);

  const send = async () => {
    setSending(true);
    try {
      await api.call("attachDocuments", {
        params: { id: booking.id },
        body: {
          bookingToken,
          photoId1Url: documents.photoId1Url?.objectPath ?? null,
          photoId2Url: documents.photoId2Url?.objectPath ?? null,
          proofOfBillingUrl: documents.proofOfBillingUrl?.objectPath ?? null,
        },
      });
      const next = await api.call("lookupBooking", { body: { reference: booking.reference, bookingToken } });
      showToast(
        { title: "Documents Sent", description: "Thank you: the shop has your documents." },
        "success",
      );
      await onDone(next);
    } catch (error) {
      const message =
        error instanceof NetworkError ? noAnswerMessage() : describeError(error, GENERIC_FAILURE);
      showToast({ title: "Upload Failed" }, "error", message);
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-label="Upload documents">
      <Stack gap="sm">
        <Text size="sm">Upload the documents that are missing, then send them to the shop.</Text>
        <DocumentUploadList uploads={uploads} disabled={sending} />
        <Group justify="flex-end">
          <Button
            disabled={!chosen}
            loading={sending}
            leftSection={<IconSend size={18} aria-hidden="true" />}
            onClick={() => void send()}
          >
            Send documents
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
