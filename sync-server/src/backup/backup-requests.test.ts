import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../test-server";
import { writeBackup } from "./archive";
import {
  askServerForBackup,
  BACKUP_REQUESTS_FOLDER,
  BackupRequestFailed,
  serveBackupRequests,
  type BackupRequests,
} from "./backup-requests";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/** The entries of a .tar.gz archive. */
async function entriesOf(file: string): Promise<string[]> {
  const entries: string[] = [];
  await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
  return entries;
}

/** Release-2 §B2: `npm run backup` while a server holds the embedded database. */
describe("backups written by the server that holds DATA_DIR, on request", () => {
  let server: TestServer;
  let requests: BackupRequests;
  beforeAll(async () => {
    server = await startTestServer("pglite");
    requests = await serveBackupRequests(
      server.dataDir,
      (file) => writeBackup(server.deps.db, server.deps.storage, file),
      server.deps.logger,
    );
  });
  afterAll(async () => {
    await requests?.stop();
    await server?.close();
  });

  it("writes the archive the command names and answers its summary; no request or answer is left", async () => {
    const file = path.join(server.dataDir, "asked", "now.tar.gz");
    const answer = await askServerForBackup(server.dataDir, process.pid, file, { pollMs: 20 });
    const cars = await server.db.knex("cars").count<{ count: string }[]>({ count: "*" });
    expect(answer).toMatchObject({ ok: true, file });
    expect(answer.rows).toBeGreaterThanOrEqual(Number(cars[0]?.count));
    expect(answer.tables).toBeGreaterThan(5);
    expect((await stat(file)).size).toBeGreaterThan(0);
    const entries = await entriesOf(file);
    expect(entries).toContain("manifest.json");
    expect(entries).toContain("tables/cars.jsonl");
    expect(await readdir(path.join(server.dataDir, BACKUP_REQUESTS_FOLDER))).toEqual([]);
  });

  it("answers a failure with its reason, and the command reports it", async () => {
    // A file where the archive's folder should be: the archive cannot be written.
    const blocker = path.join(server.dataDir, "not-a-folder");
    await writeFile(blocker, "x");
    const failed = askServerForBackup(server.dataDir, process.pid, path.join(blocker, "b.tar.gz"), {
      pollMs: 20,
    });
    await expect(failed).rejects.toThrow(BackupRequestFailed);
    await expect(failed).rejects.toThrow(/could not write the backup: .*not-a-folder/);
    expect(await readdir(path.join(server.dataDir, BACKUP_REQUESTS_FOLDER))).toEqual([]);
  });

  it("removes, at start, requests left from before (their command gave up)", async () => {
    const folder = path.join(server.dataDir, "other-server");
    await mkdir(path.join(folder, BACKUP_REQUESTS_FOLDER), { recursive: true });
    const stale = path.join(folder, BACKUP_REQUESTS_FOLDER, "old.request.json");
    const target = path.join(folder, "stale.tar.gz");
    await writeFile(stale, JSON.stringify({ file: target }));
    const other = await serveBackupRequests(
      folder,
      (file) => writeBackup(server.deps.db, server.deps.storage, file),
      server.deps.logger,
    );
    await other.look();
    await other.stop();
    expect(await readdir(path.join(folder, BACKUP_REQUESTS_FOLDER))).toEqual([]);
    await expect(stat(target)).rejects.toThrow();
  });
});

describe("the command's side when no server answers", () => {
  let dataDir: string;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { seed: false });
    dataDir = server.dataDir;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("says to stop the server when it does not serve requests (no folder: an older server)", async () => {
    await expect(askServerForBackup(dataDir, 4242, path.join(dataDir, "x.tar.gz"))).rejects.toThrow(
      "The server (pid 4242) does not take backup requests: stop the server (pid 4242) and run the backup again.",
    );
  });

  it("gives up when the request is not taken in time, and when the server stops", async () => {
    await mkdir(path.join(dataDir, BACKUP_REQUESTS_FOLDER), { recursive: true });
    await expect(
      askServerForBackup(dataDir, 4242, path.join(dataDir, "x.tar.gz"), {
        takeWithinMs: 100,
        pollMs: 20,
        alive: () => true,
      }),
    ).rejects.toThrow("The server (pid 4242) did not take the backup request: stop the server (pid 4242)");
    await expect(
      askServerForBackup(dataDir, 4242, path.join(dataDir, "x.tar.gz"), { pollMs: 20, alive: () => false }),
    ).rejects.toThrow("The server (pid 4242) stopped before writing the backup: run it again.");
    // Neither left its request behind.
    expect(await readdir(path.join(dataDir, BACKUP_REQUESTS_FOLDER))).toEqual([]);
    expect(await readFile(path.join(dataDir, "x.tar.gz")).catch(() => null)).toBeNull();
  });
});
