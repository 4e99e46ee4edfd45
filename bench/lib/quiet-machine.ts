import { execFileSync } from "node:child_process";
import pg from "pg";
import { waitForQuietHost } from "./cpu-time";
import { benchSettings } from "./env";

/**
 * Before a measurement that an earlier stage's leftovers would skew: writes
 * the file system's dirty pages out (`sync`) and has PostgreSQL, when it
 * answers, write out its own (`CHECKPOINT`: a checkpoint of the 100,000-booking
 * stage landing in the middle of a PGlite round would slow only the side that
 * waits for its disk), then waits for the machine to go quiet
 * (waitForQuietHost): Lighthouse simulates a slow phone from one unthrottled
 * load, so work an earlier stage left running would count as the page's.
 * Says so when it had to wait long, or it never went quiet.
 */
export async function quietMachine(before: string): Promise<void> {
  try {
    execFileSync("sync");
  } catch {
    // No `sync` here: only the wait below.
  }
  const client = new pg.Client({
    connectionString: benchSettings.postgresUrl,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query("checkpoint");
  } catch {
    // No PostgreSQL (a PGlite-only run), or not allowed to checkpoint: only the wait below.
  } finally {
    await client.end().catch(() => undefined);
  }
  const { waitedMs, quiet, busiest } = await waitForQuietHost();
  if (!quiet) console.warn(`The machine stayed busy before ${before}: ${busiest.join(", ")}`);
  else if (waitedMs > 5000) console.info(`Waited ${waitedMs} ms for a quiet machine before ${before}.`);
}
