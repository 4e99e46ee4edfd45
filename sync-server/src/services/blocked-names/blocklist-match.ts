/** The blocklist checks of bookings and of `GET /api/blocked-names/check` (release-2 §E3). */
import type { Knex } from "knex";
import { blockKey, type BlockKind } from "@car-rental/shared/blocklist-keys";

type BlocklistValue = { kind: BlockKind; value: string | null | undefined };

/**
 * A boolean SQL expression: whether any of `values` (kind and what was typed)
 * matches a live blocklist entry, each normalised (`blockKey`). Served by the
 * unique index on (kind, match_key) of live entries.
 */
export function blocklistMatchSql(values: readonly BlocklistValue[]): { sql: string; bindings: string[] } {
  const keys = values.flatMap(({ kind, value }) => {
    const key = value ? blockKey(kind, value) : null;
    return key === null ? [] : [[kind, key] as const];
  });
  if (keys.length === 0) return { sql: "false", bindings: [] };
  return {
    sql: `exists (select 1 from blocked_names
                   where deleted_at is null and (${keys.map(() => "(kind = ? and match_key = ?)").join(" or ")}))`,
    bindings: keys.flat(),
  };
}

async function matchesBlocklist(db: Knex, values: readonly BlocklistValue[]): Promise<boolean> {
  const match = blocklistMatchSql(values);
  if (match.bindings.length === 0) return false;
  const result = await db.raw<{ rows: { blocked: boolean }[] }>(
    `select ${match.sql} as blocked`,
    match.bindings,
  );
  return result.rows[0]?.blocked === true;
}

/** Whether a name is on the blocklist (trimmed, case-insensitive, inner spaces collapsed). */
export function isNameBlocked(db: Knex, name: string): Promise<boolean> {
  return matchesBlocklist(db, [{ kind: "name", value: name }]);
}

/**
 * Release-2 §E3: whether the booking's name, e-mail, phone or licence matches
 * any blocklist entry, as a boolean SQL expression (the booking's checks read
 * it with the rest, in one statement).
 */
export function customerBlockedSql(customer: BookingCustomer): { sql: string; bindings: string[] } {
  return blocklistMatchSql(customerValues(customer));
}

/** Release-2 §E3: whether the booking's name, e-mail, phone or licence matches any blocklist entry. */
export function isCustomerBlocked(db: Knex, customer: BookingCustomer): Promise<boolean> {
  return matchesBlocklist(db, customerValues(customer));
}

type BookingCustomer = { fullName: string; email: string; phone: string; license?: string | null };

function customerValues(customer: BookingCustomer): BlocklistValue[] {
  return [
    { kind: "name", value: customer.fullName },
    { kind: "email", value: customer.email },
    { kind: "phone", value: customer.phone },
    { kind: "license", value: customer.license },
  ];
}
