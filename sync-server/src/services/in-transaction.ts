import type { Knex } from "knex";

/** Whether `db` is a transaction (the request's, under the idempotency layer) rather than the pool. */
export function isTransaction(db: Knex): db is Knex.Transaction {
  return db.isTransaction === true;
}

/**
 * Runs `work` in `db` as it is when `db` is a transaction already, else in a
 * new transaction. Inside a transaction, `db.transaction()` would open a
 * savepoint: two more round trips, and nothing gained when a failure rolls
 * the whole transaction back anyway (a refused request does: see idempotent).
 */
export function inTransaction<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

/**
 * Runs `work` in a new transaction that commits without waiting for its WAL
 * to reach the disk (`synchronous_commit` off for this transaction only): the
 * next synchronous commit, or PostgreSQL's WAL writer a moment later, flushes
 * it. Only for bookkeeping a crash may forget harmlessly, such as a claim's
 * lease (the claimed row is simply due again). On the embedded database each
 * synchronous commit is a file sync on the one thread that also serves
 * bookings.
 */
export function inTransactionNotWaitingForDisk<T>(
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (isTransaction(knex))
    throw new Error("inTransactionNotWaitingForDisk needs the pool, not a transaction");
  return knex.transaction(async (trx) => {
    await trx.raw("set local synchronous_commit = off");
    return work(trx);
  });
}
