import type { Knex } from "knex";

/**
 * The length discounts reach the admin mirror (release-2 §E1).
 *
 * The admin sync answers the whole list as one record, so it needs to know
 * when the list last changed. `length_discount_list` is that record's one row
 * (`singleton` is always true): its `version`, `updated_at` and `sync_xid`
 * follow every statement that changes `length_discounts`, once per
 * transaction (a replacement deletes and inserts: one change), through a
 * trigger, so no writer of the table can forget it.
 *
 * The row is written here with the migration's transaction id: a device whose
 * cursor is older receives the list with its next delta.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("length_discount_list", (t) => {
    t.boolean("singleton").primary().defaultTo(true);
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger("version").notNullable().defaultTo(1);
    t.specificType("sync_xid", "xid8").notNullable().defaultTo(knex.raw("pg_current_xact_id()"));
    t.check("singleton", [], "length_discount_list_one_row");
  });
  await knex.raw(
    "create trigger length_discount_list_touch before update on length_discount_list for each row execute function touch_row()",
  );
  await knex("length_discount_list").insert({ singleton: true });

  // The row's own touch trigger bumps the version and the transaction id; a transaction that already did is skipped.
  await knex.raw(`
    create function touch_length_discount_list() returns trigger language plpgsql as $$
    begin
      update length_discount_list set updated_at = now() where sync_xid <> pg_current_xact_id();
      return null;
    end $$;
  `);
  await knex.raw(
    `create trigger length_discounts_touch_list after insert or update or delete or truncate on length_discounts
       for each statement execute function touch_length_discount_list()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop trigger if exists length_discounts_touch_list on length_discounts");
  await knex.raw("drop function if exists touch_length_discount_list()");
  await knex.schema.dropTableIfExists("length_discount_list");
}
