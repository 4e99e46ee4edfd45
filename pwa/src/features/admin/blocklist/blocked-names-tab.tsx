import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { IconBan, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { blockedKind, blockedValue } from "@car-rental/shared/schemas/blocked-name";
import { useBlockedNames } from "../../../data/admin-data";
import type { LocalBlockedName } from "../../../data/db";
import { unblockName } from "../../../data/mutations/blocklist/unblock-name";
import { queueChange } from "../frame/queue-change";
import { ConfirmDialog } from "../frame/confirm-dialog";
import { longDateOfInstant } from "../frame/display";
import { LoadingList } from "../frame/loading-list";
import { SyncBadge } from "../frame/sync-marks";
import { BlockEntryForm, blockKindOptions } from "./block-entry-form";

function BlockNameDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <DialogModal opened={opened} onClose={onClose} title="Block Name" centered size="md">
      {opened ? <BlockEntryForm onDone={onClose} /> : null}
    </DialogModal>
  );
}

/** Spec §2 "Blocked Names": the block dialog, the list, and unblock after a confirmation. */
export function BlockedNamesTab() {
  const names = useBlockedNames();
  const [blocking, setBlocking] = useState(false);
  const [unblocking, setUnblocking] = useState<LocalBlockedName | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed" size="sm">
          {names ? `${names.length} blocked ${names.length === 1 ? "name" : "names"}` : ""}
        </Text>
        <Button
          color="red"
          size="md"
          mih={44}
          leftSection={<IconBan size={18} aria-hidden />}
          onClick={() => setBlocking(true)}
        >
          Block Name
        </Button>
      </Group>
      {names === undefined ? (
        <LoadingList />
      ) : names.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No blocked names.
        </Text>
      ) : (
        <Stack gap="sm">
          {names.map((entry) => (
            <Card key={entry.id} component="article" aria-label={blockedValue(entry)} padding="md">
              <Group justify="space-between" align="center" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {blockKindOptions[blockedKind(entry)]}
                    </Badge>
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {blockedValue(entry)}
                    </Text>
                  </Group>
                  <Text size="sm" c={entry.reason ? undefined : "dimmed"}>
                    {entry.reason ?? "No reason given"}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Blocked {longDateOfInstant(entry.createdAt)} by {entry.blockedBy}
                  </Text>
                </Stack>
                <Group gap="sm">
                  <SyncBadge entity="blockedNames" id={entry.id} pending={entry._pending} />
                  <Button
                    variant="light"
                    size="md"
                    mih={44}
                    leftSection={<IconLockOpen size={18} aria-hidden />}
                    onClick={() => setUnblocking(entry)}
                  >
                    Unblock
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <BlockNameDialog opened={blocking} onClose={() => setBlocking(false)} />
      <ConfirmDialog
        opened={unblocking !== null}
        title="Unblock Name"
        confirmLabel="Unblock"
        danger={false}
        onCancel={() => setUnblocking(null)}
        onConfirm={() => {
          if (unblocking) void queueChange(unblockName, { id: unblocking.id });
          setUnblocking(null);
        }}
      >
        Unblock {unblocking ? blockedValue(unblocking) : "this entry"}? Bookings under this{" "}
        {unblocking ? blockKindOptions[blockedKind(unblocking)].toLowerCase() : "name"} will be accepted
        again.
      </ConfirmDialog>
    </Stack>
  );
}
