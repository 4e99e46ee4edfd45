import { fsyncSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

type InitResult = Awaited<ReturnType<NodeFS["init"]>>;
type StreamOps = { fsync?: (stream: { nfd?: unknown }) => number };

function hasNodefsStreamOps(mod: unknown): mod is { NODEFS: { stream_ops: StreamOps } } {
  if (typeof mod !== "object" || mod === null || !("NODEFS" in mod)) return false;
  const nodefs: unknown = mod.NODEFS;
  return typeof nodefs === "object" && nodefs !== null && "stream_ops" in nodefs;
}

/**
 * PGlite's Node file system with a real fsync. Emscripten's NODEFS has no
 * `fsync` stream operation (the call is a silent no-op) and PGlite starts
 * PostgreSQL with `-F` (fsync off), so a commit could be answered while its WAL
 * record sat in the OS cache. Here fsync reaches the disk, and the start
 * parameters below turn PostgreSQL's fsync back on with `wal_sync_method=fsync`
 * (fdatasync is a no-op in Emscripten too): every commit syncs its WAL file
 * before it returns, and checkpoints sync the data files.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]): Promise<InitResult> {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: unknown) => {
        if (!hasNodefsStreamOps(mod)) throw new Error("PGlite's NODEFS changed: cannot make it durable");
        mod.NODEFS.stream_ops.fsync = (stream) => {
          if (typeof stream.nfd === "number") fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on (see `DurableNodeFS`). */
export const durableStartParams: NonNullable<PGliteOptions["startParams"]> = [
  ...PGlite.defaultStartParams,
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
];
