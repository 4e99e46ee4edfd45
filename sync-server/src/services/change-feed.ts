import type { Database } from "@car-rental/db";
import type { Logger } from "pino";

/** The channel the `notify_table_change` trigger (migration 2026-11-25-12-00-00) notifies on. */
export const TABLE_CHANGES_CHANNEL = "table_changes";

export type ChangeFeed = {
  /**
   * Calls `listener` after a committed write to any of `tables`, made by any
   * process on the database, and whenever changes may have been missed (the
   * listening connection came back). Returns a function that unsubscribes.
   */
  onChange(tables: readonly string[], listener: () => void): () => void;
  /** Resolves once the feed listens (writes committed before may not be reported). */
  readonly ready: Promise<void>;
};

const feeds = new WeakMap<Database, ChangeFeed>();

/**
 * "Table X changed", for in-memory caches that must not outlive a change made
 * through another process. One feed (one LISTEN) per database handle: on
 * PostgreSQL a dedicated connection hears every process's commits; on the
 * embedded PGlite (one process) the session hears its own.
 */
export function changeFeed(db: Database, logger: Pick<Logger, "warn">): ChangeFeed {
  const existing = feeds.get(db);
  if (existing) return existing;
  const subscribers = new Set<{ tables: ReadonlySet<string>; listener: () => void }>();
  const notify = (table: string | null) => {
    for (const subscriber of subscribers) {
      if (table === null || subscriber.tables.has(table)) subscriber.listener();
    }
  };
  const ready = db
    .listen(TABLE_CHANGES_CHANNEL, notify)
    .then(() => undefined)
    .catch((err: unknown) => logger.warn({ err }, "cannot listen for table changes"));
  const feed: ChangeFeed = {
    ready,
    onChange(tables, listener) {
      const subscriber = { tables: new Set(tables), listener };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
  feeds.set(db, feed);
  return feed;
}
