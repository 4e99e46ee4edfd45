import { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "koa";
import type { Knex } from "knex";

/**
 * What the changes of one `POST /api/admin/batch` share (issue #23): the
 * batch's database transaction, in which each change runs in a savepoint of
 * its own (its change and its stored answer released together; a refusal
 * rolled back to its savepoint, the earlier changes kept), committed once
 * for the batch instead of once per change; and the admin session the batch
 * was let in with, which the changes (sent with the same cookie) need not
 * read again.
 */
export type BatchScope = {
  trx: Knex.Transaction;
  session: { expiresAt: Date };
};

const dispatching = new AsyncLocalStorage<BatchScope>();
const scopes = new WeakMap<Context, BatchScope>();

/** Runs `dispatch` (a change sent through the app in process) in `scope`. */
export function dispatchInScope<T>(scope: BatchScope, dispatch: () => Promise<T>): Promise<T> {
  return dispatching.run(scope, dispatch);
}

/**
 * Ties a request to the batch scope it was dispatched in, if any (call it
 * first thing: only a change dispatched by the batch itself has one; a
 * request from the network never does).
 */
export function adoptBatchScope(ctx: Context): BatchScope | undefined {
  const scope = dispatching.getStore();
  if (scope) scopes.set(ctx, scope);
  return scope;
}

/** The batch scope of a change dispatched by `POST /api/admin/batch`; undefined for any other request. */
export function batchScopeOf(ctx: Context): BatchScope | undefined {
  return scopes.get(ctx);
}
