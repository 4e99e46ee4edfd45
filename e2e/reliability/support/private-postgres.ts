/**
 * A private PostgreSQL 15 instance for one test file: initdb into a temporary
 * folder, trust auth, listening on 127.0.0.1 at a free port, so it can be
 * restarted without disturbing the shared server. As root, the commands run
 * as the `postgres` system user (PostgreSQL refuses to run as root).
 */
import { execFile } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort, sleep } from "./server-process";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

export type PrivatePostgres = {
  port: number;
  /** URL of the `postgres` database (for create/drop database and checks). */
  url: string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast` (every session is terminated), waits `downMs`, starts again. */
  restart(downMs: number): Promise<{ stoppedAt: number; startedAt: number }>;
  /** Stops the instance and deletes its folder. */
  destroy(): Promise<void>;
};

async function asPostgresUser(command: string, args: string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run("id", ["-u", "postgres"]);
  const { stdout: gid } = await run("id", ["-g", "postgres"]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "car-rental-pg-"));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresUserIds();
    await chown(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const port = await freePort();
  await asPostgresUser(`${BIN}/initdb`, [
    "-D",
    dataDir,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--no-sync",
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    asPostgresUser(`${BIN}/pg_ctl`, ["-D", dataDir, "-o", options, "-l", logFile, "-w", "start"]);
  const stop = (mode: "fast" | "immediate") =>
    asPostgresUser(`${BIN}/pg_ctl`, ["-D", dataDir, "-m", mode, "-w", "stop"]);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart(downMs) {
      await stop("fast");
      const stoppedAt = Date.now();
      await sleep(downMs);
      await start();
      return { stoppedAt, startedAt: Date.now() };
    },
    async destroy() {
      await stop("immediate").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
