import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ScrollArea.css";
import { Badge, Button, Drawer } from "@mantine/core";
import { useDisclosure, useNetwork } from "@mantine/hooks";
import { IconCloudCheck, IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import type { OutboxCounts } from "../../data/outbox";
import { useOutboxCounts } from "../../data/use-outbox";
import { OutboxPanel } from "./outbox-panel";

/** What the indicator says, for its text and its accessible name. */
export function syncStatusText(
  online: boolean,
  counts: OutboxCounts,
): { badge: string | null; label: string } {
  const waiting = counts.total;
  const badge = waiting > 0 ? `${waiting} waiting` : null;
  const connection = online ? "Online" : "Offline";
  if (waiting === 0) return { badge, label: `${connection}, all changes saved` };
  const changes = `${waiting} ${waiting === 1 ? "change" : "changes"} waiting to sync`;
  const problems =
    counts.failed > 0 ? `, ${counts.failed} not accepted` : counts.needsAuth > 0 ? ", sign-in needed" : "";
  return { badge, label: `${connection}, ${changes}${problems}` };
}

/**
 * A small indicator for the header: online or offline, and how many changes
 * wait for the server. It opens the list of waiting changes.
 */
export function SyncStatus() {
  const { online } = useNetwork();
  const counts = useOutboxCounts();
  const [opened, { open, close }] = useDisclosure(false);
  const { badge, label } = syncStatusText(online, counts);
  const problem = counts.failed > 0 || counts.needsAuth > 0;
  const icon = !online ? (
    <IconWifiOff size={18} aria-hidden />
  ) : counts.total > 0 ? (
    <IconCloudUpload size={18} aria-hidden />
  ) : (
    <IconCloudCheck size={18} aria-hidden />
  );

  return (
    <>
      <Button
        variant="subtle"
        color={problem ? "red" : online ? "gray" : "orange"}
        size="compact-sm"
        onClick={open}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={opened}
        leftSection={icon}
        rightSection={
          badge ? (
            <Badge size="sm" color={problem ? "red" : "yellow"} variant="filled" aria-hidden>
              {badge}
            </Badge>
          ) : null
        }
      >
        {online ? null : "Offline"}
      </Button>
      <Drawer opened={opened} onClose={close} position="right" title="Changes waiting to sync" size="md">
        <OutboxPanel />
      </Drawer>
    </>
  );
}
