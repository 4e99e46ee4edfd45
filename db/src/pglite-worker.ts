/**
 * The embedded database's own thread (see pglite-thread.ts): opens PGlite in the folder it is given
 * and answers the calls the server's thread posts, one after another in the order they came.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createPglite } from "./pglite-instance";
import { PglitePreparedStatements } from "./pglite-prepared";
import { errorFields, type ThreadCall, type ThreadMessage } from "./pglite-thread";

/** What ends a transaction (or a savepoint's part of it), as knex sends it. */
const ENDS_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;
/** A ROLLBACK that ran after a statement sent ahead of it failed: it answers as usual. */
class RolledBack extends Error {}

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);
const { dataDir } = workerData as { dataDir: string | undefined };

try {
  const pglite = await createPglite(dataDir);
  const prepared = new PglitePreparedStatements(pglite);
  const unlisten = new Map<number, () => Promise<void>>();

  /**
   * Runs the statements sent ahead of `call` (see PgliteThread.query). If one fails, `call` fails
   * with its error instead of running, unless it ends the transaction: that still runs, so the
   * session does not stay in a failed transaction (a ROLLBACK then answers as usual).
   */
  const runBefore = async (call: ThreadCall): Promise<void> => {
    if (!("before" in call)) return;
    for (const deferred of call.before) {
      try {
        await prepared.query(deferred.sql, deferred.params, deferred.name);
      } catch (error) {
        if (!ENDS_TRANSACTION.test(call.sql)) throw error;
        const ended = await prepared.query(call.sql, [], undefined).then(
          () => true,
          () => false,
        );
        if (ended && /^\s*rollback/i.test(call.sql)) throw new RolledBack();
        throw error;
      }
    }
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
        return prepared.query(call.sql, call.params, call.name);
      case "exec":
        return call.sql === "" ? [] : pglite.exec(call.sql);
      case "listen":
        unlisten.set(
          call.id,
          await pglite.listen(call.channel, (payload) => post({ notify: call.id, payload })),
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
