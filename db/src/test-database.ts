import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Knex } from "knex";
import pg from "pg";
import { IN_MEMORY, migrate, openDatabase } from "./index";
import type { Database, Engine } from "./index";
import { createPglite } from "./pglite-instance";
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
 * Both start from a copy of a database made (and migrated) once, not from
 * initdb and the migrations each time: the migration tests, which need the
 * migrations to run, ask for `migrate: false`.
 */
export async function openTestDatabase(
  engine: Engine = "pglite",
  options: TestDatabaseOptions = {},
): Promise<Database> {
  const migrated = options.migrate ?? true;
  if (engine === "pglite") {
    // On the test's thread, it starts from an archive of a new (or new and migrated) database.
    if (!options.ownThread) {
      const pglite = await createPglite(undefined, await pgliteStart(migrated));
      return openDatabase({ dataDir: IN_MEMORY, ownThread: false, pglite });
    }
    const db = await openDatabase({ dataDir: IN_MEMORY, ownThread: true });
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
  // Migrated: a copy of the server's template of this release's schema (made once, see postgresTemplate).
  const template = migrated ? await postgresTemplate(serverUrl) : undefined;
  await onServer(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ""}`);
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

/**
 * Where the archives test files start their PGlite from are kept, across runs: a new PGlite spends
 * seconds in initdb (about 3 s on a 2-core host, and the migrations another 0.6 s), loading its
 * archive well under one. Each archive is named by what made it, so a new migration or PGlite
 * version makes a new one.
 */
const STARTS_DIR = fileURLToPath(
  new URL("../../node_modules/.cache/car-rental-test-pglite/", import.meta.url),
);
const MIGRATIONS_DIR = fileURLToPath(new URL("../migrations/", import.meta.url));

/** This process's archives by file name (a test file may open several databases). */
const starts = new Map<string, Promise<Blob>>();

/** The archive of a new PGlite, migrated or not, made and kept the first time it is asked for. */
function pgliteStart(migrated: boolean): Promise<Blob> {
  return pgliteStartName(migrated).then((name) => {
    let start = starts.get(name);
    if (!start) {
      start = readOrMakeStart(name, migrated);
      starts.set(name, start);
      start.catch(() => starts.delete(name));
    }
    return start;
  });
}

async function pgliteStartName(migrated: boolean): Promise<string> {
  const hash = createHash("sha256").update(`pglite ${await pgliteVersion()}\n`);
  if (migrated) hash.update(await migrationsHash());
  return `${migrated ? "migrated" : "new"}-${hash.digest("hex").slice(0, 16)}.tar`;
}

/** A digest of every migration file (names and contents): what a migrated database was made from. */
async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256");
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => f.endsWith(".ts") && !f.includes(".test."))
    .sort();
  for (const file of files) hash.update(`${file}\n`).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  return hash.digest("hex").slice(0, 16);
}

/** The installed PGlite's version (its package.json, which the package does not export). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (path.basename(dir) !== "pglite") dir = path.dirname(dir);
  const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

async function readOrMakeStart(name: string, migrated: boolean): Promise<Blob> {
  const file = path.join(STARTS_DIR, name);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet: made below.
  }
  const pglite = await createPglite(undefined);
  const db = await openDatabase({ dataDir: IN_MEMORY, ownThread: false, pglite });
  let archive: Blob;
  try {
    if (migrated) await migrate(db.knex);
    archive = await pglite.dumpDataDir("none");
  } finally {
    await db.close();
  }
  // Written whole, then renamed: test files starting at once never read half an archive.
  await mkdir(STARTS_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
  await rename(partial, file);
  return archive;
}

/** The advisory lock under which test files take turns making the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 7_461_202_612;
const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server holding this release's schema and no rows,
 * `t_template_<migrations digest>`, made the first time a test file asks (test
 * files starting at once take turns on an advisory lock; the later ones find it
 * made). Nobody connects to it: `create database … template` copies it in a
 * fraction of the migrations' time. CI's clean-up drops it with the other `t_`
 * databases; a template of older migrations is dropped when a new one is made.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `t_template_${await migrationsHash()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const building = `t_building_${randomBytes(5).toString("hex")}`;
      await client.query(`create database "${building}"`);
      try {
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const db = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY, pool: { max: 2 } });
        try {
          await migrate(db.knex);
        } finally {
          await db.close();
        }
        // Renamed once complete: a test file never copies a template half made.
        await client.query(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        await client.query(`drop database if exists "${building}" with (force)`);
        throw error;
      }
      const stale = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like 't\\_template\\_%' and datname <> $1",
        [name],
      );
      // Without force: a template another run is copying right now stays.
      for (const { datname } of stale.rows)
        await client.query(`drop database if exists "${datname}"`).catch(() => undefined);
    }
    return name;
  } finally {
    // Ending the session releases its advisory lock.
    await client.end();
  }
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
