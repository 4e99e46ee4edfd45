import type { Knex } from "knex";

/**
 * Every committed write to a table a server caches in memory sends
 * `NOTIFY table_changes, '<table>'` (once per statement; PostgreSQL folds
 * duplicates within a transaction and delivers at commit, to every process
 * listening on the database). The server's change feed listens to it and
 * forgets what it cached from that table (release-2 §B3: a change made through
 * one process shows through any other within a second).
 *
 * A table added later whose rows a process caches gets the same trigger:
 *   create trigger <table>_changes after insert or update or delete or truncate
 *     on <table> for each statement execute function notify_table_change()
 */
const CHANNEL = "table_changes";
const TABLES = ["cars", "customers", "bookings", "payments", "blocked_names", "app_settings"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function notify_table_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${CHANNEL}', tg_table_name);
      return null;
    end $$;
  `);
  for (const table of TABLES) {
    await knex.raw(
      `create trigger ${table}_changes after insert or update or delete or truncate on ${table}
         for each statement execute function notify_table_change()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`drop trigger if exists ${table}_changes on ${table}`);
  await knex.raw("drop function if exists notify_table_change()");
}
