import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "@car-rental/db";
import { openTestDatabase, testEngines } from "@car-rental/db/test-database";
import { hitRateLimit, peekRateLimit } from "./rate-limit.service";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const rule = { limit: 3, windowSeconds: 600 };
const now = new Date("2026-11-26T08:00:00Z");

/** synchronous_commit as each of `connections` pooled connections sees it, read while all are held. */
async function synchronousCommitOfPool(db: Database, connections: number): Promise<string[]> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const settings: Promise<string>[] = [];
  for (let i = 0; i < connections; i++) {
    settings.push(
      db.knex.transaction(async (trx) => {
        const result = await trx.raw<{ rows: { setting: string }[] }>(
          "select current_setting('synchronous_commit') as setting",
        );
        await held;
        return result.rows[0]?.setting ?? "";
      }),
    );
  }
  setTimeout(release, 50);
  return Promise.all(settings);
}

describe.each(testEngines())("rate limits (%s)", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("counts each hit and refuses the one over the limit, per key and window", async () => {
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await hitRateLimit(db.knex, "login:198.51.100.7", rule, now));
    expect(counts.map((hit) => [hit.count, hit.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect((await peekRateLimit(db.knex, "login:198.51.100.7", rule, now)).count).toBe(4);
    expect((await hitRateLimit(db.knex, "login:198.51.100.8", rule, now)).count).toBe(1);
    const nextWindow = new Date(now.getTime() + rule.windowSeconds * 1000);
    expect((await hitRateLimit(db.knex, "login:198.51.100.7", rule, nextWindow)).count).toBe(1);
  });

  it("commits a count asynchronously for its own statement only: no connection keeps synchronous_commit off", async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(db.knex, "booking:203.0.113.9", rule, now)),
    );
    const connections = engine === "pglite" ? 1 : 5;
    expect(await synchronousCommitOfPool(db, connections)).toEqual(Array(connections).fill("on"));
  });

  it("inside a transaction, counts with it and leaves its commit synchronous; a rollback takes the count back", async () => {
    const setting = await db.knex.transaction(async (trx) => {
      await hitRateLimit(trx, "contact:192.0.2.1", rule, now);
      const result = await trx.raw<{ rows: { setting: string }[] }>(
        "select current_setting('synchronous_commit') as setting",
      );
      return result.rows[0]?.setting;
    });
    expect(setting).toBe("on");
    expect((await peekRateLimit(db.knex, "contact:192.0.2.1", rule, now)).count).toBe(1);
    await db.knex
      .transaction(async (trx) => {
        await hitRateLimit(trx, "contact:192.0.2.1", rule, now);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await peekRateLimit(db.knex, "contact:192.0.2.1", rule, now)).count).toBe(1);
  });
});
