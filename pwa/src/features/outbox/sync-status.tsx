import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ScrollArea.css";
import { Badge, Button, Drawer } from "@mantine/core";
import { useBackToClose } from "../../lib/use-back-to-close";
import { useDisclosure, useNetwork } from "@mantine/hooks";
import { IconCloudCheck, IconCloudUpload, IconWifiOff } from "@tabler/icons-react";
import { useOutboxCounts } from "../../data/use-outbox";
import { OutboxPanel } from "./outbox-panel";
import { syncStatusText } from "./sync-status-text";

/**
 * A small indicator for the header: online or offline, and how many changes
 * wait for the server. It opens the list of waiting changes.
 */
export function SyncStatus({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { online } = useNetwork();
  const counts = useOutboxCounts();
  const [opened, { open, close }] = useDisclosure(initiallyOpen);
  // Back closes the list, as it does a dialog.
  const closeDrawer = useBackToClose(opened, close);
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
      <Drawer
        opened={opened}
        onClose={closeDrawer}
        position="right"
        title="Changes waiting to sync"
        size="md"
      >
        <OutboxPanel />
      </Drawer>
    </>
  );
}
