/**
 * Live views of IndexedDB that follow a burst of changes (an outbox drain
 * delivers dozens of entries a second, each changing the outbox and the
 * mirror) at a pace the screen can render: the first change after a quiet
 * moment is read and shown at once, later ones at most once per interval,
 * and the last one always.
 *
 * Unlike Dexie's `liveQuery`, which runs its query again on every change,
 * the query here runs at most once per interval too: reading a long outbox
 * on every delivery would compete with the drain for IndexedDB and the CPU.
 */
import Dexie, { type ObservabilitySet } from "dexie";
import { useEffect, useRef, useState } from "react";

/** How often a live view is read and re-rendered at most while its data keeps changing. */
export const LIVE_VIEW_INTERVAL_MS = 250;

export type LiveSource = {
  db: Dexie;
  /** Every table the query reads: a change to one of them, in any tab or the worker, runs it again. */
  tables: readonly string[];
};

/**
 * Runs `querier` (in one read transaction over `source.tables`) now and
 * again after changes to those tables, at most once per `intervalMs`
 * (leading and trailing edge), and passes each result on. Returns the
 * unsubscribe.
 */
export function subscribeThrottled<T>(
  source: LiveSource,
  querier: () => Promise<T>,
  onValue: (value: T) => void,
  intervalMs: number = LIVE_VIEW_INTERVAL_MS,
): () => void {
  // Dexie names changed parts `idb://<database>/<table>/<index>` (see ObservabilitySet).
  const prefixes = source.tables.map((table) => `idb://${source.db.name}/${table}/`);
  let closed = false;
  let running = false;
  let dirty = false;
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = async () => {
    timer = null;
    running = true;
    dirty = false;
    lastRun = Date.now();
    try {
      const value = await source.db.transaction("r", [...source.tables], querier);
      if (!closed) onValue(value);
    } catch (error) {
      if (!closed) console.error("Live view failed", error);
    } finally {
      running = false;
      // Changes made while the query ran may not be in its result.
      if (dirty) schedule();
    }
  };

  const schedule = () => {
    if (closed) return;
    if (running) {
      dirty = true;
      return;
    }
    if (timer) return;
    const wait = lastRun + intervalMs - Date.now();
    if (wait <= 0) void run();
    else timer = setTimeout(() => void run(), wait);
  };

  const onMutated = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) schedule();
  };

  Dexie.on.storagemutated.subscribe(onMutated);
  void run();
  return () => {
    closed = true;
    Dexie.on.storagemutated.unsubscribe(onMutated);
    if (timer) clearTimeout(timer);
  };
}

/**
 * A live view for React (like `useLiveQuery`, throttled as above). `key`
 * names what the query depends on besides the tables (like a dependency
 * list): a new key runs a new query. Undefined until the first result.
 */
export function useThrottledLiveQuery<T>(
  source: LiveSource,
  querier: () => Promise<T>,
  key = "",
): T | undefined {
  const querierRef = useRef(querier);
  querierRef.current = querier;
  const { db, tables } = source;
  const tableList = tables.join(",");
  const [result, setResult] = useState<{ key: string; value: T }>();
  useEffect(
    () =>
      subscribeThrottled(
        { db, tables: tableList.split(",") },
        () => querierRef.current(),
        (value) => setResult({ key, value }),
      ),
    [db, tableList, key],
  );
  // A result of an earlier key is not shown as this key's.
  return result?.key === key ? result.value : undefined;
}
