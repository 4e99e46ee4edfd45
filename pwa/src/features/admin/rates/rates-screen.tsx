import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod";
import { RATE_PERCENT_LIMITS } from "@car-rental/shared/rates";
import { rateMessages } from "@car-rental/shared/schemas/rates";
import { useRatePeriods } from "../../../data/admin-data";
import type { LocalRatePeriod } from "../../../data/db";
import { createRatePeriod } from "../../../data/mutations/rates/create-rate-period";
import { deleteRatePeriod } from "../../../data/mutations/rates/delete-rate-period";
import { updateRatePeriod } from "../../../data/mutations/rates/update-rate-period";
import { field } from "../../../lib/form-field";
import { ConfirmDialog } from "../frame/confirm-dialog";
import { LoadingList } from "../frame/loading-list";
import { LengthDiscountsSection } from "./length-discounts";
import { SyncBadge } from "../frame/sync-marks";
import { newId, queueChange } from "../frame/queue-change";
import { useSubmitOnce } from "../frame/use-submit-once";

/** The period form as typed: the percent is text until it is checked. */
const periodFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: rateMessages.nameRequired }).max(80),
    startDate: z.string().min(1, { error: rateMessages.startDateRequired }),
    endDate: z.string().min(1, { error: rateMessages.endDateRequired }),
    percent: z
      .string()
      .trim()
      .regex(/^[+-]?\d+$/, { error: rateMessages.percentWhole })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(RATE_PERCENT_LIMITS.min, { error: rateMessages.percentMin })
          .max(RATE_PERCENT_LIMITS.max, { error: rateMessages.percentMax }),
      ),
  })
  .refine((period) => period.endDate >= period.startDate, {
    path: ["endDate"],
    error: rateMessages.endBeforeStart,
  });
type PeriodFormInput = z.input<typeof periodFormSchema>;
type PeriodFormOutput = z.output<typeof periodFormSchema>;

/** `+30 %`, `−10 %`. */
export function percentLabel(percent: number): string {
  return `${percent > 0 ? "+" : percent < 0 ? "−" : ""}${Math.abs(percent)} %`;
}

function PeriodForm({ period, onDone }: { period: LocalRatePeriod | null; onDone: () => void }) {
  const form = useForm<PeriodFormInput, unknown, PeriodFormOutput>({
    resolver: zodResolver(periodFormSchema),
    defaultValues: period
      ? {
          name: period.name,
          startDate: period.startDate,
          endDate: period.endDate,
          percent: String(period.percent),
        }
      : { name: "", startDate: "", endDate: "", percent: "" },
  });
  const submit = async (values: PeriodFormOutput) => {
    const queued = period
      ? await queueChange(updateRatePeriod, { ...values, id: period.id })
      : await queueChange(createRatePeriod, { ...values, id: newId() });
    if (queued) onDone();
  };
  const { onSubmit, submitting } = useSubmitOnce(form.handleSubmit(submit));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" description="e.g. Holy Week" size="md" {...field(form, "name")} />
        <Group grow align="flex-start">
          <TextInput type="date" label="Start date" size="md" {...field(form, "startDate")} />
          <TextInput type="date" label="End date" size="md" {...field(form, "endDate")} />
        </Group>
        <TextInput
          label="Percent"
          description="More (30) or less (-10) than the daily rate"
          inputMode="numeric"
          size="md"
          {...field(form, "percent")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" mih={44} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="md" mih={44} loading={submitting}>
            {period ? "Save period" : "Add period"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Release 2 §E1, the `Rates` tab: the owner's seasonal rate periods (each
 * day of a rental is priced at the car's daily rate adjusted by its period),
 * added, edited and deleted offline through the outbox, and the length
 * discounts.
 */
export function RatesScreen() {
  const periods = useRatePeriods();
  const [editing, setEditing] = useState<LocalRatePeriod | "new" | null>(null);
  const [deleting, setDeleting] = useState<LocalRatePeriod | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed" size="sm">
          Seasonal rates: each day of a rental in a period costs the car&apos;s daily rate adjusted by the
          period&apos;s percent.
        </Text>
        <Button
          size="md"
          mih={44}
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing("new")}
        >
          Add period
        </Button>
      </Group>
      {periods === undefined ? (
        <LoadingList />
      ) : periods.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No rate periods.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label="Rate periods"
        >
          {periods.map((period) => (
            <Card key={period.id} component="li" aria-label={period.name} padding="md">
              <Group justify="space-between" align="center" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Group gap="xs">
                    <Text fw={700}>{period.name}</Text>
                    <Text fw={700} c={period.percent >= 0 ? "orange.8" : "teal.8"}>
                      {percentLabel(period.percent)}
                    </Text>
                    <SyncBadge entity="ratePeriods" id={period.id} pending={period._pending} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {period.startDate} to {period.endDate}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button variant="default" size="md" mih={44} onClick={() => setEditing(period)}>
                    Edit
                  </Button>
                  <Button variant="light" color="red" size="md" mih={44} onClick={() => setDeleting(period)}>
                    Delete
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      <LengthDiscountsSection />

      <DialogModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Add rate period" : "Edit rate period"}
        centered
        size="md"
      >
        {editing !== null ? (
          <PeriodForm period={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </DialogModal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete rate period"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void queueChange(deleteRatePeriod, { id: deleting.id });
          setDeleting(null);
        }}
      >
        Delete the rate period {deleting?.name}? Bookings already made keep their prices.
      </ConfirmDialog>
    </Stack>
  );
}
