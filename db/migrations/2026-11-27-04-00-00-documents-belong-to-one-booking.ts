import type { Knex } from "knex";

/**
 * Release 2 A3: a booking's documents belong to that booking only (issue #17).
 *
 * `objects.booking_id` is the one booking a document upload belongs to. A
 * booking attaches an upload by setting it, in one conditional UPDATE that
 * only takes an upload attached to nothing yet (or already to this booking):
 * of two bookings naming one upload at once, the second waits on the row and
 * then finds it taken. One column, so an upload can never belong to two.
 *
 * Existing data: an upload already on several bookings (release 1 kept the
 * documents on the customer, and 2026-11-25-11-00-00 copied them to every
 * booking of that customer; or a public booking reused them) belongs to the
 * EARLIEST of them (created_at, then id): it was uploaded for that one. The
 * later bookings keep their references and still show the documents to the
 * admin (nothing is rewritten or lost); only a new attachment is refused.
 * Uploads referenced only by a customer record keep booking_id null, but they
 * are attached (`attached_at`, 2026-11-25-10-00-00), which the attach rule
 * also refuses.
 *
 * The foreign key is checked at commit (deferred): a new booking claims its
 * uploads under its chosen id before the booking row is inserted, so a
 * refused upload is reported before the dates are checked against others.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table objects add column booking_id uuid
      constraint objects_booking_id_foreign references bookings (id) on delete set null
      deferrable initially deferred
  `);
  await knex.raw("create index objects_booking_id on objects (booking_id) where booking_id is not null");
  // '/objects/' is 9 characters: the key starts at the 10th.
  await knex.raw(`
    update objects o
       set booking_id = owner.id,
           attached_at = coalesce(o.attached_at, o.uploaded_at, o.created_at)
      from (
        select distinct on (path) path, id
          from (
            select substr(photo_id1_url, 10) as path, id, created_at from bookings where photo_id1_url like '/objects/%'
            union all
            select substr(photo_id2_url, 10), id, created_at from bookings where photo_id2_url like '/objects/%'
            union all
            select substr(proof_of_billing_url, 10), id, created_at from bookings where proof_of_billing_url like '/objects/%'
          ) refs
         order by path, created_at, id
      ) owner
     where o.path = owner.path and o.purpose = 'document'
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists objects_booking_id");
  await knex.raw("alter table objects drop column booking_id");
}
