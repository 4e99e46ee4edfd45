import type { Knex } from "knex";

/**
 * Bookings and customers no longer send `NOTIFY table_changes` (issue #17).
 * A transaction that notified takes PostgreSQL's one notification-queue lock
 * at commit and holds it through its WAL flush: every public booking (it
 * writes both tables) committed one after another, on the whole server, while
 * its other work ran side by side. No process caches customers; the booked
 * dates, the one cached read of bookings, now keep an answer at most half a
 * second (BOOKED_DATES_MAX_AGE_MS), so another process's booking shows there
 * within a second without a notification. The other tables keep theirs.
 */
const TABLES = ["bookings", "customers"] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`drop trigger if exists ${table}_changes on ${table}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(
      `create trigger ${table}_changes after insert or update or delete or truncate on ${table}
         for each statement execute function notify_table_change()`,
    );
  }
}
