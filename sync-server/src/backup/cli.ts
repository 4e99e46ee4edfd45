/**
 * Backup and restore from the command line (release-2 §B2):
 *   npm run backup -- <file>
 *   npm run restore -- <file> [--force]
 * The database and the storage are the server's (DATABASE_URL or the embedded
 * database in DATA_DIR; S3_* or DATA_DIR/objects), read by config.ts. While a
 * server holds the embedded database (only one process may open it), a
 * backup is written by that server on request (backup-requests.ts), and a
 * restore is refused: it needs the server stopped.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirInUse, openDatabase } from "@car-rental/db";
import { readConfig } from "../config";
import { createStorage } from "../storage/create-storage";
import {
  ArchiveFromNewerSchema,
  DatabaseNotEmpty,
  describeBackup,
  restoreBackup,
  summarizeManifest,
  writeBackup,
} from "./archive";
import { askServerForBackup, BackupRequestFailed } from "./backup-requests";

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
      console.info(describeBackup(summarizeManifest(manifest), target));
    } else {
      const { rows, objects } = summarizeManifest(
        await restoreBackup(db, storage, target, { force: values.force }),
      );
      console.info(
        `restored ${rows} rows and ${objects} objects from ${target} into the ${db.engine} database`,
      );
    }
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof DataDirInUse && command === "backup" && error.pid !== undefined) {
    // The server holding the embedded database writes it (one consistent snapshot of its own connection).
    console.info(`${error.message}: asking it to write the backup`);
    try {
      const answer = await askServerForBackup(config.dataDir, error.pid, path.resolve(file));
      console.info(describeBackup(answer, answer.file));
    } catch (failure) {
      if (!(failure instanceof BackupRequestFailed)) throw failure;
      console.error(failure.message);
      exitCode = 1;
    }
  } else if (
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
