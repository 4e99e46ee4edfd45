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
  await knex.raw(
    `update blocked_names set value = match_key, full_name = match_key
      where kind <> 'name' and (value <> match_key or full_name <> match_key)`,
  );
}

/** The typed values are not kept anywhere else: the normalised ones stay. */
export async function down(): Promise<void> {}
