import { Badge, Button } from "@mantine/core";
import { useDisclosure, useNetwork } from "@mantine/hooks";
import { IconCloudCheck, IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import { useOutboxCounts } from "../../data/use-outbox";
import { OutboxDrawer } from "./outbox-drawer";
import { syncStatusText } from "./sync-status-text";

/**
 * A small indicator for the header: online or offline, and how many changes
 * wait for the server. It opens the list of waiting changes.
 */
export function SyncStatus({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { online } = useNetwork();
  const counts = useOutboxCounts();
  const [opened, { open, close }] = useDisclosure(initiallyOpen);
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
        {/* The header may hide the word where its navigation leaves no room: the icon and the name stay. */}
        {online ? null : <span data-sync-word="">Offline</span>}
      </Button>
      <OutboxDrawer opened={opened} onClose={close} />
    </>
  );
}
