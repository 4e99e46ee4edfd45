import type { IncomingMessage } from "node:http";
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

/** The in-process requests the batch dispatches (never one from the network), and their scope. */
const scopes = new WeakMap<IncomingMessage, BatchScope>();

/** Marks `req`, a change the batch dispatches through the app in process, as running in `scope`. */
export function enterBatchScope(req: IncomingMessage, scope: BatchScope): void {
  scopes.set(req, scope);
}

/** The batch scope of a change dispatched by `POST /api/admin/batch`; undefined for any other request. */
export function batchScopeOf(ctx: Context): BatchScope | undefined {
  return scopes.get(ctx.req);
}
