import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrate, openDatabase, seedFleet, type Database, type Engine } from "@car-rental/db";

export type BenchDatabase = {
  engine: Engine;
  /** Environment for the server process. */
  env: Record<string, string>;
  /** Opens the database in this process (PGlite: only while the server is stopped). */
  open(): Promise<Database>;
  drop(): Promise<void>;
};

let databasesCreated = 0;

/** An empty database of `engine` (nothing migrated) for a server process, and how to remove it. */
export type EmptyDatabase = { env: Record<string, string>; drop(): Promise<void> };

/**
 * An empty database: a new PGlite folder, or a new database on the PostgreSQL
 * server at `postgresUrl` (with a folder for the server's files).
 */
export async function createEmptyDatabase(engine: Engine, postgresUrl: string): Promise<EmptyDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "car-rental-bench-"));
  const removeDir = async () => {
    const { rm } = await import("node:fs/promises");
    await rm(dataDir, { recursive: true, force: true });
  };
  if (engine === "pglite") return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, drop: removeDir };
  databasesCreated += 1;
  const name = `bench_${Date.now()}_${process.pid}_${databasesCreated}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await onServer(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await onServer(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

/** The database an empty one's server environment names (PGlite: only while no server has it open). */
function openEmpty(empty: EmptyDatabase): Promise<Database> {
  const databaseUrl = empty.env.DATABASE_URL || undefined;
  return openDatabase({ databaseUrl, dataDir: empty.env.DATA_DIR ?? os.tmpdir() });
}

/** A fresh, migrated and seeded database of the given engine for one bench run. */
export async function createBenchDatabase(engine: Engine, postgresUrl: string): Promise<BenchDatabase> {
  const empty = await createEmptyDatabase(engine, postgresUrl);
  const db = await openEmpty(empty);
  await migrate(db.knex);
  await seedFleet(db.knex);
  await db.close();
  return { engine, env: empty.env, open: () => openEmpty(empty), drop: () => empty.drop() };
}

/** Whether a PostgreSQL server answers at this URL. */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
