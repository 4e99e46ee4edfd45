/**
 * What syncing every commit costs the embedded database (release-2 §B1):
 *   npx tsx db/scripts/measure-durability.ts [commits]
 * Times single-row committing inserts into PGlite on disk, as PGlite ships
 * (fsync off, NODEFS without fsync) and as the server opens it
 * (DurableNodeFS: WAL fsynced before each commit returns). For the bench.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { DurableNodeFS, durableStartParams } from "../src/durable-nodefs";

const commits = Number(process.argv[2] ?? 300);

async function measure(label: string, durable: boolean): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "pglite-durability-"));
  try {
    const pg = await PGlite.create(
      durable ? { fs: new DurableNodeFS(dir), startParams: durableStartParams } : { fs: new NodeFS(dir) },
    );
    await pg.exec("create table t (id serial primary key, v text)");
    const start = performance.now();
    for (let i = 0; i < commits; i += 1) await pg.query("insert into t (v) values ($1)", [`row ${i}`]);
    const ms = performance.now() - start;
    console.info(
      `${label}: ${commits} commits in ${ms.toFixed(0)} ms = ${(ms / commits).toFixed(3)} ms per commit`,
    );
    await pg.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await measure("as PGlite ships (no fsync)", false);
await measure("durable (fsync per commit)", true);
