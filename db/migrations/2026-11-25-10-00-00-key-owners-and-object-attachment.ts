import type { Knex } from "knex";

/**
 * Release 2, A5 and A6.
 *
 * - `idempotency_keys.owner`: who used a key first, `admin` or
 *   `public:<client address>`; a replay by anyone else is refused. Keys
 *   stored before have no owner (null) and keep their release-1 behaviour.
 * - `objects.attached_at`: when a record (car image, customer or booking
 *   document) first referenced the object; objects attached to nothing 24
 *   hours after their upload are deleted by a background job, which claims
 *   them with `cleanup_claimed_at` so several processes do it once.
 *   Objects already referenced by a car or a customer are marked attached
 *   now, so none of today's files is ever taken for an orphan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("idempotency_keys", (t) => {
    t.text("owner");
  });
  await knex.schema.alterTable("objects", (t) => {
    t.timestamp("attached_at", { useTz: true });
    t.timestamp("cleanup_claimed_at", { useTz: true });
    t.index(["attached_at", "created_at"], "objects_unattached_idx");
  });
  await knex.raw(`
    update objects o set attached_at = coalesce(o.uploaded_at, o.created_at)
    where exists (select 1 from cars c where c.image = '/objects/' || o.path)
       or exists (
         select 1 from customers cu
         where cu.photo_id1_url = '/objects/' || o.path
            or cu.photo_id2_url = '/objects/' || o.path
            or cu.proof_of_billing_url = '/objects/' || o.path
       )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("objects", (t) => {
    t.dropIndex(["attached_at", "created_at"], "objects_unattached_idx");
    t.dropColumn("cleanup_claimed_at");
    t.dropColumn("attached_at");
  });
  await knex.schema.alterTable("idempotency_keys", (t) => {
    t.dropColumn("owner");
  });
}
