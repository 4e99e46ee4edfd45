import type { Knex } from "knex";

/**
 * Seasonal rates and length discounts (release-2 §E1).
 *
 * `rate_periods` holds the owner's named periods (`percent` more or less than
 * a car's daily rate on each day from `start_date` to `end_date` inclusive);
 * deletes are tombstones (`deleted_at`) so the admin mirrors learn of them.
 * `length_discounts` holds one discount per rental length (`min_days`),
 * seeded with the release's defaults: 7 days -10 %, 28 days -20 %.
 *
 * A booking stores the lines it was priced with (`price_lines`, a JSON array
 * of `{days, rate, periodName, amount}`) and its length discount
 * (`price_discount`), so its price never follows later changes of the rates.
 * Bookings made before this migration keep `null`: their one line is the
 * stored `total_days × daily_rate = subtotal` (they are not rewritten, so
 * their versions do not change under an admin's queued edit).
 *
 * The values are written here, not imported: a migration records history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("rate_periods", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("name").notNullable();
    t.date("start_date").notNullable();
    t.date("end_date").notNullable();
    t.integer("percent").notNullable();
    t.timestamp("deleted_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger("version").notNullable().defaultTo(1);
    t.specificType("sync_xid", "xid8").notNullable().defaultTo(knex.raw("pg_current_xact_id()"));
    t.check("end_date >= start_date", [], "rate_periods_end_not_before_start");
    t.check("percent between -90 and 300", [], "rate_periods_percent_range");
    t.index(["sync_xid"]);
  });
  await knex.raw(
    "create trigger rate_periods_touch before update on rate_periods for each row execute function touch_row()",
  );
  await knex.raw(
    `create trigger rate_periods_changes after insert or update or delete or truncate on rate_periods
       for each statement execute function notify_table_change()`,
  );

  await knex.schema.createTable("length_discounts", (t) => {
    t.integer("min_days").primary();
    t.integer("percent_off").notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("min_days between 2 and 365", [], "length_discounts_min_days_range");
    t.check("percent_off between 1 and 90", [], "length_discounts_percent_off_range");
  });
  await knex.raw(
    `create trigger length_discounts_changes after insert or update or delete or truncate on length_discounts
       for each statement execute function notify_table_change()`,
  );
  await knex("length_discounts").insert([
    { min_days: 7, percent_off: 10 },
    { min_days: 28, percent_off: 20 },
  ]);

  await knex.schema.alterTable("bookings", (t) => {
    t.jsonb("price_lines");
    t.jsonb("price_discount");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("bookings", (t) => {
    t.dropColumn("price_lines");
    t.dropColumn("price_discount");
  });
  await knex.schema.dropTableIfExists("length_discounts");
  await knex.schema.dropTableIfExists("rate_periods");
}
