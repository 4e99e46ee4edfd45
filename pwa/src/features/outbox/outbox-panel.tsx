import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Input.css";
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCloudCheck, IconLock } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { formatBookedOn } from "@car-rental/shared/dates";
import type { OutboxEntry, OutboxState } from "../../data/db";
import { editableKeys } from "../../data/mutations/mutation";
import { mutationNamed } from "../../data/mutations/registry";
import { isHeldBack, mayHaveReachedServer } from "../../data/outbox";
import { discard as discardEntry, edit as editEntry, retry as retryEntry } from "../../data/sync-engine";
import { useOutbox } from "../../data/use-outbox";

export const stateLabels: Record<OutboxState, string> = {
  pending: "Waiting",
  sending: "Sending…",
  failed: "Not accepted",
  needs_auth: "Sign-in needed",
};

const stateColors: Record<OutboxState, string> = {
  pending: "yellow",
  sending: "blue",
  failed: "red",
  needs_auth: "orange",
};

type FlatValue = string | number | boolean | null;
type FlatBody = Record<string, FlatValue>;

/** A body the panel can edit field by field: a flat object of plain values. */
function flatBody(body: unknown): FlatBody | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const flat: FlatBody = {};
  for (const [key, value] of Object.entries(body)) {
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      flat[key] = value;
    } else {
      return null;
    }
  }
  return Object.keys(flat).length > 0 ? flat : null;
}

/** The arguments of an entry the panel offers for editing (never the record's identity), or null. */
function editableArgs(entry: OutboxEntry): FlatBody | null {
  const mutation = mutationNamed(entry.mutation);
  if (!mutation) return null;
  return flatBody(
    Object.fromEntries(editableKeys(mutation, entry.args).map((key) => [key, entry.args[key]])),
  );
}

/** 'fullName' → 'Full name'. */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Parses an edited text back to the type the field had (a number stays a number; blank null stays null). */
function typedValue(original: FlatValue, text: string): FlatValue {
  if (typeof original === "number") {
    const parsed = Number(text);
    return text.trim() !== "" && Number.isFinite(parsed) ? parsed : text;
  }
  if (original === null && text.trim() === "") return null;
  return text;
}

/** How long a shown value may be: a picture's data or a long note is cut, the rest stays readable. */
const SHOWN_VALUE_CHARS = 160;

/** A value of a change as the review list shows it: text as typed, anything else as JSON, cut when long. */
function shownValue(value: unknown): string {
  if (value === null || value === "") return "(none)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS - 1)}…` : text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a record the change makes or touches: its label names the record, the owner never reads ids. */
function isRecordId(key: string, value: unknown): boolean {
  return (key === "id" || key.endsWith("Id")) && typeof value === "string" && UUID.test(value);
}

/**
 * What a change not accepted (or moved to review for its age, release 2 A5) would send, field by
 * field as it was made: its original content, to decide whether to retry, edit or discard it.
 */
function ChangeContent({ args }: { args: Record<string, unknown> }) {
  const fields = Object.entries(args).filter(
    ([key, value]) => value !== undefined && !isRecordId(key, value),
  );
  if (fields.length === 0) return null;
  return (
    <dl aria-label="The change" style={{ margin: 0, fontSize: "var(--mantine-font-size-xs)" }}>
      {fields.map(([key, value]) => (
        <div key={key} style={{ display: "flex", gap: 6, flexWrap: "wrap" }}>
          <dt style={{ fontWeight: 600 }}>{`${fieldLabel(key)}:`}</dt>
          <dd style={{ margin: 0, overflowWrap: "anywhere" }}>{shownValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export type OutboxActions = {
  retry: (id: string) => Promise<void>;
  discard: (id: string) => Promise<void>;
  edit: (id: string, changes: FlatBody) => Promise<unknown>;
};

const defaultActions: OutboxActions = { retry: retryEntry, discard: discardEntry, edit: editEntry };

function EntryEditor({
  entry,
  body,
  onDone,
  actions,
}: {
  entry: OutboxEntry;
  body: FlatBody;
  onDone: () => void;
  actions: OutboxActions;
}) {
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        typeof value === "boolean" ? value : (value ?? "").toString(),
      ]),
    ),
  );
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    const next: FlatBody = {};
    for (const [key, original] of Object.entries(body)) {
      const value = values[key];
      next[key] = typeof value === "boolean" ? value : typedValue(original, value ?? "");
    }
    try {
      await actions.edit(entry.id, next);
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-label={`Edit ${entry.label}`}>
      <Stack gap="xs">
        {Object.entries(body).map(([key, original]) =>
          typeof original === "boolean" ? (
            <Checkbox
              key={key}
              label={fieldLabel(key)}
              checked={values[key] === true}
              onChange={(event) =>
                setValues((current) => ({ ...current, [key]: event.currentTarget.checked }))
              }
            />
          ) : (
            <TextInput
              key={key}
              label={fieldLabel(key)}
              value={String(values[key] ?? "")}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setValues((current) => ({ ...current, [key]: text }));
              }}
            />
          ),
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={saving}>
            Save and send
          </Button>
          <Button size="xs" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EntryCard({
  entry,
  heldBack,
  actions,
}: {
  entry: OutboxEntry;
  heldBack: boolean;
  actions: OutboxActions;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const editable = entry.state !== "sending" ? editableArgs(entry) : null;
  const canRetry = entry.state === "failed" || (entry.state === "pending" && entry.attempts > 0);
  const created = new Date(entry.createdAt);

  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={entry.label}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} size="sm">
            {entry.label}
          </Text>
          <Badge color={stateColors[entry.state]} variant="light" style={{ flexShrink: 0 }}>
            {stateLabels[entry.state]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {/* Manila time, as everywhere in the app, whatever the device's zone (decisions.md). */}
          {`Made ${formatBookedOn(created)}`}
          {entry.attempts > 0 ? ` · ${entry.attempts} ${entry.attempts === 1 ? "attempt" : "attempts"}` : ""}
        </Text>
        {entry.state === "failed" && entry.lastError && (
          <Text size="sm" c="red" role="alert">
            {entry.lastError}
          </Text>
        )}
        {entry.state === "failed" && !editing && <ChangeContent args={entry.args} />}
        {entry.state === "pending" && entry.lastError && (
          <Text size="xs" c="dimmed">{`Last try: ${entry.lastError}`}</Text>
        )}
        {heldBack && (
          <Text size="xs" c="dimmed">
            Waits for the change above that was not accepted.
          </Text>
        )}
        {editing && editable ? (
          <EntryEditor entry={entry} body={editable} actions={actions} onDone={() => setEditing(false)} />
        ) : confirmDiscard ? (
          <Group gap="xs">
            <Text size="sm">Discard this change?</Text>
            {mayHaveReachedServer(entry) && (
              <Text size="sm" c="orange.9" role="alert">
                It may already have reached the server: discarding it here does not undo it there. After the
                next sync, check the record before making this change again.
              </Text>
            )}
            <Button size="xs" color="red" onClick={() => void actions.discard(entry.id)}>
              Yes, discard
            </Button>
            <Button size="xs" variant="default" onClick={() => setConfirmDiscard(false)}>
              Keep
            </Button>
          </Group>
        ) : (
          entry.state !== "sending" && (
            <Group gap="xs">
              {canRetry && (
                <Button size="xs" variant="light" onClick={() => void actions.retry(entry.id)}>
                  Retry
                </Button>
              )}
              {editable && entry.state === "failed" && (
                <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDiscard(true)}>
                Discard
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The changes waiting for the server, in the order they will be sent, with
 * what went wrong and how to resolve it (retry, edit, discard).
 */
export function OutboxPanel({ actions = defaultActions }: { actions?: OutboxActions }) {
  const entries = useOutbox();
  const needsAuth = entries.some((entry) => entry.state === "needs_auth");

  if (entries.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <IconCloudCheck size={36} aria-hidden />
        <Text>Everything is saved. No changes are waiting.</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {needsAuth && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} aria-hidden />}
          title="Sign in to send your changes"
        >
          The admin session has ended. <Anchor href="/admin">Sign in again</Anchor> and the waiting changes
          are sent; nothing is lost.
        </Alert>
      )}
      {entries.some((entry) => entry.state === "failed") && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          The server did not accept some changes. Retry, edit or discard them.
        </Alert>
      )}
      <Stack
        gap="sm"
        component="ol"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
        aria-label="Waiting changes"
      >
        {entries.map((entry) => (
          <EntryCard key={entry.id} entry={entry} heldBack={isHeldBack(entries, entry)} actions={actions} />
        ))}
      </Stack>
    </Stack>
  );
}
