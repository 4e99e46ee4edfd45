import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { formatPeso } from "@car-rental/shared/money";
import { paymentSummary } from "../frame/payment-rules";
import classes from "../frame/admin.module.css";

type PaymentStatusProps = {
  total: string;
  amountPaid: string;
  /** Opens the payment dialog; the button shows only while the booking is not fully paid. */
  onAddPayment: () => void;
};

/** Spec §4 "Payment progress": Not Paid / Partially Paid / Fully Paid, amount paid and balance. */
export function PaymentStatus({ total, amountPaid, onAddPayment }: PaymentStatusProps) {
  const summary = paymentSummary(total, amountPaid);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Badge color={summary.color} variant="light" size="lg" tt="none" className={classes.badge}>
          {summary.progress}
        </Badge>
        <Text size="sm">
          Paid <strong>{formatPeso(summary.paid)}</strong> · Balance{" "}
          <strong>{formatPeso(summary.balance)}</strong>
        </Text>
      </Group>
      {summary.canAddPayment ? (
        <Button
          variant="light"
          size="md"
          mih={44}
          leftSection={<IconCash size={18} aria-hidden />}
          onClick={onAddPayment}
          style={{ alignSelf: "flex-start" }}
        >
          Add Payment
        </Button>
      ) : null}
    </Stack>
  );
}
