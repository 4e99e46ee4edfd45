import type { Knex } from "knex";

/**
 * Two counts that must be taken after a lock, each in one round trip
 * (issue #17: a public booking had twice the statements of release 1's).
 *
 * A count that guards a limit must see every row committed before its lock
 * was granted; in one plain statement, the lock and the count would share a
 * snapshot taken before the wait, and two parallel requests could both see
 * room for one more. A VOLATILE PL/pgSQL function takes a fresh snapshot for
 * each of its statements (READ COMMITTED), so the count after the lock sees
 * what the holder before committed. The locks are transaction-scoped, held
 * until the caller's transaction ends, with the keys the server used before
 * (a process of the previous version running beside this one still excludes).
 *
 * - `pending_public_bookings(email, phone)`: release-2 A4's pending bookings
 *   per contact. Locks the e-mail's key, then the phone's (always this order:
 *   two bookings never wait on each other crosswise), and counts the pending
 *   public bookings of each.
 * - `mail_recipient_count(address, since)`: release-2 A4's mails per address.
 *   Locks the address's key and counts its mails queued (not suppressed)
 *   after `since`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function pending_public_bookings(p_email text, p_phone text)
      returns table (by_email bigint, by_phone bigint)
      language plpgsql volatile
    as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended('pending-email:' || p_email, 0));
      perform pg_advisory_xact_lock(hashtextextended('pending-phone:' || p_phone, 0));
      return query
        select count(*) filter (where b.contact_email = p_email),
               count(*) filter (where b.contact_phone = p_phone)
          from bookings b
         where b.status = 'pending' and b.source = 'public'
           and (b.contact_email = p_email or b.contact_phone = p_phone);
    end
    $$
  `);
  await knex.raw(`
    create function mail_recipient_count(p_address text, p_since timestamptz)
      returns bigint
      language plpgsql volatile
    as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended('mail-recipient:' || p_address, 0));
      return (select count(*) from mail_outbox m
               where lower(m.to_address) = p_address and m.created_at > p_since and m.suppressed_at is null);
    end
    $$
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop function if exists mail_recipient_count(text, timestamptz)");
  await knex.raw("drop function if exists pending_public_bookings(text, text)");
}
