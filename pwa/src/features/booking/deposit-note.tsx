import { Text } from "@mantine/core";
import { DEPOSIT_LABEL, DEPOSIT_NOTE, depositAmount } from "@car-rental/shared/deposit";

/**
 * Release-2 §E2: the security deposit on a line of its own, under the pricing
 * summary and never in its total. Nothing when there is none.
 */
export function DepositNote({ deposit }: { deposit: string | null | undefined }) {
  const amount = depositAmount(deposit);
  if (!amount) return null;
  return (
    <Text size="sm" mt="sm" data-testid="deposit-note">
      <strong>
        {DEPOSIT_LABEL}: <span data-testid="deposit-amount">{amount}</span>
      </strong>{" "}
      <Text span size="sm" c="dimmed">
        {DEPOSIT_NOTE}
      </Text>
    </Text>
  );
}
