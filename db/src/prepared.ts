import { createHash } from "node:crypto";
import type { Knex } from "knex";

/** Bumped when the schema may have changed (migrations, a kept plan refused): every name is new. */
let generation = 0;

/** Names given in this generation, by text: hashing a long CTE on every call cost more than its lookup. */
const names = new Map<string, string>();
/** More texts than the bounded forms preparedRaw is for: the map starts over rather than grow. */
const MAX_NAMES = 2000;

/** Makes every prepared statement's next call prepare it anew (after migrations). */
export function forgetPreparedStatements(): void {
  generation += 1;
  names.clear();
}

/**
 * The name of `sql` as a prepared statement: the same text always gets the
 * same name, and another text another name (`pg` refuses one name for two texts).
 */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `p${generation}_${createHash("sha1").update(sql).digest("base64url").slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(sql, name);
  }
  return name;
}

/** PostgreSQL's refusal to run a kept plan whose result columns changed (a schema change in between). */
export function resultTypeChanged(error: unknown): boolean {
  return error instanceof Error && error.message.includes("cached plan must not change result type");
}

/**
 * Runs `sql` as a named prepared statement: each connection (PostgreSQL's
 * pooled ones, PGlite's one: see pglite-prepared.ts) parses and analyses it
 * once and keeps it, instead of on every call (the hot statements of a
 * booking are long CTEs, where that work rivals the execution). Only for
 * statements whose text takes a bounded number of forms: every form stays
 * prepared on every connection. If a table it reads changed shape since, it
 * is prepared anew, unless it ran in a transaction, which that error aborted.
 *
 * `withNext`, in a transaction whose next statements do not need this one's
 * answer (nor, on the embedded database, its rows): on the embedded
 * database's thread it goes with the transaction's next statement (at the
 * latest its COMMIT), saving a round trip to the thread; should it fail, that
 * statement fails with its error. Elsewhere it runs at once.
 */
export async function preparedRaw<Row>(
  db: Knex,
  sql: string,
  bindings: readonly Knex.RawBinding[],
  { withNext = false }: { withNext?: boolean } = {},
): Promise<{ rows: Row[] }> {
  const options = () => ({ name: statementName(sql), withNext: withNext && db.isTransaction === true });
  try {
    return await db.raw<{ rows: Row[] }>(sql, bindings).options(options());
  } catch (error) {
    if (!resultTypeChanged(error)) throw error;
    forgetPreparedStatements();
    if (db.isTransaction) throw error;
    return db.raw<{ rows: Row[] }>(sql, bindings).options(options());
  }
}
