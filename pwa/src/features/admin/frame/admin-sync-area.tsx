import { Button, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconListDetails } from "@tabler/icons-react";
import { useAdminSyncState } from "../../../data/admin-data";
import { useOutboxCounts } from "../../../data/use-outbox";
import { OutboxDrawer } from "../../outbox/outbox-drawer";
import { longDateOfInstant } from "./display";

const timeFormat = new Intl.DateTimeFormat("en-PH", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});

/**
 * The admin area's part of the sync state: when the lists were last pulled,
 * and, while changes wait, the list of them with retry, edit and discard.
 * Online or offline and how many changes wait are shown once, by the
 * header's indicator (outbox/sync-status.tsx), as on every page.
 */
export function AdminSyncArea() {
  const counts = useOutboxCounts();
  const syncState = useAdminSyncState();
  const [opened, { open, close }] = useDisclosure(false);
  const waiting = counts.total;
  const lastSync = syncState?.lastSyncAt ? new Date(syncState.lastSyncAt) : null;

  return (
    <Group gap="sm" wrap="wrap" style={{ flex: "1 1 320px" }}>
      {waiting > 0 ? (
        <Button
          variant="subtle"
          size="md"
          mih={44}
          leftSection={<IconListDetails size={18} aria-hidden />}
          onClick={open}
        >
          Show changes
        </Button>
      ) : null}
      {lastSync ? (
        <Text size="xs" c="dimmed">
          Last synced {longDateOfInstant(lastSync.toISOString())}, {timeFormat.format(lastSync)}
        </Text>
      ) : null}
      <OutboxDrawer opened={opened} onClose={close} />
    </Group>
  );
}
