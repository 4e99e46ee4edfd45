import type { Knex } from "knex";

/**
 * Release 2 A3/A4.
 *
 * Documents belong to the booking they were uploaded for: three columns on
 * `bookings`. Every document already stored on a customer is copied to EVERY
 * booking of that customer (each of them was made while those documents were
 * on file, so each shows them to the admin); the customer columns themselves
 * stay untouched (nothing is lost, and a rollback finds them as they were) but
 * are no longer written by the public: the customer record now shows its
 * latest booking's documents.
 *
 * What the visitor typed to reach the shop (`contact_email`, `contact_phone`
 * as normalised digits) is kept per booking, so the pending-bookings limit per
 * e-mail and per phone counts bookings, not customer records (a booking with
 * an existing customer's e-mail never changes that customer). Older bookings
 * take their customer's.
 *
 * A new status `expired` (a pending public booking not confirmed within the
 * hold); the overlap constraint keeps counting only pending and confirmed
 * bookings. `admin_status_at`: when the admin last set the status; a booking
 * the admin has set (e.g. back to pending) is the admin's and never expires.
 *
 * `mail_outbox.suppressed_at`: a mail over an address's daily limit is kept
 * for the record but never sent.
 */

// Inlined, not imported from shared: a migration must not change when live constants do.
const STATUSES_AFTER = "'pending', 'confirmed', 'cancelled', 'completed', 'expired'";
const STATUSES_BEFORE = "'pending', 'confirmed', 'cancelled', 'completed'";

/**
 * Digits only; a Philippine number written internationally (+63 9xx…, 12
 * digits) counts as its local form (09xx…). Same rule as `phoneKey` in sync-server's public-booking service.
 */
const PHONE_KEY_SQL = (column: string) => `(
  case when regexp_replace(${column}, '[^0-9]', '', 'g') ~ '^63[0-9]{10}$'
       then '0' || substr(regexp_replace(${column}, '[^0-9]', '', 'g'), 3)
       else regexp_replace(${column}, '[^0-9]', '', 'g') end)`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("bookings", (t) => {
    t.text("photo_id1_url");
    t.text("photo_id2_url");
    t.text("proof_of_billing_url");
    t.text("contact_email");
    t.text("contact_phone");
    t.timestamp("admin_status_at", { useTz: true });
  });
  await knex.raw(`
    update bookings b set
      photo_id1_url = c.photo_id1_url,
      photo_id2_url = c.photo_id2_url,
      proof_of_billing_url = c.proof_of_billing_url,
      contact_email = lower(c.email),
      contact_phone = ${PHONE_KEY_SQL("c.phone")}
    from customers c
    where c.id = b.customer_id
  `);

  await knex.raw("alter table bookings drop constraint bookings_status_known");
  await knex.raw(
    `alter table bookings add constraint bookings_status_known check (status in (${STATUSES_AFTER}))`,
  );
  // The expiry job's scan, and the pending-bookings count per e-mail and per phone.
  await knex.raw("create index bookings_pending_created on bookings (created_at) where status = 'pending'");
  await knex.raw("create index bookings_pending_email on bookings (contact_email) where status = 'pending'");
  await knex.raw("create index bookings_pending_phone on bookings (contact_phone) where status = 'pending'");

  await knex.schema.alterTable("mail_outbox", (t) => {
    t.timestamp("suppressed_at", { useTz: true });
  });
  await knex.raw("drop index mail_outbox_due");
  await knex.raw(
    "create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and suppressed_at is null",
  );
  await knex.raw("create index mail_outbox_recipient_day on mail_outbox (lower(to_address), created_at)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists mail_outbox_recipient_day");
  await knex.raw("drop index mail_outbox_due");
  await knex.raw("create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null");
  await knex.schema.alterTable("mail_outbox", (t) => {
    t.dropColumn("suppressed_at");
  });
  await knex.raw("drop index if exists bookings_pending_created");
  await knex.raw("drop index if exists bookings_pending_email");
  await knex.raw("drop index if exists bookings_pending_phone");
  // An expired booking was a pending one that lapsed: before this release that is a cancellation.
  await knex.raw("update bookings set status = 'cancelled' where status = 'expired'");
  await knex.raw("alter table bookings drop constraint bookings_status_known");
  await knex.raw(
    `alter table bookings add constraint bookings_status_known check (status in (${STATUSES_BEFORE}))`,
  );
  await knex.schema.alterTable("bookings", (t) => {
    t.dropColumn("photo_id1_url");
    t.dropColumn("photo_id2_url");
    t.dropColumn("proof_of_billing_url");
    t.dropColumn("contact_email");
    t.dropColumn("contact_phone");
    t.dropColumn("admin_status_at");
  });
}
