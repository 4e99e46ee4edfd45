/**
 * `npm run bench:bookings`: issue #17's comparison alone, to iterate on it. On each engine
 * (BENCH_ENGINES, default both), BENCH_ROUNDS times (default 2), alternately (each going first
 * every other round): this release's POST /api/bookings (1000 bookings over 10 connections after
 * 100 not counted, each with its own
 * documents and an Idempotency-Key, as the PWA sends them) and release 1's (the same, with the
 * request its own form sent). Alternating on one machine in one run is what makes the two
 * comparable here (see release-one.ts). Prints each figure and the ratio of the medians.
 */
import { randomUUID } from "node:crypto";
import type { Engine } from "@car-rental/db";
import { BOOKINGS_PER_ROW } from "./api-bench";
import { BENCH_ADMIN_PASSWORD } from "./lib/admin";
import { distinctBookings, uploadBenchDocumentSets, type BenchCar } from "./lib/bookings";
import { createBenchDatabase, postgresReachable } from "./lib/databases";
import { benchSettings } from "./lib/env";
import { measure } from "./lib/load";
import { startProcess } from "./lib/server";
import { benchReleaseOneBookings, releaseOneTree } from "./release-one";

const WARM_UP = 100;
const rounds = benchSettings.bookingRounds;
const env = { ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, RATE_LIMIT_SCALE: "1000" };
const postgresUrl = benchSettings.postgresUrl;

async function thisRelease(engine: Engine): Promise<number> {
  const database = await createBenchDatabase(engine, postgresUrl);
  const server = await startProcess("sync-server/src/main.ts", benchSettings.port, {
    ...env,
    ...database.env,
  });
  try {
    const cars = (await (await fetch(`${server.url}/api/cars`)).json()) as BenchCar[];
    const documents = await uploadBenchDocumentSets(server.url, WARM_UP + BOOKINGS_PER_ROW);
    const bookings = distinctBookings(cars, 400, documents);
    const book = (amount: number) =>
      measure({
        url: `${server.url}/api/bookings`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        requestHeaders: () => ({ "Idempotency-Key": randomUUID() }),
        body: bookings,
        connections: 10,
        amount,
      });
    await book(WARM_UP);
    const result = await book(BOOKINGS_PER_ROW);
    if (result.non2xx > 0) throw new Error(`bookings refused: ${JSON.stringify(result.statuses)}`);
    return result.rps;
  } finally {
    await server.stop();
    await database.drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

const tree = releaseOneTree();
if (!("dir" in tree)) throw new Error(`release 1 is not available: ${tree.unavailable}`);
const engines = (benchSettings.engines ?? ["postgres", "pglite"]) as Engine[];
for (const engine of engines) {
  if (engine === "postgres" && !(await postgresReachable(postgresUrl))) {
    console.info("postgres: not reachable, skipped");
    continue;
  }
  const mine: number[] = [];
  const theirs: number[] = [];
  const releaseOne = async () =>
    (
      await benchReleaseOneBookings({
        tree,
        engine,
        postgresUrl,
        port: benchSettings.port,
        env,
        connections: 10,
        amount: BOOKINGS_PER_ROW,
      })
    ).rps;
  for (let round = 1; round <= rounds; round++) {
    // Each goes first every other round: a host that warms up (or cools down) during the run favours neither.
    if (round % 2 === 1) {
      mine.push(await thisRelease(engine));
      theirs.push(await releaseOne());
    } else {
      theirs.push(await releaseOne());
      mine.push(await thisRelease(engine));
    }
    console.info(
      `${engine} round ${round}: this release ${mine.at(-1)} req/s, release 1 ${theirs.at(-1)} req/s`,
    );
  }
  const ratio = Math.round((median(mine) / median(theirs)) * 100);
  console.info(
    `${engine}: this release ${median(mine)} vs release 1 ${median(theirs)} req/s (medians): ${ratio} %`,
  );
}
