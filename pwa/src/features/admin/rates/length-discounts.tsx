import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import * as z from "zod";
import { lengthDiscountSchema, type LengthDiscount } from "@car-rental/shared/rates";
import {
  LENGTH_DISCOUNTS_MAX,
  LENGTH_DISCOUNTS_RECORD_ID,
  rateMessages,
} from "@car-rental/shared/schemas/rates";
import { useLengthDiscounts } from "../../../data/admin-data";
import { saveLengthDiscounts } from "../../../data/mutations/rates/save-length-discounts";
import { field } from "../../../lib/form-field";
import { SyncBadge } from "../frame/sync-marks";
import { queueChange } from "../frame/queue-change";
import { useSubmitOnce } from "../frame/use-submit-once";

/** A whole number typed in a field, then held to the server's limit (`lengthDiscountSchema`). */
const wholeNumber = (message: string, limits: z.ZodNumber) =>
  z.string().trim().regex(/^\d+$/, { error: message }).transform(Number).pipe(limits);

/** The list as typed (text fields), checked as the server checks it: each length once. */
const discountsFormSchema = z
  .object({
    lengthDiscounts: z
      .array(
        z.object({
          minDays: wholeNumber(rateMessages.minDaysWhole, lengthDiscountSchema.shape.minDays),
          percentOff: wholeNumber(rateMessages.percentWhole, lengthDiscountSchema.shape.percentOff),
        }),
      )
      .max(LENGTH_DISCOUNTS_MAX),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<number>();
    form.lengthDiscounts.forEach((discount, index) => {
      if (seen.has(discount.minDays)) {
        ctx.addIssue({
          code: "custom",
          path: ["lengthDiscounts", index, "minDays"],
          message: rateMessages.duplicateMinDays,
        });
      }
      seen.add(discount.minDays);
    });
  });
type DiscountsFormInput = z.input<typeof discountsFormSchema>;
type DiscountsFormOutput = z.output<typeof discountsFormSchema>;

/** `7 days or more: −10 %`. */
export function lengthDiscountLabel(discount: LengthDiscount): string {
  return `${discount.minDays} days or more: −${discount.percentOff} %`;
}

function LengthDiscountsForm({ discounts, onDone }: { discounts: LengthDiscount[]; onDone: () => void }) {
  const form = useForm<DiscountsFormInput, unknown, DiscountsFormOutput>({
    resolver: zodResolver(discountsFormSchema),
    defaultValues: {
      lengthDiscounts: discounts.map((d) => ({
        minDays: String(d.minDays),
        percentOff: String(d.percentOff),
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: "lengthDiscounts" });
  const submit = async (values: DiscountsFormOutput) => {
    if (await queueChange(saveLengthDiscounts, values)) onDone();
  };
  const { onSubmit, submitting } = useSubmitOnce(form.handleSubmit(submit));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {rows.fields.length === 0 ? (
          <Text c="dimmed">No length discounts: every rental pays the sum of its day rates.</Text>
        ) : null}
        {rows.fields.map((row, index) => (
          <Group key={row.id} role="group" aria-label={`Discount ${index + 1}`} align="flex-start" gap="sm">
            <TextInput
              label="Minimum days"
              inputMode="numeric"
              size="md"
              style={{ flex: 1 }}
              {...field(form, `lengthDiscounts.${index}.minDays`)}
            />
            <TextInput
              label="Percent off"
              inputMode="numeric"
              size="md"
              style={{ flex: 1 }}
              {...field(form, `lengthDiscounts.${index}.percentOff`)}
            />
            <Button variant="light" color="red" size="md" mih={44} mt={26} onClick={() => rows.remove(index)}>
              Remove
            </Button>
          </Group>
        ))}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            size="md"
            mih={44}
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={rows.fields.length >= LENGTH_DISCOUNTS_MAX}
            onClick={() => rows.append({ minDays: "", percentOff: "" })}
          >
            Add discount
          </Button>
          <Group gap="sm">
            <Button variant="default" size="md" mih={44} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" size="md" mih={44} loading={submitting}>
              Save discounts
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Release 2 §E1, the length discounts on the `Rates` tab: a rental of at
 * least `minDays` days gets `percentOff` off the sum of its day rates (the
 * largest it reaches). The whole list is saved at once, offline through the
 * outbox.
 */
export function LengthDiscountsSection() {
  const list = useLengthDiscounts();
  const [editing, setEditing] = useState(false);
  const discounts = list?.lengthDiscounts ?? [];

  return (
    <Card component="section" aria-labelledby="length-discounts-title" padding="md" withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="xs">
            <Title order={2} fz="lg" id="length-discounts-title">
              Length discounts
            </Title>
            {list ? (
              <SyncBadge entity="lengthDiscounts" id={LENGTH_DISCOUNTS_RECORD_ID} pending={list._pending} />
            ) : null}
          </Group>
          <Button
            variant="default"
            size="md"
            mih={44}
            disabled={list === undefined}
            onClick={() => setEditing(true)}
          >
            Edit discounts
          </Button>
        </Group>
        <Text c="dimmed" size="sm">
          A rental of at least the minimum days gets the largest discount it reaches, off the sum of its day
          rates.
        </Text>
        {list === undefined ? null : list === null ? (
          <Text c="dimmed">The length discounts appear after the next sync.</Text>
        ) : discounts.length === 0 ? (
          <Text c="dimmed">No length discounts.</Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label="Length discounts"
          >
            {discounts.map((discount) => (
              <Text key={discount.minDays} component="li" fw={600}>
                {lengthDiscountLabel(discount)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <DialogModal
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit length discounts"
        centered
        size="lg"
      >
        {editing ? <LengthDiscountsForm discounts={discounts} onDone={() => setEditing(false)} /> : null}
      </DialogModal>
    </Card>
  );
}
