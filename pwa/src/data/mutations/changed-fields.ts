/**
 * An edit of a record sends only the fields the owner changed: the server's
 * PUT changes the fields it is sent (sync-server `parseChanges`). Sent whole,
 * an edit made offline would, once delivered, put back what another device
 * changed meanwhile in fields this edit never touched: a car taken out of
 * service bookable again, a customer's new address gone (a lost update).
 *
 * The names travel with the change as its `changed` argument; an entry
 * queued before there was one sends every field, as it always did.
 */
import * as z from "zod";
import type { MutationArgs } from "./mutation";

/** The `changed` argument: the names of the fields to send; absent means every field. */
export const changedFieldsSchema = z.array(z.string()).optional();

/** The fields of `after` whose value is not the one in `before`. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  const was = new Map(Object.entries(before));
  return Object.entries(after)
    .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(was.get(key)))
    .map(([key]) => key);
}

/** The request of an edit `PUT …/:id`: the record's id in the path, its changed fields as the body. */
export function changedFieldsRequest(args: MutationArgs): { params: Record<string, string>; body: unknown } {
  const { id, changed, ...fields } = args;
  const names = Array.isArray(changed) ? new Set(changed) : null;
  const body = names ? Object.fromEntries(Object.entries(fields).filter(([key]) => names.has(key))) : fields;
  return { params: { id: String(id) }, body };
}

/**
 * The `changed` of an entry whose fields the outbox panel edited: the fields
 * edited there are sent too. Unchanged when the entry sends every field.
 */
export function withEditedFields(before: MutationArgs, after: MutationArgs): MutationArgs {
  if (!Array.isArray(before.changed)) return after;
  const edited = changedFields(before, after).filter((key) => key !== "changed");
  const changed = [...new Set([...before.changed.map(String), ...edited])];
  return { ...after, changed };
}
