import "@mantine/core/styles/Drawer.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ScrollArea.css";
import { Drawer } from "@mantine/core";
import { useBackToClose } from "../../lib/use-back-to-close";
import { OutboxPanel } from "./outbox-panel";

/** The list of changes waiting to sync, from the side; Back closes it, as it does a dialog. */
export function OutboxDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const close = useBackToClose(opened, onClose);
  return (
    <Drawer opened={opened} onClose={close} position="right" title="Changes waiting to sync" size="md">
      <OutboxPanel />
    </Drawer>
  );
}
