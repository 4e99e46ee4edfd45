import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./index";
import { fastTimestamptz, TIMESTAMPTZ_OID } from "./pg-types";
import { openTestDatabase, testEngines } from "./test-database";

const nodePostgres = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (value: string) => unknown;
const pgliteOwn = (value: string): unknown =>
  value === "infinity" ? Infinity : value === "-infinity" ? -Infinity : new Date(value);

/** A fallback that says it was called, to see which texts take the fast path. */
const marked = (value: string) => ({ fellBack: value });

describe("fastTimestamptz", () => {
  const fast = fastTimestamptz(nodePostgres);

  it("gives the Date node-postgres and PGlite give, for every offset and fraction PostgreSQL writes", () => {
    const texts = [
      "2026-11-27 04:44:35+08",
      "2026-11-27 04:44:35.1+08",
      "2026-11-27 04:44:35.12+08",
      "2026-11-27 04:44:35.123+08",
      "2026-11-27 04:44:35.1239+08",
      "2026-11-27 04:44:35.999999+08",
      "2026-11-27 04:44:35.000001+00",
      "2026-02-28 23:59:59.5-03:30",
      "2024-02-29 00:00:00+05:30",
      "1969-12-31 23:59:59.999-00:20:15",
      "1900-01-01 00:00:00+09:18:59",
      "9999-12-31 23:59:59.999999+14",
    ];
    for (const text of texts) {
      expect(fastTimestamptz(marked)(text), text).toBeInstanceOf(Date);
      expect((fast(text) as Date).getTime(), text).toBe((nodePostgres(text) as Date).getTime());
      // PGlite's own parser (V8's Date) cannot read an offset with seconds (local mean times before 1900).
      if (!/[+-]\d\d:\d\d:\d\d$/.test(text)) {
        expect((fast(text) as Date).getTime(), text).toBe((pgliteOwn(text) as Date).getTime());
      }
    }
  });

  it("truncates microseconds as the engines do, for every millisecond", () => {
    for (let micro = 0; micro < 1_000_000; micro += 997) {
      const text = `2026-11-27 04:44:35.${String(micro).padStart(6, "0")}+08`;
      expect((fast(text) as Date).getTime()).toBe((nodePostgres(text) as Date).getTime());
    }
  });

  it("leaves what it does not recognise to the engine's parser", () => {
    for (const text of [
      "infinity",
      "-infinity",
      "0044-03-15 12:00:00+00 BC",
      "0099-01-01 00:00:00+00",
      "2026-11-27T04:44:35+08",
      "2026-11-27 04:44:35.+08",
      "2026-11-27 04:44:35.123",
      "2026-11-27 04:44:35+08:3",
      "2026-1x-27 04:44:35+08",
    ]) {
      expect(fastTimestamptz(marked)(text), text).toEqual({ fellBack: text });
    }
    expect(fast("infinity")).toBe(Infinity);
  });
});

describe.each(testEngines())("timestamptz values on %s", (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(engine, { migrate: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  it("come back as the instants stored, in the business time zone and in others", async () => {
    const { rows } = await db.knex.raw<{ rows: { at: Date; plain: Date; neg: unknown }[] }>(
      `select '2026-11-26T20:44:35.123456Z'::timestamptz as at,
              '2026-03-01T00:00:00+05:30'::timestamptz as plain,
              '-infinity'::timestamptz as neg`,
    );
    expect(rows[0]?.at.toISOString()).toBe("2026-11-26T20:44:35.123Z");
    expect(rows[0]?.plain.toISOString()).toBe("2026-02-28T18:30:00.000Z");
    expect(rows[0]?.neg).toBe(-Infinity);
  });
});
