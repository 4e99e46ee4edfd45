import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Input.css";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconInfoCircle, IconSend } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { CONTACT_TOPICS, contactTopicNotes, type ContactTopic } from "@car-rental/shared/constants";
import { contactToasts } from "@car-rental/shared/messages";
import {
  contactMessageSchema,
  type ContactMessage,
  type ContactMessageBody,
} from "@car-rental/shared/schemas/contact";
import type { ApiClient } from "../../data/api-client";
import type * as SyncEngine from "../../data/sync-engine";
import type { OutboxEntry } from "../../data/db";
import type { EnqueueInput } from "../../data/outbox";
import { newId } from "../../data/new-id";
import { field } from "../../lib/form-field";
import { PlainTextarea } from "../../lib/plain-textarea";
import { showToast } from "../../lib/toast";
import { announceContactDeliveries } from "./contact-delivery-toasts";
import { sendContactMessage } from "./send-contact-message";

/** The form holds the request body as typed (blank phone and subject become null when parsed). */
type ContactFormValues = ContactMessageBody;

const EMPTY: ContactFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  subject: "",
  message: "",
};

/** Spec §5: these four are required; phone and subject are optional. */
const REQUIRED_FIELDS = ["firstName", "lastName", "email", "message"] as const;

function isTopic(value: string): value is ContactTopic {
  return CONTACT_TOPICS.some((topic) => topic === value);
}

export type ContactFormProps = {
  /** Tests inject a client pointed at a test server and their own outbox. */
  api?: ApiClient;
  enqueue?: (input: EnqueueInput) => Promise<OutboxEntry>;
};

let outbox: Promise<typeof SyncEngine> | undefined;

/**
 * The app's outbox and its engine, loaded once the visitor starts writing
 * (the form's first focus), not with the page: a message sent offline on a
 * first visit, before the service worker holds the app's files, could not
 * fetch them at the moment of sending. A failed load is tried again next time.
 */
function loadOutbox(): Promise<typeof SyncEngine> {
  outbox ??= import("../../data/sync-engine").catch((error: unknown) => {
    outbox = undefined;
    throw error;
  });
  return outbox;
}

/** Queues in the app's outbox. */
function enqueueInOutbox(input: EnqueueInput): Promise<OutboxEntry> {
  return loadOutbox().then(({ enqueue }) => enqueue(input));
}

/** Starts loading the outbox ahead of a send that may have to wait (see loadOutbox). */
function prepareOutbox(): void {
  loadOutbox().catch(() => undefined);
}

/**
 * The contact form of spec §2 and §5. Offline (or when the request gets no
 * answer) the message is kept in the outbox and sent once when the
 * connection returns; the form clears either way.
 */
export function ContactForm({ api, enqueue = enqueueInOutbox }: ContactFormProps) {
  const [sending, setSending] = useState(false);
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const form = useForm<ContactFormValues, unknown, ContactMessage>({
    defaultValues: EMPTY,
    resolver: zodResolver(contactMessageSchema),
  });
  const { handleSubmit, reset, control } = form;
  const subject = useWatch({ control, name: "subject" });
  const note = subject ? contactTopicNotes[subject] : undefined;

  // A message queued offline is announced when the server has it.
  useEffect(() => announceContactDeliveries(), []);

  const onValid = async (message: ContactMessage) => {
    setSending(true);
    // The same message sent again after an attempt whose outcome is unknown (its answer lost and
    // the outbox not loaded, on a first visit) goes under that attempt's key: stored once.
    const content = JSON.stringify(message);
    if (attempt.current?.content !== content) attempt.current = { key: newId(), content };
    const { key } = attempt.current;
    try {
      const outcome = await sendContactMessage(
        message,
        {
          ...(api ? { api } : {}),
          enqueue,
          isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
        },
        key,
      );
      // An answer (sent, refused) or the outbox holding it: a next message is a new one.
      attempt.current = null;
      if (outcome.kind === "failed") {
        showToast(contactToasts.failed, "error");
        return;
      }
      reset(EMPTY);
      showToast(
        outcome.kind === "sent" ? contactToasts.sent : contactToasts.queued,
        outcome.kind === "sent" ? "success" : "info",
      );
    } catch (error) {
      console.error("Contact message failed", error);
      showToast(contactToasts.failed, "error");
    } finally {
      setSending(false);
    }
  };

  const onInvalid = (errors: FieldErrors<ContactFormValues>) => {
    const values = form.getValues();
    const missing = REQUIRED_FIELDS.some((field) => values[field].trim() === "");
    if (missing || errors.firstName || errors.lastName || errors.message) {
      showToast(contactToasts.missingFields, "error");
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      onFocus={enqueue === enqueueInOutbox ? prepareOutbox : undefined}
      aria-label="Contact form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            aria-required
            {...field(form, "firstName")}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            aria-required
            {...field(form, "lastName")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            aria-required
            {...field(form, "email")}
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...field(form, "phone")} />
        </SimpleGrid>
        <NativeSelect
          label="Subject"
          data={[
            { value: "", label: "Select a subject" },
            ...CONTACT_TOPICS.map((topic) => ({ value: topic, label: topic })),
          ]}
          {...field(form, "subject", { setValueAs: (value: string) => (isTopic(value) ? value : "") })}
        />
        {note && (
          <Alert
            variant="light"
            color="brand"
            icon={<IconInfoCircle size={18} aria-hidden />}
            role="note"
            title={subject}
          >
            {note}
          </Alert>
        )}
        <PlainTextarea label="Message" aria-required rows={5} {...field(form, "message")} />
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            First name, last name, email and message are required.
          </Text>
          <Button type="submit" loading={sending} leftSection={<IconSend size={18} aria-hidden />}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The contact form in its card, for the home page's #contact section (the
 * section frame gives the heading and the business details sit beside it).
 */
export function ContactSection(props: ContactFormProps) {
  return (
    <Card padding="xl" withBorder>
      <Stack gap="lg">
        <div>
          <Title order={3}>Send Us a Message</Title>
          <Text c="dimmed" size="sm">
            We reply within business hours. Your message is kept and sent later if you are offline.
          </Text>
        </div>
        <ContactForm {...props} />
      </Stack>
    </Card>
  );
}
