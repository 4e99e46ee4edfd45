import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { compareMoney, formatPeso } from "@car-rental/shared/money";
import { depositHeld } from "@car-rental/shared/schemas/payment";
import { usePayments } from "../../../data/admin-data";
import { paymentSummary } from "../frame/payment-rules";
import classes from "../frame/admin.module.css";

type PaymentStatusProps = {
  total: string;
  amountPaid: string;
  /** The booking whose deposit payments are shown apart (release-2 §E2). */
  bookingId?: string | undefined;
  /** The booking's security deposit: while there is one, a deposit can be recorded even when fully paid. */
  deposit?: string | undefined;
  /** Opens the payment dialog; the button shows while the booking is not fully paid or asks a deposit. */
  onAddPayment: () => void;
};

/**
 * Spec §4 "Payment progress": Not Paid / Partially Paid / Fully Paid, amount
 * paid and balance (rental payments only); the deposit held apart (release-2 §E2).
 */
export function PaymentStatus({ total, amountPaid, bookingId, deposit, onAddPayment }: PaymentStatusProps) {
  const summary = paymentSummary(total, amountPaid);
  const payments = usePayments(bookingId);
  const held = depositHeld(payments ?? []);
  const asksDeposit = compareMoney(deposit ?? "0", 0) > 0 || compareMoney(held, 0) !== 0;
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
      {asksDeposit ? (
        <Text size="sm" data-testid="deposit-held">
          Deposit held <strong>{formatPeso(held)}</strong>
          {deposit && compareMoney(deposit, 0) > 0 ? ` of ${formatPeso(deposit)}` : ""}
        </Text>
      ) : null}
      {summary.canAddPayment || asksDeposit ? (
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
