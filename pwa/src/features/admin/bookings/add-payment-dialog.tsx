import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { formatPeso } from "@car-rental/shared/money";
import { addPayment } from "../../../data/mutations/bookings/add-payment";
import { newId, queueChange } from "../frame/queue-change";
import { showAdminError } from "../../../lib/toast";
import { parsePaymentAmount, paymentAmountProblem } from "../frame/payment-rules";

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

/**
 * The small 'Add Payment' dialog (spec §5 "Add payment"): an amount that does
 * not parse as a number is ignored, nothing is sent. Zero, negative or more
 * than the balance would be refused by the server: it says so here instead.
 */
export function AddPaymentDialog({ target, onClose }: AddPaymentDialogProps) {
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setAmount("");
    setProblem(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    const parsed = parsePaymentAmount(amount);
    if (parsed === null) return;
    const refusal = paymentAmountProblem(parsed, target.balance);
    if (refusal) {
      setProblem(refusal);
      showAdminError(refusal);
      return;
    }
    const queued = await queueChange(addPayment, { bookingId: target.id, id: newId(), amount: parsed });
    if (queued) close();
  };

  return (
    <Modal opened={target !== null} onClose={close} title="Add Payment" centered size="sm">
      {target ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {target.customerName} · {target.carName}
              <br />
              Total {formatPeso(target.total)} · Balance {formatPeso(target.balance)}
            </Text>
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
              <Button type="submit" size="md" mih={44}>
                Add Payment
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
