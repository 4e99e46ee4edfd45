/**
 * Live views of the outbox for the status indicator, the panel and the admin
 * area. They share one live query (not one per component), and follow a
 * drain at most a few times a second (see throttled-live-query.ts).
 */
import { useMemo, useSyncExternalStore } from "react";
import { db, type OutboxEntry } from "./db";
import { countOutbox, listOutbox, type OutboxCounts } from "./outbox";
import { subscribeThrottled } from "./throttled-live-query";

const NO_ENTRIES: OutboxEntry[] = [];

/** The outbox in send order, read once for every component that shows it. */
const outboxView = {
  entries: NO_ENTRIES,
  listeners: new Set<() => void>(),
  stop: null as (() => void) | null,

  subscribe(listener: () => void): () => void {
    outboxView.listeners.add(listener);
    outboxView.stop ??= subscribeThrottled(
      { db, tables: [db.outbox.name] },
      () => listOutbox(db),
      (entries) => {
        outboxView.entries = entries;
        for (const notify of outboxView.listeners) notify();
      },
    );
    return () => {
      outboxView.listeners.delete(listener);
      if (outboxView.listeners.size > 0) return;
      outboxView.stop?.();
      outboxView.stop = null;
      // Not followed any more: the next component reads it afresh.
      outboxView.entries = NO_ENTRIES;
    };
  },

  snapshot(): OutboxEntry[] {
    return outboxView.entries;
  },
};

/** The entries in send order (an empty list while IndexedDB is read). */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(outboxView.subscribe, outboxView.snapshot, outboxView.snapshot);
}

/** How many changes wait, by state. */
export function useOutboxCounts(): OutboxCounts {
  const entries = useOutbox();
  return useMemo(() => countOutbox(entries), [entries]);
}
