import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "react-hook-form";
import * as z from "zod";
import { BLOCK_KINDS, type BlockKind } from "@car-rental/shared/blocklist-keys";
import { validationMessages } from "@car-rental/shared/messages";
import { blockValueMessages, blockValueUsable } from "@car-rental/shared/schemas/blocked-name";
import { textLimits } from "@car-rental/shared/schemas/common";
import { field } from "../../../lib/form-field";
import { blockName } from "../../../data/mutations/blocklist/block-name";
import { newId, queueChange } from "../frame/queue-change";
import { useSubmitOnce } from "../frame/use-submit-once";

/** The Type select's options (release-2 §E3), and how a card names its kind. */
export const blockKindOptions: Record<BlockKind, string> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  license: "Driver's license",
};

/**
 * Spec §5 "Block-name form", release-2 §E3: a kind and its value, required and
 * trimmed (a phone, e-mail or licence must give something to compare, with the
 * server's message), the reason trimmed and null when empty.
 */
export const blockNameFormSchema = z
  .object({
    kind: z.enum(BLOCK_KINDS),
    value: z.string().trim().max(textLimits.name, { error: validationMessages.tooLong }),
    reason: z
      .string()
      .trim()
      .max(textLimits.note, { error: validationMessages.tooLong })
      .transform((value) => (value === "" ? null : value)),
  })
  .superRefine(({ kind, value }, ctx) => {
    if (!blockValueUsable(kind, value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: blockValueMessages[kind] });
    }
  });
type BlockNameInput = z.input<typeof blockNameFormSchema>;
type BlockNameOutput = z.output<typeof blockNameFormSchema>;

const KIND_DATA = BLOCK_KINDS.map((kind) => ({ value: kind, label: blockKindOptions[kind] }));

/** The Block dialog's form: a name keeps its release-1 `Full Name` label, the other kinds read `Value`. */
export function BlockEntryForm({ onDone }: { onDone: () => void }) {
  const form = useForm<BlockNameInput, unknown, BlockNameOutput>({
    resolver: zodResolver(blockNameFormSchema),
    defaultValues: { kind: "name", value: "", reason: "" },
  });
  const kind = form.watch("kind");
  const submit = async (values: BlockNameOutput) => {
    const entry = {
      kind: values.kind,
      value: values.value,
      reason: values.reason,
      blockedBy: "admin",
      id: newId(),
    };
    if (await queueChange(blockName, entry)) onDone();
  };
  const { onSubmit, submitting } = useSubmitOnce(form.handleSubmit(submit));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Bookings with this name, e-mail, phone or driver&apos;s license will be refused.
        </Text>
        <NativeSelect label="Type" size="md" data={KIND_DATA} {...field(form, "kind")} />
        <TextInput
          label={kind === "name" ? "Full Name" : "Value"}
          required
          withAsterisk={false}
          size="md"
          autoComplete="off"
          {...field(form, "value")}
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
          <Button type="submit" color="red" size="md" mih={44} loading={submitting}>
            Block Name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
