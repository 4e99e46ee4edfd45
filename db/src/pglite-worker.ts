/**
 * The embedded database's own thread (see pglite-thread.ts): opens PGlite in the folder it is given
 * and answers the calls the server's thread posts, one after another in the order they came.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createPglite } from "./pglite-instance";
import { PglitePreparedStatements } from "./pglite-prepared";
import { errorFields, type ThreadCall, type ThreadMessage } from "./pglite-thread";

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);
const { dataDir } = workerData as { dataDir: string | undefined };

try {
  const pglite = await createPglite(dataDir);
  const prepared = new PglitePreparedStatements(pglite);
  const unlisten = new Map<number, () => Promise<void>>();

  const answer = async (call: ThreadCall): Promise<unknown> => {
    if ("before" in call) for (const sql of call.before) await prepared.query(sql, [], undefined);
    switch (call.kind) {
      case "query":
        return prepared.query(call.sql, call.params, call.name);
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
