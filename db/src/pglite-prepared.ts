/**
 * Named prepared statements on PGlite. `PGlite.query` parses, analyses and
 * plans every statement anew (an unnamed statement, five calls into
 * PostgreSQL); node-postgres keeps a named statement per connection instead
 * (see prepared.ts). Here a named statement is parsed and described once per
 * database, then each call binds, executes and syncs in one message to
 * PostgreSQL. Results, parsers and errors are PGlite's own.
 */
import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";
import { resultTypeChanged } from "./prepared";

const { serialize } = protocol;

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
}

export class PglitePreparedStatements {
  /** The parameter types of each statement prepared in this database, by name. */
  private readonly parameterTypes = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  /**
   * `PGlite.query`, through the prepared statement `name` when there is one.
   * A statement without parameters (BEGIN, COMMIT…) needs no types: one message.
   */
  query<T>(sql: string, params: unknown[] | undefined, name: string | undefined): Promise<Results<T>> {
    if (!name) {
      if (params && params.length > 0) return this.pglite.query<T>(sql, params);
      return this.pglite.runExclusive(() =>
        this.execute<T>([serialize.parse({ text: sql }), serialize.bind({})]),
      );
    }
    return this.pglite.runExclusive(async () => {
      try {
        return await this.run<T>(name, sql, params ?? []);
      } catch (error) {
        if (!resultTypeChanged(error)) throw error;
        // Prepared again, once: the statement's tables changed shape since it was prepared.
        await this.close(name);
        return this.run<T>(name, sql, params ?? []);
      }
    });
  }

  private async run<T>(name: string, sql: string, params: unknown[]): Promise<Results<T>> {
    const types = this.parameterTypes.get(name) ?? (await this.prepare(name, sql));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const toText = this.pglite.serializers[types[i] ?? 0];
      return toText ? toText(param) : String(param);
    });
    return this.execute<T>([serialize.bind({ statement: name, values })]);
  }

  /** Sends `binding` (a Bind, after a Parse if any), then runs the portal and reads its rows. */
  private async execute<T>(binding: Uint8Array[]): Promise<Results<T>> {
    const messages = await this.pglite.execProtocolStream(
      concat([...binding, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    const [result] = parse.parseResults(messages, this.pglite.parsers);
    return (result ?? { rows: [], fields: [], affectedRows: 0 }) as Results<T>;
  }

  private async prepare(name: string, sql: string): Promise<number[]> {
    const messages = await this.pglite.execProtocolStream(
      concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    this.parameterTypes.set(name, types);
    return types;
  }

  private async close(name: string): Promise<void> {
    this.parameterTypes.delete(name);
    await this.pglite.execProtocolStream(concat([serialize.close({ type: "S", name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}

/** `pglite` as knex-pglite uses it, with `query`'s `options.name` run as a prepared statement. */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const prepared = new PglitePreparedStatements(pglite);
  const query = <T>(sql: string, params?: unknown[], options?: { name?: string }) =>
    prepared.query<T>(sql, params, options?.name);
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
