/**
 * For tests: queues an outbox entry as the upgrade to named mutations
 * (`outbox-upgrade.ts`) leaves one the previous version queued: written as
 * `{method, path, body}` with a temporary id, so the server picks the real id
 * and the entries behind it are pointed at it. Same transaction and order
 * bookkeeping as `addToOutbox`, without its input check (a temporary id is
 * not a UUID).
 */
import type { CarRentalDb, OutboxEntity, OutboxEntry } from "./db";
import type { RowLink } from "./mutations/mutation";
import { appendEntry, newId } from "./outbox";
import { mutationOfLegacyEntry } from "./outbox-upgrade";

export type LegacyInput = {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  entity: OutboxEntity;
  entityId: string;
  related?: RowLink[];
  label: string;
  apply?: (db: CarRentalDb) => Promise<void>;
};

export async function addLegacyEntry(db: CarRentalDb, input: LegacyInput): Promise<OutboxEntry> {
  const named = mutationOfLegacyEntry(input);
  if (!named) throw new Error(`No mutation sends ${input.method} ${input.path}`);
  return db.transaction("rw", db.tables, async () => {
    if (input.apply) await input.apply(db);
    return appendEntry(db, {
      id: newId(),
      mutation: named.mutation,
      args: named.args,
      entity: input.entity,
      entityId: input.entityId,
      related: input.related ?? [],
      label: input.label,
    });
  });
}
