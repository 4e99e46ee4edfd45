import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { useState } from "react";
import { formatPeso } from "@car-rental/shared/money";
import {
  depositHeld,
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
  type PaymentKind,
} from "@car-rental/shared/schemas/payment";
import { usePayments } from "../../../data/admin-data";
import { addPayment } from "../../../data/mutations/bookings/add-payment";
import { newId, queueChange } from "../frame/queue-change";
import { showAdminError } from "../../../lib/toast";
import { parsePaymentAmount, paymentAmountProblem } from "../frame/payment-rules";
import { useSubmitOnce } from "../frame/use-submit-once";

export type PaymentTarget = {
  id: string;
  customerName: string;
  carName: string;
  total: string;
  balance: string;
};

type AddPaymentDialogProps = {
  target: PaymentTarget | null;
  onClose: () => void;
};

export const PAYMENT_AMOUNT_LABEL = "Payment Amount";
export const PAYMENT_KIND_LABEL = "Payment Kind";

/** Release-2 §E2: the kinds the admin records, a native select like the status list. */
const KIND_OPTIONS = PAYMENT_KINDS.map((kind) => ({
  value: kind,
  label: kind === "rental" ? "Rental payment" : PAYMENT_KIND_LABELS[kind],
}));

function isPaymentKind(value: string): value is PaymentKind {
  return PAYMENT_KINDS.some((kind) => kind === value);
}

/**
 * The small 'Add Payment' dialog (spec §5 "Add payment"): an amount that does
 * not parse as a number is ignored, nothing is sent. Zero, negative or more
 * than the balance would be refused by the server: it says so here instead.
 * Release-2 §E2: the kind (rental by default) says what the payment is for; a
 * deposit is not held against the balance, a refund not above the deposit held.
 */
export function AddPaymentDialog({ target, onClose }: AddPaymentDialogProps) {
  const [amount, setAmount] = useState("");
  const [kind, setKind] = useState<PaymentKind>("rental");
  const [problem, setProblem] = useState<string | null>(null);
  const payments = usePayments(target?.id);

  const close = () => {
    setAmount("");
    setKind("rental");
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!target) return;
    const parsed = parsePaymentAmount(amount);
    if (parsed === null) return;
    const limit =
      kind === "rental" ? target.balance : kind === "deposit-refund" ? depositHeld(payments ?? []) : null;
    const refusal = paymentAmountProblem(parsed, limit);
    if (refusal) {
      setProblem(refusal);
      showAdminError(refusal);
      return;
    }
    // The ledger's date is when it was recorded here, also when it reaches the server later.
    const queued = await queueChange(addPayment, {
      bookingId: target.id,
      id: newId(),
      amount: parsed,
      kind,
      recordedAt: new Date().toISOString(),
    });
    if (queued) close();
  };
  // A double tap on a slow tablet must not queue the payment twice.
  const { onSubmit, submitting } = useSubmitOnce(submit);

  return (
    <DialogModal opened={target !== null} onClose={close} title="Add Payment" centered size="sm">
      {target ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {target.customerName} · {target.carName}
              <br />
              Total {formatPeso(target.total)} · Balance {formatPeso(target.balance)}
            </Text>
            <NativeSelect
              label={PAYMENT_KIND_LABEL}
              data={KIND_OPTIONS}
              value={kind}
              size="md"
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isPaymentKind(value)) setKind(value);
                setProblem(null);
              }}
            />
            <TextInput
              label={PAYMENT_AMOUNT_LABEL}
              inputMode="decimal"
              size="md"
              placeholder="0.00"
              leftSection="₱"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setProblem(null);
              }}
              error={problem}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="md" mih={44} onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="md" mih={44} loading={submitting}>
                Add Payment
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </DialogModal>
  );
}
