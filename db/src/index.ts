import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import knex from "knex";
import type { Knex } from "knex";
import ClientPgLite from "knex-pglite";
import pg from "pg";
import { BUSINESS_TIME_ZONE } from "@car-rental/shared/constants";
import { lockDataDir } from "./data-dir-lock";
import type { DataDirLock } from "./data-dir-lock";
import { migrations, migrationSource, migrationSourceUntil } from "./migrations";
import { asText, fastTimestamptz, OID, TIMESTAMPTZ_OID } from "./pg-types";
import { createPglite } from "./pglite-instance";
import { PgliteThread } from "./pglite-thread";
import { withPreparedStatements } from "./pglite-prepared";
import { forgetPreparedStatements } from "./prepared";

export { fleet, NEWEST_FLEET_YEAR } from "./fleet";
export type { FleetCar } from "./fleet";
export { seedFleet } from "./seed";
export type { SeedFleetOptions } from "./seed";
export { SQLSTATE, sqlState, constraintName } from "./errors";
export { DataDirInUse, processRuns } from "./data-dir-lock";
export { migrations } from "./migrations";

/** The name of this release's newest migration: the schema version of its database and backups. */
export function latestMigrationName(): string {
  const last = migrations.at(-1);
  if (!last) throw new Error("no migrations");
  return last.name;
}

export type Engine = "postgres" | "pglite";

export type DatabaseConfig = {
  /** A PostgreSQL URL; without one the database is an embedded PGlite. */
  databaseUrl?: string | undefined;
  /** The data folder: PGlite lives in `<dataDir>/pglite`; `:memory:` keeps it in memory (tests). */
  dataDir: string;
  /** PostgreSQL pool size (default min 0, max 10). PGlite always has exactly one connection. */
  pool?: { min?: number; max?: number };
  /**
   * PGlite on a worker thread of its own (pglite-thread.ts), so that its statements do not stop the
   * caller's thread. Default: yes for a database in a folder (the server's), no in memory (tests).
   */
  ownThread?: boolean;
  /**
   * An in-memory PGlite made by the caller (`createPglite`), used instead of a new one: tests start
   * from an archived, already migrated database (test-database.ts). Closed with the database.
   */
  pglite?: PGlite;
};

/**
 * Called with a notification's payload, or with `null` when notifications may
 * have been missed (the listening connection was lost and is back): then assume
 * anything changed.
 */
export type NotificationListener = (payload: string | null) => void;

export type Database = {
  knex: Knex;
  engine: Engine;
  /**
   * Listens to `NOTIFY <channel>` from any session on this database (other
   * processes too, on PostgreSQL). Returns a function that stops listening.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /** Closes every connection (and the PGlite instance); the database cannot be used afterwards. */
  close(): Promise<void>;
};

/** The data folder value that keeps PGlite in memory. */
export const IN_MEMORY = ":memory:";

/** Absolute path of the bundled car pictures (`<slug>.svg`, plus `default-car.svg`), with a trailing slash. */
export const carPicturesDir: string = fileURLToPath(new URL("../assets/cars/", import.meta.url));

/** node-postgres's parser for text[] (its typings list only scalar type ids). */
const textArrayOid: number = 1009;
const asTextArray = pg.types.getTypeParser(textArrayOid);

/*
 * Both engines hand back the same JS values:
 * - date -> 'YYYY-MM-DD' string (a calendar date, never shifted by a time zone);
 * - timestamp without time zone -> its text, e.g. '2026-03-01 09:00:00' (a Manila
 *   wall-clock time; a JS Date would silently apply the process's zone);
 * - int8 (bigint, count(*)) -> string, as node-postgres does by default;
 * - numeric -> string, boolean -> boolean, json -> parsed (both defaults);
 * - timestamptz -> Date (the engines' own parsers, with a fast path: pg-types.ts).
 * PGlite's parsers are set in pglite-instance.ts.
 */
const ownParsers = new Map<number, (value: string) => unknown>([
  [OID.date, asText],
  [OID.timestamp, asText],
  [OID.dateArray, asTextArray],
  [OID.timestampArray, asTextArray],
  [TIMESTAMPTZ_OID, fastTimestamptz(pg.types.getTypeParser(TIMESTAMPTZ_OID))],
]);

function pgTypeParser(oid: number, format: string): (value: string) => unknown {
  return ownParsers.get(oid) ?? pg.types.getTypeParser(oid, format === "binary" ? "binary" : "text");
}

/**
 * Opens the database: PostgreSQL through `pg` when `databaseUrl` is set,
 * otherwise the embedded PGlite (with btree_gist) in `<dataDir>/pglite`.
 * Sessions run in the business time zone (Asia/Manila), so SQL like
 * `current_date` means the shop's today. Fails if the database cannot be reached.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.pool)
    : openPglite(
        config.dataDir === IN_MEMORY ? undefined : path.join(config.dataDir, "pglite"),
        config.ownThread ?? config.dataDir !== IN_MEMORY,
        config.pglite,
      );
}

async function openPostgres(databaseUrl: string, pool: DatabaseConfig["pool"]): Promise<Database> {
  const db = knex({
    client: "pg",
    connection: {
      connectionString: databaseUrl,
      types: { getTypeParser: pgTypeParser },
      options: `-c TimeZone=${BUSINESS_TIME_ZONE}`,
    },
    pool: { min: pool?.min ?? 0, max: pool?.max ?? 10 },
  });
  try {
    await db.raw("select 1");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const listener = new PostgresListener(databaseUrl);
  return {
    knex: db,
    engine: "postgres",
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}

const RECONNECT_MS = 500;

/**
 * One dedicated connection (outside the pool) for LISTEN. If it drops (a
 * PostgreSQL restart), it reconnects every `RECONNECT_MS`, listens again and
 * tells every listener `null`: what was notified meanwhile is lost.
 */
class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly listeners = new Map<string, Set<NotificationListener>>();
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly databaseUrl: string) {}

  async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    const client = await this.connect();
    if (first) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(listener);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on("notification", (message) => {
      for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload ?? "");
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    await client.connect();
    for (const channel of this.listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.closed) return;
    const reconnect = () => {
      this.retry = undefined;
      if (this.closed) return;
      this.connect().then(
        () => {
          for (const set of this.listeners.values()) for (const listener of set) listener(null);
        },
        () => {
          this.retry = setTimeout(reconnect, RECONNECT_MS);
          this.retry.unref();
        },
      );
    };
    this.retry = setTimeout(reconnect, RECONNECT_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

async function openPglite(
  dataDir: string | undefined,
  ownThread: boolean,
  given: PGlite | undefined,
): Promise<Database> {
  // The lock comes first: a second process stops here having touched nothing.
  const lock: DataDirLock | undefined = dataDir ? await lockDataDir(dataDir) : undefined;
  let pglite: PGlite | PgliteThread;
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    pglite = given ?? (ownThread ? await PgliteThread.start(dataDir) : await createPglite(dataDir));
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const connection = pglite instanceof PgliteThread ? pglite : withPreparedStatements(pglite);
  const db = knex({
    client: ClientPgLite,
    dialect: "postgres",
    // knex-pglite reads `{pglite}` from the connection function, a shape knex's
    // connection types do not know; this is the one cast the package needs.
    connection: (() => ({ pglite: connection })) as unknown as Knex.ConnectionConfigProvider,
  });
  return {
    knex: db,
    engine: "pglite",
    // One process, one session: a NOTIFY from this session reaches its own LISTEN.
    listen: async (channel, listener) => {
      const stop = await connection.listen(channel, listener);
      return () => stop();
    },
    close: async () => {
      await db.destroy();
      // knex closes PGlite only if its pool ever opened the connection.
      if (!pglite.closed) await pglite.close();
      await lock?.release();
    },
  };
}

/** The advisory lock key that serializes migrations across processes on one PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_461_202_611;

/** The migration run each knex instance is in, so calls in one process run one after another. */
const migrationRuns = new WeakMap<Knex, Promise<void>>();

/**
 * Runs every migration not yet applied (idempotent). Several processes may
 * start at once on one PostgreSQL: they take turns on an advisory lock, so the
 * later ones find nothing left to do. (knex's own lock table is not enough:
 * two processes creating it at the same moment can each insert its lock row,
 * and with two rows knex refuses every later migration as "locked".)
 */
export function migrate(db: Knex, until?: string): Promise<void> {
  const previous = migrationRuns.get(db) ?? Promise.resolve();
  const source = until === undefined ? migrationSource : migrationSourceUntil(until);
  const run = previous.catch(() => undefined).then(() => migrateAlone(db, source));
  migrationRuns.set(db, run);
  return run;
}

type Source = typeof migrationSource;

async function migrateAlone(db: Knex, source: Source): Promise<void> {
  if (db.client.config.client !== "pg") return latestRepairingLock(db, source);
  // The transaction holds the lock on a connection of its own while knex migrates on others;
  // PostgreSQL releases it at commit, or if this process dies.
  await db.transaction(async (lock) => {
    await lock.raw("select pg_advisory_xact_lock(?)", [MIGRATION_LOCK_KEY]);
    await latestRepairingLock(db, source);
  });
}

/**
 * knex's migrate.latest. Only one migration runs at a time here, so if knex
 * finds its lock taken, the lock is left over (a crash outside a transaction,
 * or the duplicate lock row of an older race): it is reset once, to one free row.
 */
async function latestRepairingLock(db: Knex, source: Source): Promise<void> {
  try {
    await latestMigrations(db, source);
  } finally {
    // Tables may have changed shape: statements prepared before are prepared anew.
    forgetPreparedStatements();
  }
}

async function latestMigrations(db: Knex, source: Source): Promise<void> {
  try {
    await db.migrate.latest({ migrationSource: source });
  } catch (error) {
    if (!(error instanceof Error) || error.name !== "MigrationLocked") throw error;
    await db.transaction(async (trx) => {
      await trx.raw(
        "delete from knex_migrations_lock where index <> (select min(index) from knex_migrations_lock)",
      );
      await trx("knex_migrations_lock").update({ is_locked: 0 });
    });
    await db.migrate.latest({ migrationSource: source });
  }
}

/**
 * For tests: empties every table except knex's migration bookkeeping and
 * restarts their sequences (like `truncate ... restart identity cascade`, but
 * about ten times faster on small tables: one statement deletes from every
 * table, so foreign keys are checked only once everything is gone).
 */
export async function resetDatabase(db: Knex): Promise<void> {
  const tables: { rows: { tablename: string }[] } = await db.raw(
    `select tablename from pg_tables
      where schemaname = current_schema() and tablename not in ('knex_migrations', 'knex_migrations_lock')
      order by tablename`,
  );
  const names = tables.rows.map((row) => row.tablename);
  if (names.length === 0) return;
  const sequences: { rows: { name: string }[] } = await db.raw(
    `select seq.relname as name from pg_class seq
       join pg_depend dep on dep.objid = seq.oid and dep.deptype in ('a', 'i')
       join pg_class tab on tab.oid = dep.refobjid
      where seq.relkind = 'S' and tab.relname = any(?::text[]) and tab.relnamespace = current_schema()::regnamespace`,
    [names],
  );
  await db.transaction(async (trx) => {
    await trx.raw(
      `with ${names.map((_, index) => `d${index} as (delete from ??)`).join(", ")} select 1`,
      names,
    );
    for (const sequence of sequences.rows) await trx.raw("alter sequence ?? restart", [sequence.name]);
  });
}
