import type { Knex } from "knex";

/**
 * Blocklist by more than a name (release-2 §E3): an entry has a `kind`
 * (`name`, `email`, `phone` or `license`), the `value` the admin typed and a
 * normalised `match_key` that bookings are compared with (see
 * shared/src/blocklist-keys.ts). Rows written before are names: their value is
 * their full name and their match key their name key.
 *
 * `full_name` stays (release 1 clients read it): it holds the value of every
 * kind. `name_key` is no longer written apart from names; one live entry per
 * (kind, match_key) replaces one live entry per name key.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("blocked_names", (t) => {
    t.text("kind").notNullable().defaultTo("name");
    t.text("value");
    t.text("match_key");
  });
  await knex.raw("update blocked_names set value = full_name, match_key = name_key");
  await knex.raw("alter table blocked_names alter column value set not null");
  await knex.raw("alter table blocked_names alter column match_key set not null");
  await knex.raw("alter table blocked_names alter column name_key drop not null");
  await knex.raw(
    `alter table blocked_names add constraint blocked_names_kind_check
       check (kind in ('name', 'email', 'phone', 'license'))`,
  );
  await knex.raw("drop index blocked_names_key_unique");
  await knex.raw(
    `create unique index blocked_names_kind_match_key_unique on blocked_names (kind, match_key)
       where deleted_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index blocked_names_kind_match_key_unique");
  await knex.raw("delete from blocked_names where kind <> 'name'");
  await knex.raw("update blocked_names set name_key = match_key where name_key is null");
  await knex.raw("alter table blocked_names alter column name_key set not null");
  await knex.schema.alterTable("blocked_names", (t) => {
    t.dropChecks(["blocked_names_kind_check"]);
    t.dropColumns("kind", "value", "match_key");
  });
  await knex.raw(
    "create unique index blocked_names_key_unique on blocked_names (name_key) where deleted_at is null",
  );
}
