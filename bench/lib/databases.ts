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

/** A fresh, migrated and seeded database of the given engine for one bench run. */
export async function createBenchDatabase(engine: Engine, postgresUrl: string): Promise<BenchDatabase> {
  if (engine === "pglite") {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "car-rental-bench-"));
    const db = await openDatabase({ dataDir });
    await migrate(db.knex);
    await seedFleet(db.knex);
    await db.close();
    return {
      engine,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: () => openDatabase({ dataDir }),
      async drop() {
        const { rm } = await import("node:fs/promises");
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  await migrate(db.knex);
  await seedFleet(db.knex);
  await db.close();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "car-rental-bench-files-"));
  return {
    engine,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, dataDir }),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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
