import { randomBytes } from "node:crypto";
import type { Knex } from "knex";
import pg from "pg";
import { IN_MEMORY, migrate, openDatabase } from "./index";
import type { Database, Engine } from "./index";
import { testDatabaseUrl } from "./test-config";

/** The engines to run database tests on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function testEngines(): Engine[] {
  return testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];
}

export type TestDatabaseOptions = {
  /** Run the migrations (default true); false gives an empty database, e.g. to test start-up. */
  migrate?: boolean;
  /** PGlite on a worker thread of its own, as the server runs it (default: on the test's thread). */
  ownThread?: boolean;
};

/**
 * A fresh, migrated, empty database of its own for one test file. PGlite: in
 * memory. PostgreSQL: a new database `t_<random>` on DATABASE_URL's server,
 * dropped again by `close()`, so test files running in parallel never meet.
 */
export async function openTestDatabase(
  engine: Engine = "pglite",
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const migrated = options.migrate ?? true;
  if (engine === "pglite") {
    const db = await openDatabase({ dataDir: IN_MEMORY, ownThread: options.ownThread ?? false });
    if (migrated) {
      try {
        await migrate(db.knex);
      } catch (error) {
        await db.close();
        throw error;
      }
    }
    return db;
  }
  if (!testDatabaseUrl) throw new Error("DATABASE_URL is not set: there is no PostgreSQL server to test on");
  const serverUrl = testDatabaseUrl;
  const name = `t_${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dropIt = () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY, pool: { min: 0, max: 5 } });
  } catch (error) {
    await dropIt();
    throw error;
  }
  try {
    if (migrated) await migrate(db.knex);
  } catch (error) {
    await db.close();
    await dropIt();
    throw error;
  }
  const opened = db;
  return {
    knex: opened.knex,
    engine: opened.engine,
    listen: opened.listen,
    close: async () => {
      await opened.close();
      await dropIt();
    },
  };
}

/** Runs one statement on the server's own database (create or drop database cannot run in a transaction). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A function's definition as the database holds it (`pg_get_functiondef`), e.g. `name(json)`. */
export async function functionSource(knex: Knex, signature: string): Promise<string> {
  const result = await knex.raw<{ rows: { def: string }[] }>(
    "select pg_get_functiondef(?::regprocedure) as def",
    [signature],
  );
  return result.rows[0]?.def ?? "";
}
