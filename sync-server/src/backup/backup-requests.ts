/**
 * `npm run backup` while a server runs on the embedded database (release-2
 * §B2: a backup "from either engine"). Only one process may open DATA_DIR
 * (§B1), so the command cannot read the database itself: it asks the server
 * holding the folder to write the archive with its own connection (one
 * consistent snapshot, like the daily archive).
 *
 * A request is a file, `DATA_DIR/backup-requests/<id>.request.json` naming
 * the archive to write (written beside, then renamed into place). The server
 * notices it (a watch on the folder, and a look every few seconds where
 * watching is not reliable), takes it (deletes it), writes the archive and
 * answers `<id>.answer.json`. The command waits while the server lives, and
 * gives up when the request is not taken within a few seconds (a server of
 * a version without this) or the server stops. No signal is sent: a pid
 * reused by another program is never disturbed.
 */
import { randomUUID } from "node:crypto";
import { watch, type FSWatcher } from "node:fs";
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import { processRuns } from "@car-rental/db";
import { summarizeManifest, type Manifest, type ManifestSummary } from "./archive";

export const BACKUP_REQUESTS_FOLDER = "backup-requests";
const REQUEST = ".request.json";
const ANSWER = ".answer.json";
/** The server's look at the folder besides the watch (a watch can miss events on some file systems). */
const LOOK_EVERY_MS = 2_000;

/** What the server answers a request with. */
export type BackupAnswer = ({ ok: true; file: string } & ManifestSummary) | { ok: false; error: string };

/** The command's request could not be served; the message says why and what to do. */
export class BackupRequestFailed extends Error {
  override readonly name = "BackupRequestFailed";
}

async function writeAtomically(file: string, content: string): Promise<void> {
  const partial = `${file}.partial`;
  await writeFile(partial, content);
  await rename(partial, file);
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export type BackupRequests = {
  stop(): Promise<void>;
  /** Looks at the folder now (tests). */ look(): Promise<void>;
};

/**
 * The server's side: serves the requests put into `DATA_DIR/backup-requests`
 * with `write` (writeBackup on its own database and storage), one at a time,
 * until stopped. Requests left from before it started are removed: the
 * command that made them gave up when its server stopped.
 */
export async function serveBackupRequests(
  dataDir: string,
  write: (file: string) => Promise<Manifest>,
  logger: Logger,
): Promise<BackupRequests> {
  const folder = path.join(dataDir, BACKUP_REQUESTS_FOLDER);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  async function serve(name: string): Promise<void> {
    const id = name.slice(0, -REQUEST.length);
    const requestFile = path.join(folder, name);
    let answer: BackupAnswer;
    try {
      const request: unknown = JSON.parse(await readFile(requestFile, "utf8"));
      const file: unknown = request && typeof request === "object" ? Reflect.get(request, "file") : undefined;
      // Taken: the command now waits for the answer, however long the archive takes.
      await rm(requestFile, { force: true });
      if (typeof file !== "string" || !path.isAbsolute(file))
        throw new Error("the request names no archive file");
      const manifest = await write(file);
      answer = { ok: true, file, ...summarizeManifest(manifest) };
      logger.info({ file, objects: manifest.objects.length }, "backup written on request");
    } catch (err) {
      await rm(requestFile, { force: true });
      logger.error({ err }, "backup on request failed");
      answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    await writeAtomically(path.join(folder, `${id}${ANSWER}`), JSON.stringify(answer));
  }

  const look = (): Promise<void> => {
    queue = queue
      .then(async () => {
        if (stopped) return;
        const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith(REQUEST));
        for (const name of names.sort()) if (!stopped) await serve(name);
      })
      .catch((err: unknown) => logger.error({ err }, "backup requests: looking at the folder failed"));
    return queue;
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(folder, () => void look());
    watcher.on("error", () => undefined);
  } catch {
    // Not watchable here: the periodic look serves the requests.
  }
  const timer = setInterval(() => void look(), LOOK_EVERY_MS);
  timer.unref();
  void look();
  return {
    look,
    async stop() {
      stopped = true;
      watcher?.close();
      clearInterval(timer);
      await queue;
    },
  };
}

export type AskOptions = {
  /** How long the server has to take the request (ms). */
  takeWithinMs?: number;
  /** How often the command looks for the answer (ms). */
  pollMs?: number;
  /** Whether the server still runs (tests). */
  alive?: (pid: number) => boolean;
};

/**
 * The command's side: asks the server `pid`, which holds `dataDir`, to write
 * the archive `file` (an absolute path), and resolves with its answer.
 * @throws BackupRequestFailed when the server does not take the request in
 *   time (it predates this), stops before answering, or the folder is missing.
 */
export async function askServerForBackup(
  dataDir: string,
  pid: number,
  file: string,
  options: AskOptions = {},
): Promise<Extract<BackupAnswer, { ok: true }>> {
  const { takeWithinMs = 10_000, pollMs = 200, alive = processRuns } = options;
  const folder = path.join(dataDir, BACKUP_REQUESTS_FOLDER);
  const stopTheServer = `stop the server (pid ${pid}) and run the backup again`;
  if (!(await exists(folder))) {
    throw new BackupRequestFailed(`The server (pid ${pid}) does not take backup requests: ${stopTheServer}.`);
  }
  const id = randomUUID();
  const requestFile = path.join(folder, `${id}${REQUEST}`);
  const answerFile = path.join(folder, `${id}${ANSWER}`);
  await writeAtomically(requestFile, JSON.stringify({ file: path.resolve(file) }));
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    if (await exists(answerFile)) {
      const answer = JSON.parse(await readFile(answerFile, "utf8")) as BackupAnswer;
      await rm(answerFile, { force: true });
      if (!answer.ok)
        throw new BackupRequestFailed(`The server (pid ${pid}) could not write the backup: ${answer.error}`);
      return answer;
    }
    const waiting = await exists(requestFile);
    if (!alive(pid)) {
      await rm(requestFile, { force: true });
      throw new BackupRequestFailed(
        `The server (pid ${pid}) stopped before writing the backup: run it again.`,
      );
    }
    if (waiting && Date.now() - started > takeWithinMs) {
      await rm(requestFile, { force: true });
      throw new BackupRequestFailed(
        `The server (pid ${pid}) did not take the backup request: ${stopTheServer}.`,
      );
    }
  }
}
