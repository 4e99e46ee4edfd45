import type { Context, Middleware } from "koa";
import type { Knex } from "knex";
import { batchScopeOf } from "./batch-scope";

const handles = new WeakMap<Context, Knex>();

/**
 * The database handle a request works on: the request's idempotency
 * transaction when there is one, else the shared pool. Handlers pass it to
 * services, so everything a mutation writes commits (or not) together with
 * its stored answer.
 */
export function requestDb(ctx: Context): Knex {
  const db = handles.get(ctx);
  if (!db) throw new Error("requestDb used before the request-db middleware");
  return db;
}

export function setRequestDb(ctx: Context, db: Knex): void {
  handles.set(ctx, db);
}

/** The pool, or for a change of a batch the batch's transaction (see batch-scope.ts). */
export function provideRequestDb(knex: Knex): Middleware {
  return async function attachDb(ctx, next) {
    setRequestDb(ctx, batchScopeOf(ctx)?.trx ?? knex);
    return next();
  };
}
