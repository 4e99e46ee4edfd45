/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL compiled to WebAssembly on
 * the thread that calls it: on the server's thread, every statement held up the HTTP work of every
 * other request. Here PGlite lives in a worker thread (pglite-worker.ts), and this object stands in
 * for it with the calls knex-pglite and openDatabase make (`waitReady`, `query`, `exec`, `listen`,
 * `close`, `closed`): while a statement runs there, this thread reads, checks and answers other
 * requests. Results arrive as PGlite gives them (rows, fields, affectedRows); an error keeps its
 * database fields (code, constraint, detail…), which is what sqlState and constraintName read.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";
import { forgetPreparedStatements, resultTypeChanged } from "./prepared";

export type ThreadCall =
  | {
      id: number;
      kind: "query";
      sql: string;
      params: unknown[] | undefined;
      name: string | undefined;
      before: Deferred[];
    }
  | { id: number; kind: "exec"; sql: string; before: Deferred[] }
  | { id: number; kind: "listen"; channel: string }
  | { id: number; kind: "unlisten"; listenId: number }
  | { id: number; kind: "close" };

/**
 * A statement whose answer nobody waits for, sent with the next call and run before it (see
 * PgliteThread.query): a transaction's BEGIN or SAVEPOINT, or one sent with `withNext`.
 */
export type Deferred = { sql: string; params: unknown[] | undefined; name: string | undefined };

/** The options knex passes on from a statement's `.options()`: see prepared.ts. */
export type QueryOptions = {
  /** Run as this prepared statement (pglite-prepared.ts). */
  name?: string;
  /** Its answer is not needed: it may go with the transaction's next statement. */
  withNext?: boolean;
};

/** A call before it is given its id. */
type CallBody = ThreadCall extends infer Call ? (Call extends ThreadCall ? Omit<Call, "id"> : never) : never;

/** What the worker posts back: an answer to a call, a notification, or whether it started. */
export type ThreadMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: number; payload: string }
  | { started: true }
  | { started: false; error: Record<string, unknown> };

/** An Error's own fields (a database error's code, constraint, detail…), which posting an Error drops. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** An Error carrying the fields the worker sent. */
function rebuiltError(fields: Record<string, unknown>): Error {
  const error = new Error(typeof fields.message === "string" ? fields.message : "database error");
  Object.assign(error, fields);
  return error;
}

/**
 * The worker's code. Built (`npm start`: sync-server/scripts/build.ts), it is `pglite-worker.js`
 * next to the entry script that runs; from the TypeScript sources (tsx, vitest) a small JavaScript
 * file starts pglite-worker.ts through tsx, since a worker does not inherit its starter's loader.
 */
function workerCode(): { file: URL; entry?: string } {
  const script = process.argv[1];
  if (script?.endsWith(".js")) {
    const built = path.join(path.dirname(script), "pglite-worker.js");
    if (existsSync(built)) return { file: pathToFileURL(built) };
  }
  return {
    file: new URL("./pglite-worker-boot.mjs", import.meta.url),
    entry: new URL("./pglite-worker.ts", import.meta.url).href,
  };
}

/** What starts a transaction or a savepoint, as knex sends it: nothing to wait for. */
const DEFERRABLE = /^\s*(begin(\s+transaction[\w\s]*)?|savepoint\s+\w+)\s*;?\s*$/i;

export class PgliteThread {
  closed = false;
  /** Settles when PGlite has opened on the thread (knex-pglite waits for it). */
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private nextId = 1;
  private closing = false;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  /** Statements not sent yet (BEGIN, SAVEPOINT, `withNext` ones): they go with the next call. */
  private deferred: Deferred[] = [];

  /** Opens PGlite in `dataDir` (in memory when undefined) on a new thread. */
  static async start(dataDir: string | undefined): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      // Not opened: the caller gets the error, and the thread's end is no surprise.
      thread.closing = true;
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  private constructor(dataDir: string | undefined) {
    const code = workerCode();
    this.worker = new Worker(code.file, { workerData: { dataDir, entry: code.entry } });
    let started: (error?: Error) => void = () => undefined;
    this.waitReady = new Promise<void>((resolve, reject) => {
      started = (error) => (error ? reject(error) : resolve());
    });
    this.worker.on("message", (message: ThreadMessage) => {
      if ("started" in message) {
        // A thread that could not open PGlite ends: expected, the opening fails with its error.
        if (!message.started) this.closing = true;
        started(message.started ? undefined : rebuiltError(message.error));
      } else if ("notify" in message) this.listeners.get(message.notify)?.(message.payload);
      else this.settle(message);
    });
    this.worker.on("error", (error) => {
      started(error);
      this.stopped(error);
    });
    this.worker.on("exit", (code) => {
      const error = new Error(`the embedded database's thread stopped (exit code ${code})`);
      started(error);
      this.stopped(error);
    });
  }

  private settle(answer: Extract<ThreadMessage, { id: number }>): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (answer.ok) {
      waiting.resolve(answer.value);
      return;
    }
    const error = rebuiltError(answer.error);
    // A deferred statement's refused plan reaches its caller late (at the next statement, or the
    // COMMIT), where preparedRaw does not see it: every statement is named anew, as preparedRaw does.
    if (resultTypeChanged(error)) forgetPreparedStatements();
    waiting.reject(error);
  }

  /**
   * The thread is gone: every call waiting fails. Unless it was closed, the process then fails as
   * it did when PGlite ran on its thread (an abort of the database took the server down with it,
   * to be restarted, rather than leave it answering 500 to everything).
   */
  private stopped(error: Error): void {
    const expected = this.closing;
    this.closed = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    if (!expected) {
      setImmediate(() => {
        throw error;
      });
    }
  }

  private call<T>(call: CallBody, id = this.nextId++): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the embedded database is closed"));
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...call, id });
    });
  }

  /**
   * PGlite's `query`; `options.name` runs it as that prepared statement (pglite-prepared.ts). A
   * transaction's BEGIN (or a savepoint), and a statement sent `withNext`, are answered at once
   * (no rows) and sent with the statement after them: one message to the thread and back where
   * there were two. Should one fail, the statement after it fails with its error (a COMMIT or a
   * ROLLBACK still ends the transaction), and the caller rolls back as it would have.
   */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const name = options?.name;
    if (options?.withNext || ((!params || params.length === 0) && DEFERRABLE.test(sql))) {
      if (this.closed) return Promise.reject(new Error("the embedded database is closed"));
      this.deferred.push({ sql, params, name });
      return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
    }
    return this.call({ kind: "query", sql, params, name, before: this.takeDeferred() });
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ kind: "exec", sql, before: this.takeDeferred() });
  }

  private takeDeferred(): Deferred[] {
    const deferred = this.deferred;
    this.deferred = [];
    return deferred;
  }

  /** Sends what was deferred ahead of a call that cannot carry it (its answer is not waited for). */
  private flushDeferred(): void {
    if (this.deferred.length > 0) void this.exec("").catch(() => undefined);
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    this.flushDeferred();
    const id = this.nextId++;
    this.listeners.set(id, listener);
    await this.call({ kind: "listen", channel }, id);
    return async () => {
      this.listeners.delete(id);
      if (this.closed) return;
      this.flushDeferred();
      await this.call({ kind: "unlisten", listenId: id });
    };
  }

  /** Closes PGlite (its files are complete on disk when this settles), then the thread. */
  async close(): Promise<void> {
    if (this.closed || this.closing) return;
    this.flushDeferred();
    await this.call({ kind: "close" });
    this.closing = true;
    await this.worker.terminate();
    this.closed = true;
  }
}
