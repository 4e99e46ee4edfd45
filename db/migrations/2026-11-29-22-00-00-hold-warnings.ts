import type { Knex } from "knex";

/**
 * Release 2 §D4: the owner hears about expiring holds. A pending public
 * booking's owner is told once, shortly before its hold ends, that it will
 * expire unless confirmed (sync-server's booking-expiry.service.ts). A row
 * here is that notice given: claimed in the transaction that queues it, so
 * processes running the job side by side, or a restart, never send it twice.
 * Its booking's deletion takes it along.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists hold_warnings (
      booking_id uuid primary key references bookings (id) on delete cascade,
      warned_at timestamptz not null
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop table if exists hold_warnings");
}
