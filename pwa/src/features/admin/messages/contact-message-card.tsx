import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { NO_CONTACT_SUBJECT } from "@car-rental/shared/messages";
import type { ContactMessageRecord } from "@car-rental/shared/schemas/contact";
import { RouterAnchor } from "../../../lib/router-anchor";
import { messagePath } from "../frame/admin-paths";
import { longDateOfInstant } from "../frame/display";

const timeOfDay = new Intl.DateTimeFormat("en-PH", {
  timeZone: "Asia/Manila",
  hour: "numeric",
  minute: "2-digit",
});

/** When a message arrived, on the shop's clock: "November 21, 2026, 9:30 AM". */
export function receivedAt(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? "—" : `${longDateOfInstant(instant)}, ${timeOfDay.format(date)}`;
}

export function senderName(message: ContactMessageRecord): string {
  return `${message.firstName} ${message.lastName}`;
}

/** A reply by e-mail, with the topic (or "Your message") as its subject. */
export function replyHref(message: ContactMessageRecord): string {
  const subject = `Re: ${message.subject ?? "Your message"}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}

/**
 * One contact message: who sent it, how to answer (e-mail, phone), the topic
 * and the text. In the list the sender's name links to the message's page.
 */
export function ContactMessageCard({ message, linked }: { message: ContactMessageRecord; linked: boolean }) {
  const name = senderName(message);
  return (
    <Card component="article" aria-label={`Message from ${name}`} padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 220px" }}>
            {linked ? (
              <RouterAnchor href={messagePath(message.id)} fw={700}>
                {name}
              </RouterAnchor>
            ) : (
              <Text fw={700}>{name}</Text>
            )}
            <Text size="xs" c="dimmed">
              {receivedAt(message.createdAt)}
            </Text>
          </Stack>
          <Badge variant="light" color={message.subject ? "brand" : "gray"}>
            {message.subject ?? NO_CONTACT_SUBJECT}
          </Badge>
        </Group>
        <Text
          size="sm"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          lineClamp={linked ? 4 : undefined}
        >
          {message.message}
        </Text>
        <Group gap="md">
          <Anchor href={replyHref(message)} size="sm" style={{ overflowWrap: "anywhere" }}>
            {message.email}
          </Anchor>
          {message.phone ? (
            <Anchor href={`tel:${message.phone}`} size="sm">
              {message.phone}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
