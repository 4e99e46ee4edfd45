import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { CONTACT_MESSAGES_PER_PAGE, type ContactMessageRecord } from "@car-rental/shared/schemas/contact";
import { adminApi as api } from "../../../data/admin-api";
import { describeError } from "../../../data/api-client";
import { useOnline } from "../../../lib/use-online";
import { LoadingList } from "../frame/loading-list";
import { ContactMessageCard } from "./contact-message-card";

export const MESSAGES_OFFLINE = "Messages are shown when online.";
export const MESSAGES_FAILED = "Messages could not be loaded. Try again.";

type Loaded = { items: ContactMessageRecord[]; more: boolean };

/**
 * `/admin/messages` (release 2 §D4: a contact message's notification opens
 * it): the messages visitors sent from the home page, newest first, read from
 * the server a page at a time. They are not part of the tablet's copy: the
 * shop also receives each one by e-mail, and offline the screen says so.
 */
export function MessagesScreen() {
  const online = useOnline();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((offset: number) => {
    setLoading(true);
    setError(null);
    api
      .call("listContactMessages", { query: { limit: CONTACT_MESSAGES_PER_PAGE, offset } })
      .then((items) =>
        setLoaded((before) => ({
          items: [...(offset > 0 && before ? before.items : []), ...items],
          more: items.length === CONTACT_MESSAGES_PER_PAGE,
        })),
      )
      .catch((failure: unknown) => setError(describeError(failure, MESSAGES_FAILED)))
      .finally(() => setLoading(false));
  }, []);

  // The first page whenever the screen opens online (and again when the connection returns).
  useEffect(() => {
    if (online) load(0);
  }, [online, load]);

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Messages sent with the contact form, newest first. Each one is also e-mailed to the shop.
      </Text>
      {!online && loaded === null ? (
        <Alert color="gray" variant="light">
          {MESSAGES_OFFLINE}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" title="Messages">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error}</Text>
            <Button variant="light" size="xs" onClick={() => load(loaded?.items.length ?? 0)}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {loaded === null ? (
        online && !error ? (
          <LoadingList />
        ) : null
      ) : loaded.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No messages yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {loaded.items.map((message) => (
            <ContactMessageCard key={message.id} message={message} linked />
          ))}
          {loaded.more ? (
            <Button
              variant="default"
              mih={44}
              loading={loading}
              disabled={!online}
              onClick={() => load(loaded.items.length)}
              style={{ alignSelf: "center" }}
            >
              Show More Messages
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
