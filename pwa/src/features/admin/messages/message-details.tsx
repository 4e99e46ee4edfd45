import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { ContactMessageRecord } from "@car-rental/shared/schemas/contact";
import { adminApi as api } from "../../../data/admin-api";
import { ApiError, describeError } from "../../../data/api-client";
import { RouterAnchor } from "../../../lib/router-anchor";
import { useOnline } from "../../../lib/use-online";
import { LoadingList } from "../frame/loading-list";
import { ContactMessageCard, replyHref } from "./contact-message-card";
import { MESSAGES_OFFLINE } from "./messages-screen";

const MESSAGE_FAILED = "The message could not be loaded. Try again.";

type Read =
  | { id: string; message: ContactMessageRecord }
  | { id: string; missing: true }
  | { id: string; error: string };

/** `/admin/messages/$id`, where a contact message's notification lands: the message and how to answer it. */
export function MessageDetails({ id }: { id: string }) {
  const online = useOnline();
  const [read, setRead] = useState<Read | null>(null);
  const [attempt, setAttempt] = useState(0);
  const current = read?.id === id ? read : null;

  useEffect(() => {
    if (!online) return;
    let stale = false;
    api
      .call("getContactMessage", { params: { id } })
      .then((message) => {
        if (!stale) setRead({ id, message });
      })
      .catch((failure: unknown) => {
        if (stale) return;
        if (failure instanceof ApiError && failure.status === 404) setRead({ id, missing: true });
        else setRead({ id, error: describeError(failure, MESSAGE_FAILED) });
      });
    return () => {
      stale = true;
    };
  }, [id, online, attempt]);

  const back = <RouterAnchor href="/admin/messages">Back to messages</RouterAnchor>;
  if (current === null) {
    return online ? (
      <LoadingList rows={1} />
    ) : (
      <Stack gap="xs" py="xl" align="center">
        <Text c="dimmed">{MESSAGES_OFFLINE}</Text>
        {back}
      </Stack>
    );
  }
  if ("missing" in current) {
    return (
      <Stack gap="xs" py="xl" align="center">
        <Text c="dimmed">This message does not exist.</Text>
        {back}
      </Stack>
    );
  }
  if ("error" in current) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" title="Message">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{current.error}</Text>
            <Button variant="light" size="xs" onClick={() => setAttempt((n) => n + 1)}>
              Try Again
            </Button>
          </Group>
        </Alert>
        {back}
      </Stack>
    );
  }
  const { message } = current;
  return (
    <Stack gap="md">
      {back}
      <ContactMessageCard message={message} linked={false} />
      <Group gap="sm">
        <Button
          component="a"
          href={replyHref(message)}
          mih={44}
          leftSection={<IconMail size={18} aria-hidden />}
        >
          Reply by E-mail
        </Button>
        {message.phone ? (
          <Button
            component="a"
            href={`tel:${message.phone}`}
            variant="light"
            mih={44}
            leftSection={<IconPhone size={18} aria-hidden />}
          >
            Call
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
