import { Button, Group, Stack, Text } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { IconTrash } from "@tabler/icons-react";
import { formatLongDate } from "@car-rental/shared/dates";
import type { LocalAdminCar, LocalBlock } from "../../../data/db";
import { removeBlock } from "../../../data/mutations/blocks/remove-block";
import { queueChange } from "../frame/queue-change";

/** A block opened from the Timeline: its car, days and reason, and `Remove block`. */
export function BlockDetailsDialog({
  block,
  cars,
  onClose,
}: {
  block: LocalBlock | null;
  cars: readonly LocalAdminCar[];
  onClose: () => void;
}) {
  const car = block ? cars.find((candidate) => candidate.id === block.carId) : undefined;
  return (
    <DialogModal opened={block !== null} onClose={onClose} title="Blocked dates" centered size="md">
      {block ? (
        <Stack gap="md">
          <Text fw={600}>{car?.name ?? "Car"}</Text>
          <Text>
            {block.startDate === block.endDate
              ? formatLongDate(block.startDate)
              : `${formatLongDate(block.startDate)} to ${formatLongDate(block.endDate)}`}
          </Text>
          <Text c="dimmed">{block.reason ?? "Maintenance"}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" mih={44} onClick={onClose}>
              Close
            </Button>
            <Button
              color="red"
              size="md"
              mih={44}
              leftSection={<IconTrash size={18} />}
              onClick={() => {
                void queueChange(removeBlock, { id: block.id });
                onClose();
              }}
            >
              Remove block
            </Button>
          </Group>
        </Stack>
      ) : null}
    </DialogModal>
  );
}
