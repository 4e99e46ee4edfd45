import type { Knex } from "knex";

/**
 * Web Push (release-2 §D4): the devices of the admin that turned
 * notifications on, and an outbox of notifications to send, claimed by one
 * server process at a time like the mail outbox.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("push_subscriptions", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    /** The push service's address for this device: unique, a device subscribes once. */
    t.text("endpoint").notNullable().unique();
    t.text("p256dh").notNullable();
    t.text("auth").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("last_sent_at", { useTz: true });
  });

  await knex.schema.createTable("push_outbox", (t) => {
    t.bigIncrements("id").primary();
    t.text("kind").notNullable();
    t.jsonb("message").notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("next_attempt_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("sent_at", { useTz: true });
    t.text("last_error");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("create index push_outbox_due on push_outbox (next_attempt_at) where sent_at is null");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("push_outbox");
  await knex.schema.dropTableIfExists("push_subscriptions");
}
