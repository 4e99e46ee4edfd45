import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@car-rental/db";
import type { Database } from "@car-rental/db";
import { openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { createLogger } from "../logger";
import { changeFeed } from "./change-feed";

// Each test opens several databases; PGlite takes many seconds to start on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const logger = createLogger("silent");

async function waitFor(check: () => boolean, ms = 2_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

describe.each(testEngines())("change feed (%s)", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("reports committed writes to the tables asked for, and nothing for other tables", async () => {
    const feed = changeFeed(db, logger);
    await feed.ready;
    const heard: string[] = [];
    const stop = feed.onChange(["cars"], () => heard.push("cars"));
    await db
      .knex("mail_outbox")
      .insert({ kind: "k", to_address: "a@example.ph", subject: "s", text_body: "t" });
    await db
      .knex("cars")
      .insert({ name: "Feed Car", category: "SUV", daily_rate: "1000.00", seats: 5, year: 2024 });
    await waitFor(() => heard.length > 0);
    // A rolled-back write is never reported.
    await db.knex
      .transaction(async (trx) => {
        await trx("cars").update({ seats: 7 });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(["cars"]);
    stop();
    // One feed per database handle.
    expect(changeFeed(db, logger)).toBe(feed);
  });
});

// Across processes: PostgreSQL only (the embedded database serves one process).
const postgresOnly = testEngines().filter((engine) => engine === "postgres");
describe.each(postgresOnly)("change feed across connection pools (%s)", (engine) => {
  let db: Database;
  let other: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await other?.close();
    await db?.close();
  });

  it("hears a write made through another connection pool (another process)", async () => {
    const config = db.knex.client.config.connection;
    const url =
      typeof config === "object" && config && "connectionString" in config ? config.connectionString : "";
    if (typeof url !== "string" || url === "") throw new Error("no connection string");
    other = await openDatabase({ databaseUrl: url, dataDir: ":memory:" });
    const feed = changeFeed(db, logger);
    await feed.ready;
    let heard = 0;
    feed.onChange(["bookings", "cars"], () => {
      heard += 1;
    });
    await other.knex("cars").update({ seats: 6 });
    const ms = await waitFor(() => heard > 0, 1_000);
    expect(ms).toBeLessThan(1_000);
  });
});
