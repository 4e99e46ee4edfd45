/**
 * Prepared statements on PGlite. `PGlite.query` parses, analyses and plans
 * every statement anew, in five calls into PostgreSQL plus a sync. Here a
 * statement with parameters (reading or writing data) is prepared once, by
 * name, and kept: each later call binds, executes and syncs in one message.
 * Names come from prepared.ts (`preparedRaw`) or are given here to any other
 * such statement, the most recently used `AUTO_PREPARED` kept. A statement
 * without parameters needs no types: one message too. A schema change
 * (CREATE, ALTER, DROP…) forgets every prepared statement. Results are read
 * by pglite-wire.ts (errors and anything unusual by PGlite's own reader), with
 * PGlite's parsers.
 */
import { messages, parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";
import { readFirstResult, type Notification } from "./pglite-wire";
import { resultTypeChanged } from "./prepared";

type BackendMessage = messages.BackendMessage;

const { serialize } = protocol;

/** How many statements without a name of their own stay prepared (the least recently used go). */
export const AUTO_PREPARED = 200;
/** Statements that read or write rows: what is worth preparing. */
const DATA_STATEMENT = /^\s*\(?\s*(select|insert|update|delete|with|values)\b/i;
/** Statements that may change the shape of what a prepared statement reads. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|do|comment|import)\b/i;

function concat(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
}

type Prepared = { name: string; parameterTypes: number[] };

export class PglitePreparedStatements {
  /** Statements prepared under a name given by the caller, by name. */
  private readonly named = new Map<string, Prepared>();
  /** Statements prepared under a name given here, by their text, least recently used first. */
  private readonly automatic = new Map<string, Prepared>();
  private nextAutomatic = 0;
  /** Listeners by channel (see `listen`). */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly pglite: PGlite) {}

  /** `PGlite.query`, through a prepared statement (`name`, or one of this object's own). */
  query<T>(sql: string, params: unknown[] | undefined, name: string | undefined): Promise<Results<T>> {
    const values = params ?? [];
    if (values.length === 0) {
      return this.pglite.runExclusive(async () => {
        const result = await this.execute<T>([serialize.parse({ text: sql }), serialize.bind({})]);
        if (SCHEMA_CHANGE.test(sql)) await this.forgetAll();
        return result;
      });
    }
    if (!name && !DATA_STATEMENT.test(sql)) return this.pglite.query<T>(sql, values);
    return this.pglite.runExclusive(async () => {
      try {
        return await this.run<T>(sql, values, name);
      } catch (error) {
        if (!resultTypeChanged(error)) throw error;
        if (this.pglite.isInTransaction()) {
          // The error failed the transaction, where nothing else may run: the statements are left
          // in the session (new ones get new names: see prepared.ts), and the caller rolls back.
          this.forget();
          throw error;
        }
        // Prepared again, once: a table it reads changed shape since it was prepared.
        await this.forgetAll();
        return this.run<T>(sql, values, name);
      }
    });
  }

  private async run<T>(sql: string, params: unknown[], name: string | undefined): Promise<Results<T>> {
    const statement = (name ? this.named.get(name) : this.usedAgain(sql)) ?? (await this.prepare(sql, name));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const toText = this.pglite.serializers[statement.parameterTypes[i] ?? 0];
      return toText ? toText(param) : String(param);
    });
    return this.execute<T>([serialize.bind({ statement: statement.name, values })]);
  }

  /** The automatic statement of `sql`, moved to the most recently used end. */
  private usedAgain(sql: string): Prepared | undefined {
    const statement = this.automatic.get(sql);
    if (statement) {
      this.automatic.delete(sql);
      this.automatic.set(sql, statement);
    }
    return statement;
  }

  /** Parses and describes `sql` as `name` (or a name of its own, making room for it). */
  private async prepare(sql: string, name: string | undefined): Promise<Prepared> {
    const closing: Uint8Array[] = [];
    if (!name && this.automatic.size >= AUTO_PREPARED) {
      const [oldest] = this.automatic;
      if (oldest) {
        this.automatic.delete(oldest[0]);
        closing.push(serialize.close({ type: "S", name: oldest[1].name }));
      }
    }
    const statementName = name ?? `a${this.nextAutomatic++}`;
    const messages = await this.pglite.execProtocolStream(
      concat([
        ...closing,
        serialize.parse({ name: statementName, text: sql }),
        serialize.describe({ type: "S", name: statementName }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name: statementName, parameterTypes: parse.parseDescribeStatementResults(messages) };
    if (name) this.named.set(name, statement);
    else this.automatic.set(sql, statement);
    return statement;
  }

  /** Sends `binding` (a Bind, after a Parse if any), then runs the portal and reads its rows. */
  private async execute<T>(binding: Uint8Array[]): Promise<Results<T>> {
    const chunks: Uint8Array[] = [];
    await this.pglite.execProtocolRawStream(
      concat([...binding, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
      // A view of PGlite's memory, reused for the next chunk: copied.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
    const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : concat(chunks);
    const read = readFirstResult(bytes, this.pglite.parsers) ?? this.readWithPglite(bytes);
    for (const { channel, payload } of read.notifications) {
      for (const listener of this.listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    }
    return (read.result ?? { rows: [], fields: [], affectedRows: 0 }) as Results<T>;
  }

  /**
   * `bytes` read by PGlite's own reader, as `execProtocolStream` would (the
   * first error is thrown, notices are dropped), for what `readFirstResult`
   * leaves to it.
   */
  private readWithPglite(bytes: Uint8Array): { result: Results | undefined; notifications: Notification[] } {
    const answered: BackendMessage[] = [];
    new protocol.Parser().parse(bytes, (message) => answered.push(message));
    const error = answered.find((message) => message instanceof messages.DatabaseError);
    if (error) throw error;
    const notifications = answered
      .filter((message) => message instanceof messages.NotificationResponseMessage)
      .map(({ channel, payload }) => ({ channel, payload }));
    const [result] = parse.parseResults(answered, this.pglite.parsers);
    return { result, notifications };
  }

  /**
   * `PGlite.listen`, also told the notifications this object's statements
   * read (PGlite's reader never sees those): each NOTIFY reaches a listener
   * once, from whichever of the two read it.
   */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    // PGlite's rule for a channel's name: as written when quoted, else in lower case.
    const name =
      channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
    const listeners = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, listeners);
    listeners.add(listener);
    try {
      const stop = await this.pglite.listen(channel, listener);
      return async () => {
        listeners.delete(listener);
        await stop();
      };
    } catch (error) {
      listeners.delete(listener);
      throw error;
    }
  }

  /** Forgets every prepared statement without closing it. */
  private forget(): Prepared[] {
    const statements = [...this.named.values(), ...this.automatic.values()];
    this.named.clear();
    this.automatic.clear();
    return statements;
  }

  /** Closes every prepared statement (they are prepared again when next used). */
  private async forgetAll(): Promise<void> {
    const statements = this.forget();
    if (statements.length === 0) return;
    await this.pglite.execProtocolStream(
      concat([...statements.map(({ name }) => serialize.close({ type: "S", name })), serialize.sync()]),
      { syncToFs: false },
    );
  }
}

/** `pglite` as knex-pglite uses it, its `query` (and `listen`) going through prepared statements. */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const prepared = new PglitePreparedStatements(pglite);
  const query = <T>(sql: string, params?: unknown[], options?: { name?: string }) =>
    prepared.query<T>(sql, params, options?.name);
  const listen = (channel: string, listener: (payload: string) => void) => prepared.listen(channel, listener);
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "listen") return listen;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
