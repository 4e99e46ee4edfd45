/**
 * Replaces an optimistic row with what the server answered for its outbox
 * entry (the entry's mutation says how), and points the entries queued
 * behind a creation at the server's id. Runs inside the transaction that
 * removes the entry.
 *
 * No DOM or React imports (used by the service worker).
 */
import type { SyncEntity } from "@car-rental/shared/schemas/sync";
import type { CarRentalDb, OutboxEntry } from "./db";
import type { MutationArgs } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";
import { outboxRowKeys } from "./outbox-row-keys";

/**
 * Stores the server's version of the row an entry changed and returns its
 * id (which differs from `entry.entityId` for a creation whose id the server
 * chose), or null when there is no row (contact messages, deletes, or an
 * answer of another shape).
 */
export async function applyServerAnswer(
  db: CarRentalDb,
  entry: OutboxEntry,
  answer: unknown,
  /** `entity:id` of rows a later entry still changes: their optimistic version stays. */
  waiting: ReadonlySet<string> = new Set(),
): Promise<string | null> {
  const handler = mutationNamed(entry.mutation)?.answer;
  return handler ? handler(db, entry, answer, waiting) : null;
}

/** Replaces every string equal to `from` inside a JSON value. */
function replaceId(value: unknown, from: string, to: string): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => replaceId(item, from, to));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceId(item, from, to)]));
  }
  return value;
}

function replaceIdInArgs(args: MutationArgs, from: string, to: string): MutationArgs {
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, replaceId(value, from, to)]));
}

/**
 * After a creation was accepted under another id than the browser's (an
 * entry queued before the browser chose ids), the entries queued behind it
 * still name the browser's id (e.g. an edit of a car added offline): point
 * their arguments and bookkeeping at the server's id instead. Entries name
 * the rows they depend on in `entityId` or `related` (the order rule relies
 * on that too), so the `rowKeys` index finds them without reading the outbox.
 */
export async function remapTemporaryId(
  db: CarRentalDb,
  entity: SyncEntity,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  const entries = await db.outbox.where("rowKeys").equals(`${entity}:${from}`).toArray();
  for (const entry of entries) {
    const related = entry.related.map((link) => (link.id === from ? { ...link, id: to } : link));
    const entityId = entry.entityId === from ? to : entry.entityId;
    await db.outbox.update(entry.id, {
      args: replaceIdInArgs(entry.args, from, to),
      entityId,
      related,
      rowKeys: outboxRowKeys({ entity: entry.entity, entityId, related }),
    });
  }
}
