import { Button, Group, Stack, Text } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import type { ReactNode } from "react";

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
};

/** A confirmation before a destructive action (unblock a name, log out with waiting changes). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <DialogModal opened={opened} onClose={onCancel} title={title} centered size="md">
      <Stack gap="lg">
        <Text component="div">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onCancel}>
            Cancel
          </Button>
          <Button color={danger ? "red" : undefined} size="md" mih={44} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
}
