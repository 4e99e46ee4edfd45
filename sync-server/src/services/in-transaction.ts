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
