import { Anchor, Group, Text } from "@mantine/core";
import type { BookingDocuments } from "@car-rental/shared/schemas/booking";

const KINDS = [
  { key: "photoId1Url", label: "Photo ID #1" },
  { key: "photoId2Url", label: "Photo ID #2" },
  { key: "proofOfBillingUrl", label: "Proof of Billing" },
] as const;

/**
 * The documents uploaded for one booking (release 2 A3: documents belong to
 * the booking), as links the admin's session opens in a new tab. A booking
 * mirrored before release 2 has no `documents` until its next sync; the
 * admin's own bookings have none.
 */
export function BookingDocumentLinks({ documents }: { documents: BookingDocuments | undefined }) {
  const uploaded = KINDS.filter(({ key }) => documents?.[key]);
  if (uploaded.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Documents: none uploaded
      </Text>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        Documents:
      </Text>
      {KINDS.map(({ key, label }) => {
        const path = documents?.[key];
        return path ? (
          <Anchor key={key} href={path} target="_blank" rel="noopener noreferrer" size="sm">
            {label}
          </Anchor>
        ) : (
          <Text key={key} size="sm" c="dimmed">
            {label} missing
          </Text>
        );
      })}
    </Group>
  );
}
