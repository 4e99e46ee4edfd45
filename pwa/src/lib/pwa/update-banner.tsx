import { Button, Group, Paper, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import classes from "./update-prompt.module.css";

type UpdateBannerProps = {
  onLater: () => void;
  onReload: () => void;
};

/** The offer to reload into the new version (update-prompt.tsx shows it when one is waiting). */
export function UpdateBanner({ onLater, onReload }: UpdateBannerProps) {
  return (
    <Paper
      className={classes.banner}
      shadow="lg"
      radius="lg"
      p="md"
      withBorder
      role="status"
      aria-live="polite"
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fw={600} size="sm">
          A new version is available
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="subtle" size="xs" onClick={onLater}>
            Later
          </Button>
          <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={onReload}>
            Reload
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
