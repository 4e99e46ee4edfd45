/**
 * The `entity:id` keys of the rows an outbox entry is about: the outbox's
 * multi-entry index (`rowKeys`), the order rule and the pull all use them.
 * A module of its own so `db.ts` (whose upgrade fills the index) and
 * `outbox.ts` do not import each other (issue #19).
 */
import type { OutboxEntry } from "./db";

/** `entity:id` of every row an outbox entry is about (see `StoredOutboxEntry.rowKeys`). */
export function outboxRowKeys(entry: Pick<OutboxEntry, "entity" | "entityId" | "related">): string[] {
  const keys = entry.entity === "contact" ? [] : [`${entry.entity}:${entry.entityId}`];
  for (const link of entry.related) keys.push(`${link.entity}:${link.id}`);
  return keys;
}
