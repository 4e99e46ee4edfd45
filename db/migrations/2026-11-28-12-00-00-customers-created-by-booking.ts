import type { Knex } from "knex";

/**
 * Release 2 A3: a customer's documents are those of the booking that made the
 * record, never those of a later booking made with the same e-mail (maybe by a
 * stranger). Until now the admin saw the customer's first booking's documents,
 * which for a customer the admin had entered by hand (no booking yet) was the
 * first public booking anyone made with that e-mail. The booking that created
 * the record is now written down when it does: `created_by_booking_id` (no
 * foreign key: the customer is inserted, in the same statement, before its
 * booking).
 *
 * Existing customers: the first booking made within a minute of the record
 * (the same request created both) is taken as the one that made it; a
 * customer whose first booking came later was entered otherwise and keeps no
 * booking's documents.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table customers add column if not exists created_by_booking_id uuid");
  await knex.raw(`
    update customers c
       set created_by_booking_id = first.id
      from (select distinct on (customer_id) customer_id, id, created_at
              from bookings
             order by customer_id, created_at, id) first
     where first.customer_id = c.id
       and c.created_by_booking_id is null
       and abs(extract(epoch from (first.created_at - c.created_at))) < 60`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("alter table customers drop column if exists created_by_booking_id");
}
