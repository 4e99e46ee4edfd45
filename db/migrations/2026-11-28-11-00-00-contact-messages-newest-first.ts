import type { Knex } from "knex";

/**
 * The admin's Messages screen (release 2 §D4: a contact message's notification
 * opens it) reads the messages newest first, a page at a time: an index in
 * that order, so a page is read without sorting the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index if not exists contact_messages_newest_first on contact_messages (created_at desc, id desc)",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index if exists contact_messages_newest_first");
}
