/**
 * The embedded database's own thread (see pglite-thread.ts): opens PGlite in the folder it is given
 * and answers the calls the server's thread posts, one after another in the order they came.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createPglite } from "./pglite-instance";
import { PglitePreparedStatements } from "./pglite-prepared";
import { errorFields, type ThreadCall, type ThreadMessage } from "./pglite-thread";

/** A transaction's COMMIT, as knex sends it. */
const COMMIT = /^\s*(commit|end)\b/i;
/** What ends a transaction, or a savepoint's part of it, without keeping anything. */
const ROLLBACK = /^\s*(rollback|abort)\b/i;
/** A savepoint's end keeping its changes: `RELEASE SAVEPOINT name`. */
const RELEASE = /^\s*release\s+(?:savepoint\s+)?(\w+)\s*;?\s*$/i;

/** A ROLLBACK that ran after a statement sent ahead of it failed: it answers as usual. */
class RolledBack extends Error {}

/** A COMMIT PostgreSQL answered ROLLBACK: the transaction had failed, and nothing of it was kept. */
function commitRefused(): Error {
  return Object.assign(
    new Error("current transaction is aborted: COMMIT rolled it back, nothing of it was kept"),
    { code: "25P02", severity: "ERROR" },
  );
}

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);
const { dataDir } = workerData as { dataDir: string | undefined };

try {
  const pglite = await createPglite(dataDir);
  const prepared = new PglitePreparedStatements(pglite);
  const unlisten = new Map<number, () => Promise<void>>();

  /**
   * A deferred statement's failure that no call could answer for: it went with a flush (an empty
   * `exec`, see PgliteThread.flushDeferred), whose caller waits for nothing. The next call is
   * answered as if its own deferred statement had failed (the transaction had).
   */
  let unanswered: unknown;

  /**
   * Runs the statements sent ahead of `call` (see PgliteThread.query). If one fails, the transaction
   * has failed, and `call` fails with its error instead of running, except that what it was to end
   * still ends: a COMMIT rolls the transaction back, a RELEASE SAVEPOINT rolls back to its savepoint
   * (so the enclosing transaction may go on, as it would after the savepoint's rollback), and a
   * ROLLBACK runs and answers as usual. knex's handle-style transactions see the COMMIT's or the
   * RELEASE's error only through `commitOrThrow` (sync-server), which every one of them uses. A
   * failure that went with a flush is kept for the next call (`unanswered`).
   */
  const runBefore = async (call: ThreadCall): Promise<void> => {
    if (!("before" in call)) return;
    let failure: { error: unknown } | undefined;
    if (unanswered !== undefined) {
      failure = { error: unanswered };
      unanswered = undefined;
    } else {
      for (const deferred of call.before) {
        try {
          await prepared.query(deferred.sql, deferred.params, deferred.name);
        } catch (error) {
          failure = { error };
          break;
        }
      }
    }
    if (!failure) return;
    if (call.kind === "exec" && call.sql === "") {
      unanswered = failure.error;
      throw failure.error;
    }
    const savepoint = RELEASE.exec(call.sql)?.[1];
    const end = ROLLBACK.test(call.sql)
      ? call.sql
      : COMMIT.test(call.sql)
        ? "rollback"
        : savepoint
          ? `rollback to savepoint ${savepoint}`
          : null;
    if (end === null) throw failure.error;
    await prepared.query(end, [], undefined).catch(() => undefined);
    if (end === call.sql) throw new RolledBack();
    throw failure.error;
  };

  /** `prepared.query`, and a COMMIT answered ROLLBACK (its transaction had failed) made an error. */
  const query = async (sql: string, params: unknown[] | undefined, name: string | undefined) => {
    const result = await prepared.query(sql, params, name);
    if ((result as { command?: string }).command === "ROLLBACK" && COMMIT.test(sql)) throw commitRefused();
    return result;
  };

  const answer = async (call: ThreadCall): Promise<unknown> => {
    try {
      await runBefore(call);
    } catch (error) {
      if (error instanceof RolledBack) return { rows: [], fields: [], affectedRows: 0 };
      throw error;
    }
    switch (call.kind) {
      case "query":
        return query(call.sql, call.params, call.name);
      case "exec":
        return call.sql === "" ? [] : pglite.exec(call.sql);
      case "listen":
        unlisten.set(
          call.id,
          await prepared.listen(call.channel, (payload) => post({ notify: call.id, payload })),
        );
        return null;
      case "unlisten":
        await unlisten.get(call.listenId)?.();
        unlisten.delete(call.listenId);
        return null;
      case "close":
        if (!pglite.closed) await pglite.close();
        return null;
    }
  };

  let previous: Promise<void> = Promise.resolve();
  port.on("message", (call: ThreadCall) => {
    previous = previous.then(() =>
      answer(call).then(
        (value) => post({ id: call.id, ok: true, value }),
        (error: unknown) => post({ id: call.id, ok: false, error: errorFields(error) }),
      ),
    );
  });
  post({ started: true });
} catch (error) {
  post({ started: false, error: errorFields(error) });
}
