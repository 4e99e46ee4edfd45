import { Alert, Button, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useId, useState, type FormEvent } from "react";
import { useOutboxCounts } from "../../../data/use-outbox";
import { signIn } from "./use-admin-session";

export const PASSWORD_LABEL = "Admin Password";
export const ENTER_LABEL = "Access Admin Panel";

/**
 * The password gate (spec §2, §5 "Admin password", §8 "Admin access"). The
 * password goes to the server; nothing about it is in the bundle.
 */
export function AdminGate({ sessionExpired }: { sessionExpired: boolean }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const counts = useOutboxCounts();
  const titleId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === "" || busy) return;
    setBusy(true);
    const result = await signIn(password);
    setBusy(false);
    if (!result.ok) setError(result.message);
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      maw={460}
      mx="auto"
      p={{ base: "lg", sm: "xl" }}
      withBorder
      radius="lg"
      shadow="sm"
    >
      <Stack gap="md">
        <Stack gap={4} align="center" ta="center">
          <IconLock size={36} stroke={1.6} aria-hidden />
          <Title order={2} id={titleId} fz={26}>
            Admin Access
          </Title>
          <Text c="dimmed">
            Enter the admin password to manage the fleet, bookings, customers and blocked names.
          </Text>
        </Stack>
        {sessionExpired ? (
          <Alert color="yellow" title="Please sign in again">
            Your admin session has ended.
            {counts.total > 0
              ? ` ${counts.total} saved ${counts.total === 1 ? "change is" : "changes are"} kept and will be sent once you sign in.`
              : " Nothing you saved is lost."}
          </Alert>
        ) : null}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <TextInput
              type="password"
              label={PASSWORD_LABEL}
              autoComplete="current-password"
              size="md"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Button type="submit" size="md" mih={44} fullWidth disabled={password === ""} loading={busy}>
              {ENTER_LABEL}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
