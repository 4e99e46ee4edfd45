/** The blocklist checks of bookings and of `GET /api/blocked-names/check` (release-2 §E3). */
import type { Knex } from "knex";
import { blockKey, type BlockKind } from "@car-rental/shared/blocklist-keys";

/** Whether any of `values` (kind and what was typed) matches a live blocklist entry, each normalised (`blockKey`). */
async function matchesBlocklist(
  db: Knex,
  values: readonly { kind: BlockKind; value: string | null | undefined }[],
): Promise<boolean> {
  const keys = values.flatMap(({ kind, value }) => {
    const key = value ? blockKey(kind, value) : null;
    return key === null ? [] : [[kind, key] as const];
  });
  if (keys.length === 0) return false;
  const row: { id: string } | undefined = await db("blocked_names")
    .select("id")
    .whereNull("deleted_at")
    .where((match) => {
      for (const [kind, key] of keys) match.orWhere({ kind, match_key: key });
    })
    .first();
  return row !== undefined;
}

/** Whether a name is on the blocklist (trimmed, case-insensitive, inner spaces collapsed). */
export function isNameBlocked(db: Knex, name: string): Promise<boolean> {
  return matchesBlocklist(db, [{ kind: "name", value: name }]);
}

/** Release-2 §E3: whether the booking's name, e-mail, phone or licence matches any blocklist entry. */
export function isCustomerBlocked(
  db: Knex,
  customer: { fullName: string; email: string; phone: string; license?: string | null },
): Promise<boolean> {
  return matchesBlocklist(db, [
    { kind: "name", value: customer.fullName },
    { kind: "email", value: customer.email },
    { kind: "phone", value: customer.phone },
    { kind: "license", value: customer.license },
  ]);
}
