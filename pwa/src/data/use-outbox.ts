/** Live views of the outbox for the status indicator, the panel and the admin area. */
import { useLiveQuery } from "dexie-react-hooks";
import { db, type OutboxEntry } from "./db";
import { countOutbox, listOutbox, type OutboxCounts } from "./outbox";

const EMPTY_COUNTS: OutboxCounts = { total: 0, pending: 0, sending: 0, failed: 0, needsAuth: 0 };

/** The entries in send order (an empty list while IndexedDB is read). */
export function useOutbox(): OutboxEntry[] {
  return useLiveQuery(() => listOutbox(db), [], []);
}

/** How many changes wait, by state. */
export function useOutboxCounts(): OutboxCounts {
  return useLiveQuery(async () => countOutbox(await db.outbox.toArray()), [], EMPTY_COUNTS);
}
