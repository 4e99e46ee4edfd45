/**
 * Issue #17's comparison: this release's POST /api/bookings against release 1's, measured
 * alternately in rounds on one machine in one run (each going first every other round, so a host
 * that warms up or slows down during the run favours neither), compared by their medians. A single
 * pair measured minutes apart differed by up to 25 % on this host with nothing changed (157 against
 * 207 req/s in one full run; 176 against 180 in the medians of three rounds right after).
 */
import type { Engine } from "@car-rental/db";
import { BOOKINGS_PER_ROW, postBookings } from "../api-bench";
import { WARM_UP_BOOKINGS, benchReleaseOneBookings } from "../release-one";
import { distinctBookings, uploadBenchDocumentSets, type BenchCar } from "./bookings";
import { createBenchDatabase } from "./databases";
import type { LoadResult } from "./load";
import { quietMachine } from "./quiet-machine";
import { startProcess } from "./server";

export type BookingRoundsOptions = {
  tree: { dir: string };
  engine: Engine;
  postgresUrl: string;
  port: number;
  /** The server environment of both releases (admin password, rate-limit scale). */
  env: Record<string, string>;
  rounds: number;
};

export type BookingRounds = {
  thisRelease: LoadResult[];
  releaseOne: LoadResult[];
  /** The round with the median throughput of each side. */
  medianThisRelease: LoadResult;
  medianReleaseOne: LoadResult;
};

/**
 * This release's bookings on a fresh database: `BOOKINGS_PER_ROW` over 10 connections after 100 not
 * counted, each with its own documents and an Idempotency-Key, as the PWA sends them.
 */
async function thisRelease(options: BookingRoundsOptions): Promise<LoadResult> {
  const database = await createBenchDatabase(options.engine, options.postgresUrl);
  const server = await startProcess("sync-server/src/main.ts", options.port, {
    ...options.env,
    ...database.env,
  });
  try {
    const cars = (await (await fetch(`${server.url}/api/cars`)).json()) as BenchCar[];
    const documents = await uploadBenchDocumentSets(server.url, WARM_UP_BOOKINGS + BOOKINGS_PER_ROW);
    const bookings = distinctBookings(cars, 400, documents);
    await postBookings(server.url, bookings, 10, WARM_UP_BOOKINGS);
    // The warm-up's mails written, the disk flushed: as release 1's round (release-one.ts).
    await quietMachine("a round of this release's bookings");
    const result = await postBookings(server.url, bookings, 10, BOOKINGS_PER_ROW);
    if (result.non2xx > 0) throw new Error(`bookings refused: ${JSON.stringify(result.statuses)}`);
    return result;
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** The result with the median throughput (the lower middle one of an even count). */
function medianByRps(results: readonly LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("no rounds");
  return median;
}

/** `options.rounds` alternating rounds of both releases' bookings; `log` hears each round. */
export async function bookingRounds(
  options: BookingRoundsOptions,
  log: (line: string) => void = console.info,
): Promise<BookingRounds> {
  const mine: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  const releaseOne = () => benchReleaseOneBookings({ ...options, connections: 10, amount: BOOKINGS_PER_ROW });
  for (let round = 1; round <= options.rounds; round++) {
    if (round % 2 === 1) {
      mine.push(await thisRelease(options));
      theirs.push(await releaseOne());
    } else {
      theirs.push(await releaseOne());
      mine.push(await thisRelease(options));
    }
    log(
      `${options.engine} bookings round ${round}: this release ${mine.at(-1)?.rps} req/s, release 1 ${theirs.at(-1)?.rps} req/s`,
    );
  }
  return {
    thisRelease: mine,
    releaseOne: theirs,
    medianThisRelease: medianByRps(mine),
    medianReleaseOne: medianByRps(theirs),
  };
}
