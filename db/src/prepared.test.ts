import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./index";
import { sqlState } from "./index";
import { AUTO_PREPARED } from "./pglite-prepared";
import { preparedRaw } from "./prepared";
import { openTestDatabase, testEngines } from "./test-database";

type Row = { id: number; day: string; at: Date; tags: string[]; data: unknown; total: string };

const ways = [
  ...testEngines().map((engine) => ({ name: engine, engine, ownThread: false })),
  { name: "pglite on its own thread", engine: "pglite" as const, ownThread: true },
];

describe.each(ways)("prepared statements on $name", ({ engine, ownThread }) => {
  let db: Database;
  const insert = `insert into prepared_things (id, day, at, tags, data, total)
                  values (?, ?::date, ?, ?::text[], ?::jsonb, ?) returning *`;

  beforeAll(async () => {
    db = await openTestDatabase(engine, { migrate: false, ownThread });
    await db.knex.raw(`create table prepared_things (
      id int primary key, day date not null, at timestamptz not null, tags text[] not null,
      data jsonb not null, total bigint not null)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("answers as the same statement sent unprepared, on every call", async () => {
    const at = new Date("2026-11-26T10:00:00.000Z");
    const first = await preparedRaw<Row>(db.knex, insert, [
      1,
      "2026-12-01",
      at,
      ["a", "b"],
      { x: 1 },
      "9007199254740993",
    ]);
    const second = await preparedRaw<Row>(db.knex, insert, [2, "2026-12-02", at, [], { y: [2] }, 5]);
    expect(first.rows).toEqual([
      { id: 1, day: "2026-12-01", at, tags: ["a", "b"], data: { x: 1 }, total: "9007199254740993" },
    ]);
    expect(second.rows).toEqual([{ id: 2, day: "2026-12-02", at, tags: [], data: { y: [2] }, total: "5" }]);
    const unprepared = await db.knex.raw<{ rows: Row[] }>("select * from prepared_things order by id");
    const prepared = await preparedRaw<Row>(db.knex, "select * from prepared_things order by id", []);
    expect(prepared.rows).toEqual(unprepared.rows);
  });

  it("parses a statement once on its connection and keeps it there", async () => {
    const text = "select count(*) as n from prepared_things where id > ?";
    await db.knex.transaction(async (trx) => {
      expect((await preparedRaw<{ n: string }>(trx, text, [0])).rows).toEqual([{ n: "2" }]);
      expect((await preparedRaw<{ n: string }>(trx, text, [1])).rows).toEqual([{ n: "1" }]);
      const kept = await trx.raw<{ rows: { n: string }[] }>(
        "select count(*) as n from pg_prepared_statements where statement = ?",
        [text.replace("?", "$1")],
      );
      expect(kept.rows).toEqual([{ n: "1" }]);
    });
  });

  it("keeps a refusal's SQLSTATE, and the statement works again afterwards", async () => {
    const at = new Date();
    const taken = await preparedRaw(db.knex, insert, [1, "2026-12-01", at, [], {}, 1]).catch(
      (e: unknown) => e,
    );
    expect(sqlState(taken)).toBe("23505");
    const next = await preparedRaw<Row>(db.knex, insert, [3, "2026-12-03", at, ["c"], {}, 1]);
    expect(next.rows.map((r) => r.id)).toEqual([3]);
  });

  it("runs in a transaction, and a rollback takes its rows back", async () => {
    await db.knex
      .transaction(async (trx) => {
        await preparedRaw(trx, insert, [4, "2026-12-04", new Date(), [], {}, 1]);
        const inside = await preparedRaw<{ n: string }>(trx, "select count(*) as n from prepared_things", []);
        expect(inside.rows[0]?.n).toBe("4");
        throw new Error("undo");
      })
      .catch(() => undefined);
    const after = await preparedRaw<{ n: string }>(db.knex, "select count(*) as n from prepared_things", []);
    expect(after.rows[0]?.n).toBe("3");
  });

  it("follows a table whose columns changed after it was prepared", async () => {
    const all = "select * from prepared_things where id = ?";
    expect(Object.keys((await preparedRaw<Row>(db.knex, all, [1])).rows[0] ?? {})).not.toContain("note");
    await db.knex.raw("alter table prepared_things add column note text not null default 'new'");
    const [row] = (await preparedRaw<Row & { note: string }>(db.knex, all, [1])).rows;
    expect(row?.note).toBe("new");
  });

  it("runs any statement, more of them than stay prepared, each answering for its own text", async () => {
    const texts = Array.from({ length: AUTO_PREPARED + 20 }, (_, i) => `select ?::int + ${i} as n`);
    for (const round of [1, 2]) {
      for (const [i, text] of texts.entries()) {
        const result = await db.knex.raw<{ rows: { n: number }[] }>(text, [round * 1000]);
        expect(result.rows).toEqual([{ n: round * 1000 + i }]);
      }
    }
    if (engine === "pglite") {
      // The embedded database keeps the most recently used ones only.
      const kept = await db.knex.raw<{ rows: { n: string }[] }>(
        "select count(*) as n from pg_prepared_statements where statement like 'select $1::int + %'",
      );
      expect(Number(kept.rows[0]?.n)).toBeGreaterThan(0);
      expect(Number(kept.rows[0]?.n)).toBeLessThanOrEqual(AUTO_PREPARED);
    }
  });

  it("sees a column added in the same transaction by a statement it ran before", async () => {
    const one = "select * from prepared_things where id = ?";
    await db.knex.transaction(async (trx) => {
      expect(Object.keys((await trx.raw<{ rows: Row[] }>(one, [2])).rows[0] ?? {})).not.toContain("later");
      await trx.raw("alter table prepared_things add column later int not null default 7");
      const [row] = (await trx.raw<{ rows: (Row & { later: number })[] }>(one, [2])).rows;
      expect(row?.later).toBe(7);
    });
  });
});
