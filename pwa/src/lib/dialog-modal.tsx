import { Modal, type ModalProps } from "@mantine/core";
import { useBackToClose } from "./use-back-to-close";

/**
 * The app's dialog: Mantine's Modal, which Back closes (use-back-to-close.ts)
 * instead of leaving the page under it, and what was typed into it, behind.
 */
export function DialogModal({ opened, onClose, ...props }: ModalProps) {
  const close = useBackToClose(opened, onClose);
  return <Modal opened={opened} onClose={close} {...props} />;
}
