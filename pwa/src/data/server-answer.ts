/**
 * Replaces an optimistic row with what the server answered for its outbox
 * entry. Runs inside the transaction that removes the entry.
 *
 * No DOM or React imports (used by the service worker).
 */
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { blockedNameSchema } from "@car-rental/shared/schemas/blocked-name";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { paymentResponseSchema } from "@car-rental/shared/schemas/payment";
import type { EntityTable } from "dexie";
import type { SyncEntity } from "@car-rental/shared/schemas/sync";
import type { CarRentalDb, MirrorTableView, OutboxEntry } from "./db";
import { outboxRowKeys } from "./outbox";

/**
 * Stores the server's version of the row an entry changed and returns its
 * id (which differs from `entry.entityId` for a creation made offline with a
 * temporary id), or null when there is no row (contact messages, deletes,
 * or an answer of another shape).
 */
export async function applyServerAnswer(
  db: CarRentalDb,
  entry: OutboxEntry,
  answer: unknown,
  /** `entity:id` of rows a later entry still changes: their optimistic version stays. */
  waiting: ReadonlySet<string> = new Set(),
): Promise<string | null> {
  if (entry.entity === "contact") return null;
  const table = db.mirrorTable(entry.entity);
  const keepLocal = waiting.has(`${entry.entity}:${entry.entityId}`);
  if (entry.method === "DELETE") {
    if (!keepLocal) await table.delete(entry.entityId);
    return null;
  }
  switch (entry.entity) {
    case "cars": {
      const parsed = adminCarSchema.safeParse(answer);
      if (!parsed.success) return null;
      await replaceRow(table, db.adminCars, entry.entityId, parsed.data, keepLocal);
      return parsed.data.id;
    }
    case "bookings": {
      const parsed = bookingViewSchema.safeParse(answer);
      if (!parsed.success) return null;
      await replaceRow(table, db.bookings, entry.entityId, parsed.data, keepLocal);
      return parsed.data.id;
    }
    case "customers": {
      const parsed = customerRecordSchema.safeParse(answer);
      if (!parsed.success) return null;
      await replaceRow(table, db.customers, entry.entityId, parsed.data, keepLocal);
      return parsed.data.id;
    }
    case "blockedNames": {
      const parsed = blockedNameSchema.safeParse(answer);
      if (!parsed.success) return null;
      await replaceRow(table, db.blockedNames, entry.entityId, parsed.data, keepLocal);
      return parsed.data.id;
    }
    case "payments": {
      const parsed = paymentResponseSchema.safeParse(answer);
      if (!parsed.success) return null;
      await replaceRow(table, db.payments, entry.entityId, parsed.data.payment, keepLocal);
      if (!waiting.has(`bookings:${parsed.data.booking.id}`)) await db.bookings.put(parsed.data.booking);
      return parsed.data.payment.id;
    }
  }
}

/**
 * Puts the server's row in place of the optimistic one. When a later entry
 * still changes the row (`keepLocal`), the optimistic version stays, moved to
 * the server's id if the creation used a temporary one.
 */
async function replaceRow<T extends { id: string }>(
  view: MirrorTableView,
  table: EntityTable<T, "id">,
  localId: string,
  row: T,
  keepLocal: boolean,
) {
  if (keepLocal && localId === row.id) return;
  const local = keepLocal ? await table.where("id").equals(localId).first() : undefined;
  if (localId !== row.id) await view.delete(localId);
  await table.put(local ? { ...local, id: row.id } : row);
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

/**
 * After a creation made with a temporary id was accepted, the entries queued
 * behind it still name that id (e.g. an edit of a car added offline): point
 * their path, body and bookkeeping at the server's id instead. Entries name
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
      path: entry.path.split(from).join(to),
      body: replaceId(entry.body, from, to),
      entityId,
      related,
      rowKeys: outboxRowKeys({ entity: entry.entity, entityId, related }),
    });
  }
}
