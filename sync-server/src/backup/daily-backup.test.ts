import { readdir, writeFile, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "../test-server";
import { startDailyBackup } from "./daily-backup";

// Each test opens several databases; PGlite takes many seconds to start on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const DAY = 24 * 60 * 60 * 1000;

describe("the daily archive", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  });
  afterAll(async () => {
    await server?.close();
  });

  const folder = () => path.join(server.dataDir, "backups");
  const archives = async () => (await readdir(folder())).filter((name) => name.endsWith(".tar.gz")).sort();

  it("writes one archive per business day into DATA_DIR/backups and keeps the newest BACKUP_KEEP", async () => {
    await mkdir(folder(), { recursive: true });
    for (const day of ["2026-11-17", "2026-11-18", "2026-11-19"]) {
      await writeFile(path.join(folder(), `backup-${day}.tar.gz`), "older");
    }
    const deps = { ...server.deps, config: { ...server.deps.config, backupKeep: 2 } };
    const daily = startDailyBackup(deps);
    await daily.runNow();
    // TEST_NOW is 2026-11-21 09:30 in Manila.
    expect(await archives()).toEqual(["backup-2026-11-19.tar.gz", "backup-2026-11-21.tar.gz"]);
    await daily.runNow();
    expect(await archives()).toHaveLength(2);

    // Another process on the same database finds the day claimed and writes nothing.
    await rm(path.join(folder(), "backup-2026-11-21.tar.gz"));
    const otherProcess = startDailyBackup(deps);
    await otherProcess.runNow();
    expect(await archives()).toEqual(["backup-2026-11-19.tar.gz"]);

    // The next day it is written again.
    server.clock.advance(DAY);
    await daily.runNow();
    expect(await archives()).toEqual(["backup-2026-11-19.tar.gz", "backup-2026-11-22.tar.gz"]);
    await daily.stop();
    await otherProcess.stop();
  });

  it("is off with BACKUP_KEEP=0", async () => {
    await rm(folder(), { recursive: true, force: true });
    server.clock.advance(DAY);
    const daily = startDailyBackup({ ...server.deps, config: { ...server.deps.config, backupKeep: 0 } });
    await daily.runNow();
    await daily.stop();
    expect(await readdir(folder()).catch(() => [])).toEqual([]);
  });
});
