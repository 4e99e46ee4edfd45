/**
 * "Waiting to sync" marks: a row changed in the browser shows that its change
 * has not reached the server yet, or that the server refused it (with the
 * server's message; the outbox panel offers retry and discard).
 */
import { Badge, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCloudUpload } from "@tabler/icons-react";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { SyncEntity } from "@car-rental/shared/schemas/sync";
import type { OutboxEntry } from "../../../data/db";
import { useOutbox } from "../../../data/use-outbox";
import classes from "./admin.module.css";

export type SyncMark = { state: "waiting" } | { state: "refused"; message: string };

/** `entity:id` → the mark of the row, from every outbox entry that changed it. */
export function marksFromOutbox(entries: readonly OutboxEntry[]): Map<string, SyncMark> {
  const marks = new Map<string, SyncMark>();
  for (const entry of entries) {
    if (entry.entity === "contact") continue;
    const keys = [
      `${entry.entity}:${entry.entityId}`,
      ...entry.related.map((link) => `${link.entity}:${link.id}`),
    ];
    for (const key of keys) {
      const current = marks.get(key);
      if (entry.state === "failed") {
        if (current?.state !== "refused")
          marks.set(key, { state: "refused", message: entry.lastError ?? "" });
      } else if (!current) {
        marks.set(key, { state: "waiting" });
      }
    }
  }
  return marks;
}

const SyncMarksContext = createContext<Map<string, SyncMark>>(new Map());

/** Reads the outbox once for the whole admin area. */
export function SyncMarksProvider({ children }: { children: ReactNode }) {
  const entries = useOutbox();
  const marks = useMemo(() => marksFromOutbox(entries), [entries]);
  return <SyncMarksContext.Provider value={marks}>{children}</SyncMarksContext.Provider>;
}

/** Every row's mark (for a list that draws many rows, e.g. the Timeline's bars). */
export function useSyncMarks(): Map<string, SyncMark> {
  return useContext(SyncMarksContext);
}

/** The mark of one row; `pending` is the row's own `_pending` flag (set by its optimistic change). */
export function useSyncMark(entity: SyncEntity, id: string, pending?: boolean): SyncMark | null {
  const mark = useContext(SyncMarksContext).get(`${entity}:${id}`);
  if (mark) return mark;
  return pending ? { state: "waiting" } : null;
}

export const WAITING_LABEL = "Waiting to sync";
export const REFUSED_LABEL = "Not saved";

/** The badge of a row with a change the server has not accepted yet (and the server's refusal, if any). */
export function SyncBadge({ entity, id, pending }: { entity: SyncEntity; id: string; pending?: boolean }) {
  const mark = useSyncMark(entity, id, pending);
  if (!mark) return null;
  if (mark.state === "refused") {
    return (
      <Stack gap={2} maw={320}>
        <Badge
          color="red"
          variant="light"
          tt="none"
          className={classes.badge}
          leftSection={<IconAlertTriangle size={14} aria-hidden />}
        >
          {REFUSED_LABEL}
        </Badge>
        {mark.message ? (
          <Text size="xs" c="red" role="status">
            {mark.message}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Badge
      color="yellow"
      variant="light"
      tt="none"
      className={classes.badge}
      leftSection={<IconCloudUpload size={14} aria-hidden />}
    >
      {WAITING_LABEL}
    </Badge>
  );
}
