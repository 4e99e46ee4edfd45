/**
 * Backup and restore from the command line (release-2 §B2):
 *   npm run backup -- <file>
 *   npm run restore -- <file> [--force]
 * The database and the storage are the server's (DATABASE_URL or the embedded
 * database in DATA_DIR; S3_* or DATA_DIR/objects), read by config.ts. On the
 * embedded database this needs the server stopped: it takes the same lock.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirInUse, openDatabase } from "@car-rental/db";
import { readConfig } from "../config";
import { createStorage } from "../storage/create-storage";
import { ArchiveFromNewerSchema, DatabaseNotEmpty, restoreBackup, writeBackup } from "./archive";

const usage = "usage: npm run backup -- <file>   |   npm run restore -- <file> [--force]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
const [command, file] = positionals;
if (positionals.length !== 2 || !file || (command !== "backup" && command !== "restore")) {
  console.error(usage);
  process.exit(2);
}

const config = readConfig();
let exitCode = 0;
try {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const storage = await createStorage(config);
    const target = path.resolve(file);
    if (command === "backup") {
      const manifest = await writeBackup(db, storage, target);
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.info(
        `backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.objects.length} objects (schema ${manifest.schemaVersion}) to ${target}`,
      );
    } else {
      const manifest = await restoreBackup(db, storage, target, { force: values.force });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.info(
        `restored ${rows} rows and ${manifest.objects.length} objects from ${target} into the ${db.engine} database`,
      );
    }
  } finally {
    await db.close();
  }
} catch (error) {
  if (
    error instanceof DataDirInUse ||
    error instanceof DatabaseNotEmpty ||
    error instanceof ArchiveFromNewerSchema
  ) {
    console.error(error.message);
    exitCode = 1;
  } else {
    throw error;
  }
}
process.exit(exitCode);
