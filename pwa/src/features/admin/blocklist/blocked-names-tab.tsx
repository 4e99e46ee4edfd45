import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconBan, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod";
import { validationMessages } from "@car-rental/shared/messages";
import { textLimits } from "@car-rental/shared/schemas/common";
import { useBlockedNames } from "../../../data/admin-data";
import type { LocalBlockedName } from "../../../data/db";
import { field } from "../../../lib/form-field";
import { blockName } from "../../../data/mutations/blocklist/block-name";
import { unblockName } from "../../../data/mutations/blocklist/unblock-name";
import { newId, queueChange } from "../frame/queue-change";
import { ConfirmDialog } from "../frame/confirm-dialog";
import { longDateOfInstant } from "../frame/display";
import { LoadingList } from "../frame/loading-list";
import { SyncBadge } from "../frame/sync-marks";

/** Spec §5 "Block-name form": the name required and trimmed, the reason trimmed and null when empty. */
export const blockNameFormSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, { error: validationMessages.fullNameRequired })
    .max(textLimits.name, { error: validationMessages.tooLong }),
  reason: z
    .string()
    .trim()
    .max(textLimits.note, { error: validationMessages.tooLong })
    .transform((value) => (value === "" ? null : value)),
});
type BlockNameInput = z.input<typeof blockNameFormSchema>;
type BlockNameOutput = z.output<typeof blockNameFormSchema>;

function BlockNameDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Block Name" centered size="md">
      {opened ? <BlockNameForm onDone={onClose} /> : null}
    </Modal>
  );
}

function BlockNameForm({ onDone }: { onDone: () => void }) {
  const form = useForm<BlockNameInput, unknown, BlockNameOutput>({
    resolver: zodResolver(blockNameFormSchema),
    defaultValues: { fullName: "", reason: "" },
  });
  const submit = async (values: BlockNameOutput) => {
    const entry = { fullName: values.fullName, reason: values.reason, blockedBy: "admin", id: newId() };
    if (await queueChange(blockName, entry)) onDone();
  };
  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Bookings under this name will be refused.
        </Text>
        <TextInput
          label="Full Name"
          required
          withAsterisk={false}
          size="md"
          autoComplete="off"
          {...field(form, "fullName")}
          data-autofocus
        />
        <Textarea
          label="Reason"
          description="Optional"
          size="md"
          autosize
          minRows={2}
          maxRows={5}
          {...field(form, "reason")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="red" size="md" mih={44}>
            Block Name
          </Button>
        </Group>
      </Stack>
    </form>
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
            <Card key={entry.id} component="article" aria-label={entry.fullName} padding="md">
              <Group justify="space-between" align="center" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Text fw={700}>{entry.fullName}</Text>
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
        Unblock {unblocking?.fullName ?? "this name"}? Bookings under this name will be accepted again.
      </ConfirmDialog>
    </Stack>
  );
}
