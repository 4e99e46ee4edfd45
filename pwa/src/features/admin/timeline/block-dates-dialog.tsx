import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod";
import { blockMessages } from "@car-rental/shared/schemas/block";
import { textLimits } from "@car-rental/shared/schemas/common";
import { validationMessages } from "@car-rental/shared/messages";
import type { LocalAdminCar, LocalBlock, LocalBooking } from "../../../data/db";
import { createBlock } from "../../../data/mutations/blocks/create-block";
import { field } from "../../../lib/form-field";
import { newId, queueChange } from "../frame/queue-change";
import { blockConflict } from "./timeline-model";
import { useSubmitOnce } from "../frame/use-submit-once";

const blockFormSchema = z
  .object({
    carId: z.string().min(1, { error: "Choose a car" }),
    startDate: z.string().min(1, { error: blockMessages.startDateRequired }),
    endDate: z.string().min(1, { error: blockMessages.endDateRequired }),
    reason: z
      .string()
      .trim()
      .max(textLimits.note, { error: validationMessages.tooLong })
      .transform((value) => (value === "" ? null : value)),
  })
  .refine((block) => block.endDate >= block.startDate, {
    path: ["endDate"],
    error: blockMessages.endBeforeStart,
  });
type BlockFormInput = z.input<typeof blockFormSchema>;
type BlockFormOutput = z.output<typeof blockFormSchema>;

export type BlockDraft = { carId: string; date: string };

type BlockDatesDialogProps = {
  draft: BlockDraft | null;
  cars: readonly LocalAdminCar[];
  bookings: readonly LocalBooking[];
  blocks: readonly LocalBlock[];
  onClose: () => void;
};

/** Release 2 §C2: `Block dates`, opened from an empty day with its car and day filled in. */
export function BlockDatesDialog({ draft, cars, bookings, blocks, onClose }: BlockDatesDialogProps) {
  return (
    <DialogModal opened={draft !== null} onClose={onClose} title="Block dates" centered size="md">
      {draft ? (
        <BlockDatesForm draft={draft} cars={cars} bookings={bookings} blocks={blocks} onDone={onClose} />
      ) : null}
    </DialogModal>
  );
}

function BlockDatesForm({
  draft,
  cars,
  bookings,
  blocks,
  onDone,
}: Omit<BlockDatesDialogProps, "draft" | "onClose"> & { draft: BlockDraft; onDone: () => void }) {
  const [conflict, setConflict] = useState<string | null>(null);
  const form = useForm<BlockFormInput, unknown, BlockFormOutput>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: { carId: draft.carId, startDate: draft.date, endDate: draft.date, reason: "" },
  });
  const submit = async (values: BlockFormOutput) => {
    const problem = blockConflict(values.carId, values.startDate, values.endDate, bookings, blocks);
    setConflict(problem);
    if (problem) return;
    const block = { ...values, id: newId() };
    if (await queueChange(createBlock, block)) onDone();
  };
  const { onSubmit, submitting } = useSubmitOnce(form.handleSubmit(submit));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Car"
          size="md"
          data={cars.map((car) => ({
            value: car.id,
            label: `${car.name}${car.plateNumber ? ` (${car.plateNumber})` : ""}`,
          }))}
          {...field(form, "carId")}
        />
        <Group grow align="flex-start">
          <TextInput type="date" label="Start date" size="md" {...field(form, "startDate")} />
          <TextInput type="date" label="End date" size="md" {...field(form, "endDate")} />
        </Group>
        <Textarea
          label="Reason"
          description="Optional, e.g. Oil change"
          size="md"
          autosize
          minRows={2}
          maxRows={4}
          {...field(form, "reason")}
        />
        {conflict ? (
          <Alert color="red" role="alert">
            {conflict}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="md" mih={44} data-autofocus loading={submitting}>
            Block dates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
