import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";

/** Another live process holds the data folder (release-2 §B1). */
export class DataDirInUse extends Error {
  override readonly name = "DataDirInUse";
  constructor(readonly pid: number | undefined) {
    super(`DATA_DIR is in use by another server (pid ${pid ?? "unknown"})`);
  }
}

export type DataDirLock = { release(): Promise<void> };

/**
 * Whether the owner lives is decided by its pid, not by the lock's age:
 * PGlite's start blocks the event loop for many seconds on a slow machine,
 * which would let proper-lockfile's mtime refresh fall behind and a second
 * process take a live server's lock as stale. So the age limit is a day.
 */
const STALE_MS = 24 * 60 * 60 * 1000;
const UPDATE_MS = STALE_MS / 2;

/** Whether process `pid` runs (EPERM: it does, as another user's). Sends no signal. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

/** Whether the lock's owner lives: a pid file of our own is a previous life of this container. */
const isAlive = (pid: number): boolean => pid !== process.pid && processRuns(pid);

/**
 * Takes the lock on an embedded database folder before anything opens it:
 * `<folder>.lock` (a directory, created atomically by proper-lockfile) holding
 * the owner's pid. A lock left by a killed process (SIGKILL, power cut) is
 * taken over at once when its pid is no longer running, so it never blocks the
 * next start; a live owner makes this throw `DataDirInUse` having changed nothing.
 */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const lockPath = `${folder}.lock`;
  const pidFile = path.join(lockPath, "pid");
  await mkdir(path.dirname(folder), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const release = await lockfile.lock(folder, {
        lockfilePath: lockPath,
        realpath: false,
        stale: STALE_MS,
        update: UPDATE_MS,
        // A late mtime refresh (a stalled event loop) is no reason to stop serving.
        onCompromised: (error) => console.error(`the lock on ${folder} was compromised: ${error.message}`),
      });
      await writeFile(pidFile, String(process.pid));
      return {
        // The pid file first: proper-lockfile removes its lock directory with rmdir, which fails
        // (silently) on a non-empty one, and the lock would outlive this owner while it lives.
        release: async () => {
          await rm(pidFile, { force: true });
          await release().catch(() => undefined);
        },
      };
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "ELOCKED")) throw error;
      const pid = Number.parseInt(await readFile(pidFile, "utf8").catch(() => ""), 10);
      if (Number.isInteger(pid) && !isAlive(pid) && attempt < 3) {
        await rm(lockPath, { recursive: true, force: true });
        continue;
      }
      // No pid yet: the owner is between creating the lock and writing its pid.
      if (!Number.isInteger(pid) && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      throw new DataDirInUse(Number.isInteger(pid) ? pid : undefined);
    }
  }
}
