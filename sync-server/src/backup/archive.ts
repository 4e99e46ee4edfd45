import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import type { Knex } from "knex";
import { z } from "zod";
import type { Database } from "@car-rental/db";
import { latestMigrationName, migrate, migrations } from "@car-rental/db";
import type { Storage } from "../storage/storage";
import { isObjectKey } from "../storage/object-key";

/** What `manifest.json` in an archive says. */
export type Manifest = {
  format: 1;
  /** The latest migration the archived database had run. */
  schemaVersion: string;
  createdAt: string;
  engine: Database["engine"];
  tables: { name: string; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  objects: { key: string; size: number; contentType?: string | undefined }[];
};

/** What an archive holds, in figures: the command's and the server's report of a backup. */
export type ManifestSummary = { rows: number; tables: number; objects: number; schemaVersion: string };

export function summarizeManifest(manifest: Manifest): ManifestSummary {
  return {
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    tables: manifest.tables.length,
    objects: manifest.objects.length,
    schemaVersion: manifest.schemaVersion,
  };
}

/** The line `npm run backup` prints once archive `file` is written. */
export function describeBackup(summary: ManifestSummary, file: string): string {
  return `backed up ${summary.rows} rows in ${summary.tables} tables and ${summary.objects} objects (schema ${summary.schemaVersion}) to ${file}`;
}

/** The restore found rows in the target and `--force` was not given. */
export class DatabaseNotEmpty extends Error {
  override readonly name = "DatabaseNotEmpty";
  constructor(readonly tables: string[]) {
    super(
      `the database is not empty (rows in ${tables.join(", ")}): restore refuses to overwrite it; pass --force to replace everything in it`,
    );
  }
}

/** The archive comes from a newer release than this server (its schema is unknown here). */
export class ArchiveFromNewerSchema extends Error {
  override readonly name = "ArchiveFromNewerSchema";
  constructor(readonly schemaVersion: string) {
    super(
      `the archive's schema (${schemaVersion}) is newer than this server's (${latestMigrationName()}): upgrade the server first`,
    );
  }
}

/** The admin sync's cursor offset (see sync.service.ts): a restore moves it past every cursor issued before. */
export const SYNC_EPOCH_KEY = "sync_epoch";
/** Far more transactions than one database will ever see, so an old cursor is always below the new epoch. */
const SYNC_EPOCH_STEP = 2n ** 40n;

/** The day of the last daily archive (daily-backup.ts): a restored database starts without one. */
export const LAST_DAILY_BACKUP_KEY = "daily_backup_day";

/**
 * Tables an archive leaves out: knex's bookkeeping, and `car_occupancy`, which
 * triggers derive from bookings and blocks (restoring those rebuilds it).
 */
const UNARCHIVED_TABLES = ["knex_migrations", "knex_migrations_lock", "car_occupancy"];
const INSERT_CHUNK = 500;
/**
 * Tables a migration fills with defaults (release-2 §E1's length discounts
 * and the row that tracks their changes):
 * a database holding only those is empty for a restore, and the archived
 * rows replace the defaults the rebuilt schema holds.
 */
const SEEDED_TABLES = ["length_discounts", "length_discount_list"];

async function userTables(db: Knex): Promise<string[]> {
  const result: { rows: { tablename: string }[] } = await db.raw(
    `select tablename from pg_tables where schemaname = current_schema() and tablename <> all(?::text[]) order by tablename`,
    [UNARCHIVED_TABLES],
  );
  return result.rows.map((row) => row.tablename);
}

async function appliedSchemaVersion(db: Knex): Promise<string> {
  const result: { rows: { name: string }[] } = await db.raw(
    "select name from knex_migrations order by id desc limit 1",
  );
  const name = result.rows[0]?.name;
  if (!name) throw new Error("the database has no migrations applied: nothing to back up");
  return name;
}

/**
 * Writes one archive (`tar`, gzip) of the whole database and every uploaded
 * object: `manifest.json`, `tables/<table>.jsonl` (one `row_to_json` per
 * line) and `objects/<key>`. All tables are read in one REPEATABLE READ
 * read-only transaction, so on PostgreSQL a backup taken while bookings flow
 * is one consistent snapshot; the objects its rows name are read after that
 * transaction. The file appears complete or not at all (written beside it,
 * then renamed).
 */
export async function writeBackup(db: Database, storage: Storage, file: string): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), "car-rental-backup-"));
  try {
    await mkdir(path.join(work, "tables"));
    let objectKeys: string[] = [];
    const manifest = await db.knex.transaction(
      async (trx): Promise<Manifest> => {
        const tables: Manifest["tables"] = [];
        for (const name of await userTables(trx)) {
          const result: { rows: { j: string }[] } = await trx.raw(
            "select row_to_json(t)::text as j from ?? t",
            [name],
          );
          const lines = result.rows.map((row) => `${row.j}\n`).join("");
          await writeFile(path.join(work, "tables", `${name}.jsonl`), lines);
          tables.push({ name, rows: result.rows.length });
        }
        const sequences: { rows: { name: string; last_value: string | null; is_called: boolean }[] } =
          await trx.raw(
            `select sequencename as name, coalesce(last_value, start_value)::text as last_value, last_value is not null as is_called
               from pg_sequences where schemaname = current_schema() order by sequencename`,
          );
        const objectRows: { path: string }[] = await trx("objects").select("path").orderBy("path");
        objectKeys = objectRows.map((row) => row.path).filter(isObjectKey);
        return {
          format: 1,
          schemaVersion: await appliedSchemaVersion(trx),
          createdAt: new Date().toISOString(),
          engine: db.engine,
          tables,
          sequences: sequences.rows.map((row) => ({
            name: row.name,
            lastValue: row.last_value ?? "1",
            isCalled: row.is_called,
          })),
          objects: [],
        };
      },
      { isolationLevel: "repeatable read", readOnly: true },
    );
    // The objects the snapshot names, read once its transaction has ended (release-2 A6: no storage call
    // inside a database transaction). An uploaded object never changes; one deleted meanwhile (an upload
    // that never arrived, or an orphan cleaned up) is left out.
    for (const key of objectKeys) {
      const object = await storage.get(key);
      if (!object) continue;
      const target = path.join(work, "objects", key);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(object.body, createWriteStream(target));
      manifest.objects.push({ key, size: object.size, contentType: object.contentType });
    }
    await writeFile(path.join(work, "manifest.json"), JSON.stringify(manifest, null, 2));
    const target = path.resolve(file);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    const entries = ["manifest.json", "tables", ...(manifest.objects.length > 0 ? ["objects"] : [])];
    // Compressed by node:zlib's stream, on libuv's thread pool: tar's own gzip option compresses
    // synchronously on this thread (about half a second of a blocked server at 100,000 bookings).
    await pipeline(tar.c({ cwd: work, portable: true }, entries), createGzip(), createWriteStream(partial));
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export type RestoreOptions = { force?: boolean };

/**
 * Loads an archive into the database and its objects into `storage`. The
 * database must be empty (no rows in any table) unless `force`. Its schema is
 * rebuilt at the archive's version, the rows are inserted as they were (ids,
 * `version`, timestamps) and sequences set to their archived values, then the
 * newer migrations of this release run over them. `sync_xid` is a transaction
 * id of the archived database and means nothing here: every row gets the
 * restore's own, and the sync epoch moves on so that any admin device holding
 * a cursor from before gets a full reset (see sync.service.ts).
 */
export async function restoreBackup(
  db: Database,
  storage: Storage,
  file: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), "car-rental-restore-"));
  try {
    await tar.x({ file, cwd: work, strict: true });
    const manifest = parseManifest(await readFile(path.join(work, "manifest.json"), "utf8"));
    const known = migrations.map((m) => m.name);
    if (!known.includes(manifest.schemaVersion)) throw new ArchiveFromNewerSchema(manifest.schemaVersion);

    const knex = db.knex;
    await refuseUnlessEmpty(knex, options.force ?? false);
    // Devices may hold cursors of the database being replaced too (a forced restore).
    const replacedEpoch = await currentSyncEpoch(knex);
    await knex.transaction(async (trx) => {
      const schema: { rows: { s: string }[] } = await trx.raw("select current_schema() as s");
      const name = schema.rows[0]?.s ?? "public";
      await trx.raw("drop schema ?? cascade", [name]);
      await trx.raw("create schema ??", [name]);
    });
    await migrate(knex, manifest.schemaVersion);

    await knex.transaction(async (trx) => {
      const archivedEpoch = await loadTables(trx, work, manifest);
      const oldEpoch = archivedEpoch > replacedEpoch ? archivedEpoch : replacedEpoch;
      for (const sequence of manifest.sequences) {
        await trx.raw("select setval(?::regclass, ?::bigint, ?)", [
          sequence.name,
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
      await trx("app_settings")
        .insert({
          key: SYNC_EPOCH_KEY,
          value: (oldEpoch + SYNC_EPOCH_STEP).toString(),
          updated_at: trx.fn.now(),
        })
        .onConflict("key")
        .merge(["value", "updated_at"]);
    });
    await migrate(knex);

    for (const object of manifest.objects) {
      if (!isObjectKey(object.key)) throw new Error(`the archive holds an invalid object key: ${object.key}`);
      const body = await readFile(path.join(work, "objects", object.key));
      await storage.put(object.key, body, object.contentType ?? "application/octet-stream");
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The sync epoch stored in the database, 0 when none (or no schema yet). */
async function currentSyncEpoch(knex: Knex): Promise<bigint> {
  const exists: { rows: unknown[] } = await knex.raw(
    "select 1 from pg_tables where schemaname = current_schema() and tablename = 'app_settings'",
  );
  if (exists.rows.length === 0) return 0n;
  const row = await knex("app_settings")
    .where({ key: SYNC_EPOCH_KEY })
    .first<{ value: string } | undefined>();
  return row && /^\d{1,20}$/.test(row.value) ? BigInt(row.value) : 0n;
}

async function refuseUnlessEmpty(knex: Knex, force: boolean): Promise<void> {
  if (force) return;
  const filled: string[] = [];
  for (const table of await userTables(knex)) {
    if (SEEDED_TABLES.includes(table)) continue;
    const row: { rows: unknown[] } = await knex.raw("select 1 from ?? limit 1", [table]);
    if (row.rows.length > 0) filled.push(table);
  }
  if (filled.length > 0) throw new DatabaseNotEmpty(filled);
}

/** Inserts every archived row; returns the archive's sync epoch. */
async function loadTables(trx: Knex.Transaction, work: string, manifest: Manifest): Promise<bigint> {
  let oldEpoch = 0n;
  for (const table of await tablesInForeignKeyOrder(
    trx,
    manifest.tables.map((t) => t.name),
  )) {
    const columns: { rows: { column_name: string }[] } = await trx.raw(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = ? and is_generated = 'NEVER'
        order by ordinal_position`,
      [table],
    );
    const names = columns.rows.map((row) => row.column_name);
    const select = names
      .map((column) => (column === "sync_xid" ? "pg_current_xact_id()" : "r.??"))
      .join(", ");
    const bindings = names.filter((column) => column !== "sync_xid");
    const insert = async (rows: string[]) => {
      if (rows.length === 0) return;
      await trx.raw(
        `insert into ?? (${names.map(() => "??").join(", ")})
         select ${select} from json_populate_recordset(null::??, ?::json) r`,
        [table, ...names, ...bindings, table, `[${rows.join(",")}]`],
      );
    };
    if (SEEDED_TABLES.includes(table)) await trx(table).delete();
    let chunk: string[] = [];
    const lines = createInterface({ input: createReadStream(path.join(work, "tables", `${table}.jsonl`)) });
    for await (const line of lines) {
      if (line.trim() === "") continue;
      if (table === "app_settings") {
        const row: unknown = JSON.parse(line);
        if (isSetting(row) && row.key === SYNC_EPOCH_KEY) {
          oldEpoch = BigInt(row.value);
          continue;
        }
        if (isSetting(row) && row.key === LAST_DAILY_BACKUP_KEY) continue;
      }
      chunk.push(line);
      if (chunk.length >= INSERT_CHUNK) {
        await insert(chunk);
        chunk = [];
      }
    }
    await insert(chunk);
  }
  return oldEpoch;
}

function isSetting(row: unknown): row is { key: string; value: string } {
  return (
    typeof row === "object" &&
    row !== null &&
    "key" in row &&
    "value" in row &&
    typeof row.key === "string" &&
    typeof row.value === "string"
  );
}

/** Orders tables so that every table comes after the tables its foreign keys point to. */
async function tablesInForeignKeyOrder(trx: Knex.Transaction, tables: string[]): Promise<string[]> {
  const result: { rows: { child: string; parent: string }[] } = await trx.raw(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace and c.conrelid <> c.confrelid`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of result.rows) {
    const set = parents.get(child) ?? new Set<string>();
    set.add(parent);
    parents.set(child, set);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (tables.includes(parent)) visit(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const manifestSchema = z.object({
  format: z.literal(1),
  schemaVersion: z.string().min(1),
  createdAt: z.string(),
  engine: z.enum(["postgres", "pglite"]),
  tables: z.array(z.object({ name: z.string(), rows: z.number() })),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  objects: z.array(z.object({ key: z.string(), size: z.number(), contentType: z.string().optional() })),
});

function parseManifest(text: string): Manifest {
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error("this file is not a backup archive of this server (invalid manifest.json)");
  return parsed.data;
}

/** Archives in `folder` named by `dailyArchiveName`, newest first. */
export async function listDailyArchives(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => []);
  return names
    .filter((name) => /^backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/.test(name))
    .sort()
    .reverse();
}

export function dailyArchiveName(day: string): string {
  return `backup-${day}.tar.gz`;
}

/** Deletes all but the newest `keep` daily archives. */
export async function pruneDailyArchives(folder: string, keep: number): Promise<void> {
  const names = await listDailyArchives(folder);
  for (const name of names.slice(keep)) await rm(path.join(folder, name), { force: true });
}
