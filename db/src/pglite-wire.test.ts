import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglite } from "./pglite-instance";
import { withPreparedStatements } from "./pglite-prepared";
import { readFirstResult } from "./pglite-wire";

const { serialize } = protocol;

/** The raw answer of `sql` run as an unnamed statement with `values`, as pglite-prepared.ts sends it. */
async function rawAnswer(pglite: PGlite, sql: string, values: (string | null)[] = []): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const parts = [
    serialize.parse({ text: sql }),
    serialize.bind({ values }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  await pglite.execProtocolRawStream(message, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}

/** What PGlite's own reader makes of the same bytes. */
function pglitesReading(pglite: PGlite, bytes: Uint8Array) {
  const answered: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(bytes, (message) => answered.push(message));
  return parse.parseResults(answered, pglite.parsers)[0];
}

describe("readFirstResult", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await createPglite(undefined);
    await pglite.exec(`create table wire_things (id int primary key, label text, at timestamptz, day date,
      tags text[], data jsonb, total numeric(12,2), big int8, yes boolean, raw bytea)`);
  });
  afterAll(async () => {
    await pglite?.close();
  });

  it("reads rows of every kind of column as PGlite's reader does", async () => {
    await pglite.query(
      `insert into wire_things values
        (1, 'Rénault ñ "quoted", ✓', '2026-11-26T20:44:35.123456Z', '2026-12-01', '{a,"b c"}', '{"x":[1,2]}',
         2500.5, 9007199254740993, true, '\\xdeadbeef'),
        (2, null, null, null, null, null, null, null, null, null),
        (3, '', '2026-03-01T00:00:00+05:30', '2026-03-01', '{}', '"s"', 0, -1, false, '\\x')`,
    );
    const bytes = await rawAnswer(pglite, "select * from wire_things where id <= $1 order by id", ["3"]);
    const read = readFirstResult(bytes, pglite.parsers);
    expect(read).not.toBeNull();
    expect(read?.result).toEqual(pglitesReading(pglite, bytes));
    expect(read?.result?.rows).toHaveLength(3);
    expect(read?.notifications).toEqual([]);
  });

  it("counts the rows a write changed, and reads what it returns", async () => {
    const bytes = await rawAnswer(
      pglite,
      "update wire_things set total = total + 1 where id >= $1 returning id",
      ["2"],
    );
    const read = readFirstResult(bytes, pglite.parsers);
    expect(read?.result).toEqual(pglitesReading(pglite, bytes));
    expect(read?.result).toMatchObject({ command: "UPDATE", affectedRows: 2, rows: [{ id: 2 }, { id: 3 }] });
  });

  it("hands over the notifications committed by the statement", async () => {
    await pglite.exec("listen wire_channel");
    const bytes = await rawAnswer(pglite, "select pg_notify($1, 'hello ✓')", ["wire_channel"]);
    const read = readFirstResult(bytes, pglite.parsers);
    expect(read?.notifications).toEqual([{ channel: "wire_channel", payload: "hello ✓" }]);
    await pglite.exec("unlisten wire_channel");
  });

  it("leaves an error and a notice to PGlite's reader", async () => {
    const refused = await rawAnswer(pglite, "insert into wire_things (id) values ($1)", ["1"]);
    expect(readFirstResult(refused, pglite.parsers)).toBeNull();
    const noticed = await rawAnswer(pglite, "drop table if exists no_such_table_here", []);
    expect(readFirstResult(noticed, pglite.parsers)).toBeNull();
  });
});

describe("prepared statements on PGlite", () => {
  it("deliver a NOTIFY their statement committed once to each listener, and errors as PGlite's", async () => {
    const pglite = await createPglite(undefined);
    const connection = withPreparedStatements(pglite);
    try {
      const heard: string[] = [];
      const stop = await connection.listen("Wire_Feed", (payload) => heard.push(payload));
      // A parameterised statement: prepared, its answer read by readFirstResult.
      await connection.query("select pg_notify($1, $2)", ["wire_feed", "first"]);
      // A statement PGlite runs and reads itself.
      await connection.exec("notify wire_feed, 'second'");
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual(["first", "second"]);
      await stop();
      await connection.query("select pg_notify($1, $2)", ["wire_feed", "third"]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual(["first", "second"]);

      await connection.query("create table wire_unique (id int primary key)");
      await connection.query("insert into wire_unique values ($1)", [1]);
      await expect(connection.query("insert into wire_unique values ($1)", [1])).rejects.toMatchObject({
        code: "23505",
        constraint: "wire_unique_pkey",
      });
      expect(
        (await connection.query("select count(*)::int as n from wire_unique where id > $1", [0])).rows,
      ).toEqual([{ n: 1 }]);
    } finally {
      await pglite.close();
    }
  });
});
