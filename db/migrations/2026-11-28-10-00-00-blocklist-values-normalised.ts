import type { Knex } from "knex";

/**
 * Release-2 §E3: blocklist values are normalised. Entries of kind e-mail,
 * phone or licence stored before kept what the admin typed: their value
 * becomes their comparison key (`match_key`, already normalised). The update
 * bumps each row's version (the touch trigger), so the admin tablets' mirrors
 * receive the normalised value with their next sync. Names keep what was
 * typed, as in release 1.
 */
export async function up(knex: Knex): Promise<void> {
  const typed = "kind <> 'name' and (value <> match_key or full_name <> match_key)";
  // Only when there is something to rewrite: an update, even of no row, notifies the change feed.
  const found = await knex.raw<{ rows: unknown[] }>(`select 1 from blocked_names where ${typed} limit 1`);
  if (found.rows.length === 0) return;
  await knex.raw(`update blocked_names set value = match_key, full_name = match_key where ${typed}`);
}

/** The typed values are not kept anywhere else: the normalised ones stay. */
export async function down(): Promise<void> {}
