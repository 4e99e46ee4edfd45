import { preparedRaw } from "@car-rental/db/prepared";
import type { Knex } from "knex";

/** Whether `db` is a transaction (the request's, under the idempotency layer) rather than the pool. */
export function isTransaction(db: Knex): db is Knex.Transaction {
  return db.isTransaction === true;
}

/**
 * Commits a transaction opened without a callback (`await knex.transaction()`) and throws when the
 * COMMIT (or a savepoint's RELEASE) failed, e.g. a deferred constraint: knex hands that error only to
 * the transaction's `executionPromise`, and `commit()` resolves either way.
 */
export async function commitOrThrow(trx: Knex.Transaction): Promise<void> {
  await trx.commit();
  await trx.executionPromise;
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
 * A FROM item that makes the statement it is in commit without waiting for its WAL to reach the
 * disk: `set_config(…, true)` lasts until the end of the statement's own (implicit) transaction, so
 * only that commit is asynchronous; the next synchronous commit, or PostgreSQL's WAL writer a moment
 * later, flushes it. Only for bookkeeping a crash may forget harmlessly, such as a claim's lease (the
 * claimed row is simply due again) or a rate-limit count. On the embedded database each synchronous
 * commit is a file sync. One statement, where a transaction with `set local` took four.
 */
export const NOT_WAITING_FOR_DISK =
  "(select set_config('synchronous_commit', 'off', true)) as not_waiting_for_disk";

/**
 * Runs `sql`, one statement whose FROM names NOT_WAITING_FOR_DISK, on the pool: inside a
 * transaction the setting would last until that transaction's commit instead.
 */
export function runNotWaitingForDisk<Row>(
  knex: Knex,
  sql: string,
  bindings: readonly Knex.Value[],
): Promise<{ rows: Row[] }> {
  if (isTransaction(knex)) throw new Error("runNotWaitingForDisk needs the pool, not a transaction");
  if (!sql.includes(NOT_WAITING_FOR_DISK))
    throw new Error("the statement does not name NOT_WAITING_FOR_DISK");
  return preparedRaw<Row>(knex, sql, bindings);
}
