import type { Knex } from "knex";

/**
 * My booking (release-2 §D2, §D3): each successful lookup hands the customer's
 * page a booking token of its own (the confirmation's token is only stored as
 * a hash, so it cannot be handed out again); a public booking keeps the name
 * typed with it (My booking shows what the visitor typed, never a stored
 * customer's details: release 2 A3); and a mail may carry attachments (the
 * confirmation's calendar file).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("booking_tokens", (t) => {
    /** sha256 of the token, hex; the token itself is never stored. */
    t.text("token_hash").primary();
    t.uuid("booking_id").notNullable().references("id").inTable("bookings").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["booking_id", "created_at"]);
  });
  await knex.schema.alterTable("bookings", (t) => {
    t.text("contact_name");
  });
  await knex.schema.alterTable("mail_outbox", (t) => {
    /** `[{filename, contentType, content}]` (content as text), or null. */
    t.jsonb("attachments");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("mail_outbox", (t) => {
    t.dropColumn("attachments");
  });
  await knex.schema.alterTable("bookings", (t) => {
    t.dropColumn("contact_name");
  });
  await knex.schema.dropTableIfExists("booking_tokens");
}
