import { Badge, Button, Drawer, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCloudUpload, IconListDetails } from "@tabler/icons-react";
import { useAdminSyncState } from "../../data/admin-data";
import { useOutboxCounts } from "../../data/use-outbox";
import { OutboxPanel } from "../outbox/outbox-panel";
import { SyncStatus } from "../outbox/sync-status";
import { longDateOfInstant } from "./display";

const timeFormat = new Intl.DateTimeFormat("en-PH", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});

/**
 * The sync state of the admin area: the outbox indicator, how many changes
 * wait (or were refused), when the lists were last pulled, and the list of
 * waiting changes with retry, edit and discard.
 */
export function AdminSyncArea() {
  const counts = useOutboxCounts();
  const syncState = useAdminSyncState();
  const [opened, { open, close }] = useDisclosure(false);
  const waiting = counts.total;
  const lastSync = syncState?.lastSyncAt ? new Date(syncState.lastSyncAt) : null;

  return (
    <Group gap="sm" wrap="wrap" style={{ flex: "1 1 320px" }}>
      <SyncStatus />
      <Badge
        color={counts.failed > 0 ? "red" : waiting > 0 ? "yellow" : "gray"}
        variant="light"
        size="lg"
        tt="none"
        leftSection={<IconCloudUpload size={16} aria-hidden />}
        role="status"
      >
        {waiting === 0 ? "All changes synced" : `${waiting} waiting to sync`}
      </Badge>
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
      <Drawer opened={opened} onClose={close} position="right" title="Changes waiting to sync" size="md">
        <OutboxPanel />
      </Drawer>
    </Group>
  );
}
