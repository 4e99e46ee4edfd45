/**
 * `npm run bench:bookings`: issue #17's comparison alone, to iterate on it. On each engine
 * (BENCH_ENGINES, default both), BENCH_ROUNDS times (default 3), alternately (each going first
 * every other round): this release's POST /api/bookings (1000 bookings over 10 connections after
 * 100 not counted, each with its own documents and an Idempotency-Key, as the PWA sends them) and
 * release 1's (the same, with the request its own form sent). `npm run bench` makes the same
 * comparison (bench/lib/booking-rounds.ts). Prints each figure and the ratio of the medians.
 */
import type { Engine } from "@car-rental/db";
import { BENCH_ADMIN_PASSWORD } from "./lib/admin";
import { bookingRounds } from "./lib/booking-rounds";
import { postgresReachable } from "./lib/databases";
import { benchSettings } from "./lib/env";
import { releaseOneTree } from "./release-one";

const env = { ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, RATE_LIMIT_SCALE: "1000" };
const postgresUrl = benchSettings.postgresUrl;

const tree = releaseOneTree();
if (!("dir" in tree)) throw new Error(`release 1 is not available: ${tree.unavailable}`);
const engines = (benchSettings.engines ?? ["postgres", "pglite"]) as Engine[];
for (const engine of engines) {
  if (engine === "postgres" && !(await postgresReachable(postgresUrl))) {
    console.info("postgres: not reachable, skipped");
    continue;
  }
  const { medianThisRelease: mine, medianReleaseOne: theirs } = await bookingRounds({
    tree,
    engine,
    postgresUrl,
    port: benchSettings.port,
    env,
    rounds: benchSettings.bookingRounds,
  });
  const ratio = Math.round((mine.rps / theirs.rps) * 100);
  console.info(`${engine}: this release ${mine.rps} vs release 1 ${theirs.rps} req/s (medians): ${ratio} %`);
}
