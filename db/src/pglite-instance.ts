import { PGlite } from "@electric-sql/pglite";
import type { ParserOptions } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { BUSINESS_TIME_ZONE } from "@car-rental/shared/constants";
import { DurableNodeFS, durableStartParams } from "./durable-nodefs";
import { asText, fastTimestamptz, OID, TIMESTAMPTZ_OID } from "./pg-types";

/** PGlite hands back dates, wall-clock timestamps and int8 as their text, as node-postgres is set up to (index.ts). */
const pgliteParsers: ParserOptions = {
  [OID.date]: asText,
  [OID.timestamp]: asText,
  [OID.int8]: asText,
  // As PGlite's own parser, with the fast path node-postgres is given too.
  [TIMESTAMPTZ_OID]: fastTimestamptz((value) =>
    value === "infinity" ? Infinity : value === "-infinity" ? -Infinity : new Date(value),
  ),
};

/**
 * The embedded PostgreSQL in `dataDir` (in memory when undefined), with btree_gist, a durable file
 * system and sessions in the business time zone. In memory, `startFrom` is an archive of a data
 * folder (`PGlite.dumpDataDir`) to start from instead of a new one (tests: no initdb, no migrations).
 */
export async function createPglite(dataDir: string | undefined, startFrom?: Blob): Promise<PGlite> {
  // One options object: `new PGlite(dir, {extensions})` would drop btree_gist (STACK.md).
  const pglite = await PGlite.create({
    ...(dataDir ? { fs: new DurableNodeFS(dataDir), startParams: durableStartParams } : {}),
    ...(startFrom && !dataDir ? { loadDataDir: startFrom } : {}),
    extensions: { btree_gist },
    parsers: pgliteParsers,
  });
  await pglite.exec(`set time zone '${BUSINESS_TIME_ZONE}'`);
  return pglite;
}
