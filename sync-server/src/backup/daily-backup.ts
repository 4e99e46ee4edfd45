import { access } from "node:fs/promises";
import path from "node:path";
import { manilaToday } from "@car-rental/shared/dates";
import type { AppDeps } from "../deps";
import { dailyArchiveName, LAST_DAILY_BACKUP_KEY, pruneDailyArchives, writeBackup } from "./archive";

const CHECK_EVERY_MS = 60 * 60 * 1000;

export type DailyBackup = {
  stop(): Promise<void>;
  /** Runs one check now (tests). */ runNow(): Promise<void>;
};

/**
 * Writes `DATA_DIR/backups/backup-<day>.tar.gz` once per business day (checked
 * at start and hourly) and keeps the newest `config.backupKeep` (0: off).
 * Several processes on one PostgreSQL claim the day in one statement, so only
 * one of them writes it; on the embedded database the running server is the
 * only one that may open the folder, so it writes its own.
 */
export function startDailyBackup(deps: AppDeps): DailyBackup {
  const keep = deps.config.backupKeep;
  let running: Promise<void> = Promise.resolve();
  if (keep === 0) return { stop: () => Promise.resolve(), runNow: () => Promise.resolve() };
  const folder = path.join(deps.config.dataDir, "backups");

  const once = async () => {
    const day = manilaToday(deps.clock.now());
    const file = path.join(folder, dailyArchiveName(day));
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (exists) return;
    const claimed: unknown[] = await deps.db
      .knex("app_settings")
      .insert({ key: LAST_DAILY_BACKUP_KEY, value: day, updated_at: deps.db.knex.fn.now() })
      .onConflict("key")
      .merge(["value", "updated_at"])
      .where("app_settings.value", "<", day)
      .returning("key");
    if (claimed.length === 0) return;
    try {
      const manifest = await writeBackup(deps.db, deps.storage, file);
      deps.logger.info({ file, objects: manifest.objects.length }, "daily backup written");
      await pruneDailyArchives(folder, keep);
    } catch (err) {
      // Give the day back, so the next check (here or in another process) tries again.
      await deps.db.knex("app_settings").where({ key: LAST_DAILY_BACKUP_KEY, value: day }).delete();
      throw err;
    }
  };
  const run = () => {
    running = running.then(once).catch((err: unknown) => deps.logger.error({ err }, "daily backup failed"));
    return running;
  };
  const timer = setInterval(() => void run(), CHECK_EVERY_MS);
  timer.unref();
  void run();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
