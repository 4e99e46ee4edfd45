/**
 * Issue #17 asks that POST /api/bookings stay as fast as before release 2, within 10 %. This
 * machine's speed differs several-fold between runs (the bare Koa ceiling has ranged from 3,552 to
 * 68,617 req/s), so a figure from another day says little: the bench measures release 1 itself in
 * the same run. Its tree is the last commit of release 1, taken with `git archive` and given its own
 * dependencies (kept in node_modules/.cache/release-one/, about a minute the first time); its
 * server starts on an empty database of the same engine (it migrates and seeds itself) and gets the
 * same booking load as this release's row, each with the request its own booking form sends.
 */
import { execFileSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Engine } from "@car-rental/db";
import { bookingFields, distinctSlots, type BenchCar } from "./lib/bookings";
import { createEmptyDatabase } from "./lib/databases";
import { measure, type LoadResult } from "./lib/load";
import { quietMachine } from "./lib/quiet-machine";
import { repoRoot, startProcess } from "./lib/server";

/** The last commit of release 1 (2026-11-24), whose bench measured 214 req/s on PostgreSQL and 115 on PGlite. */
export const RELEASE_ONE_COMMIT = "71f19cd6b892ac4c43ddf903ccc8e17d326cdb02";

const treeDir = path.join(repoRoot, "node_modules/.cache/release-one", RELEASE_ONE_COMMIT);
const installedMarker = path.join(treeDir, ".installed");

export type ReleaseOneTree = { dir: string } | { unavailable: string };

/** Release 1's tree with its dependencies installed, or why there is none (a clone without that commit). */
export function releaseOneTree(): ReleaseOneTree {
  if (existsSync(installedMarker)) return { dir: treeDir };
  try {
    execFileSync("git", ["cat-file", "-e", `${RELEASE_ONE_COMMIT}^{commit}`], {
      cwd: repoRoot,
      stdio: "ignore",
    });
  } catch {
    return { unavailable: `commit ${RELEASE_ONE_COMMIT.slice(0, 7)} is not in this clone's history` };
  }
  console.info(`release 1 (${RELEASE_ONE_COMMIT.slice(0, 7)}): unpacking and installing its dependencies`);
  rmSync(treeDir, { recursive: true, force: true });
  mkdirSync(treeDir, { recursive: true });
  execSync(`git archive ${RELEASE_ONE_COMMIT} | tar -x -C '${treeDir}'`, { cwd: repoRoot, stdio: "inherit" });
  // Its server needs no install script (no browser download, no native build).
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: treeDir,
    stdio: "inherit",
  });
  writeFileSync(installedMarker, new Date().toISOString());
  return { dir: treeDir };
}

/**
 * Release 1's booking request, as its form sent it: no documents or licence (release 2 A4, E3)
 * and no Idempotency-Key; release 1 refuses keys it does not know. The slots and the booking
 * fields are those of this release's bench bookings (bench/lib/bookings.ts).
 */
function releaseOneBookings(cars: BenchCar[], startOffsetDays: number): () => string {
  const slotOf = distinctSlots(cars, startOffsetDays);
  let i = 0;
  return () => {
    const { car, pickupDate } = slotOf(i);
    const n = i;
    i += 1;
    return JSON.stringify({
      customer: { fullName: `Bench Customer ${n}`, email: `bench${n}@example.ph`, phone: "09171234567" },
      booking: bookingFields(car, pickupDate, 1),
    });
  };
}

/** Bookings sent before the measured ones, so that release 1's server is warm as this release's is. */
export const WARM_UP_BOOKINGS = 100;

/**
 * POST /api/bookings on release 1's server: `amount` bookings over `connections` connections, after
 * a warm-up. `env` is the server environment this release's server got (admin password, rate-limit
 * scale).
 */
export async function benchReleaseOneBookings(options: {
  tree: { dir: string };
  engine: Engine;
  postgresUrl: string;
  port: number;
  env: Record<string, string>;
  connections: number;
  amount: number;
}): Promise<LoadResult> {
  const database = await createEmptyDatabase(options.engine, options.postgresUrl);
  const server = await startProcess(
    "sync-server/src/main.ts",
    options.port,
    { ...options.env, ...database.env },
    [],
    options.tree.dir,
  );
  try {
    const cars = (await (await fetch(`${server.url}/api/cars`)).json()) as BenchCar[];
    const bookings = releaseOneBookings(cars, 400);
    const book = (amount: number) =>
      measure({
        url: `${server.url}/api/bookings`,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: bookings,
        connections: options.connections,
        amount,
      });
    await book(WARM_UP_BOOKINGS);
    // The warm-up's mails written, the disk flushed: as this release's round (booking-rounds.ts).
    await quietMachine("a round of release 1's bookings");
    return await book(options.amount);
  } finally {
    await server.stop();
    await database.drop();
  }
}
