/**
 * One outbox runner at a time across tabs and the service worker: the Web
 * Locks API where there is one, an in-memory lock per database otherwise
 * (shared by the engines of one JS context). Split out of the outbox engine
 * (issue #19).
 *
 * No DOM or React imports: the service worker runs this too.
 */

/** The part of the Web Locks API the engine uses. */
export type LockManagerLike = {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

const LOCK_NAME = "outbox";
/** In-memory locks of runners without Web Locks, per database (shared by engines in one JS context). */
const memoryLocks = new Set<string>();

/** `navigator.locks` when the environment has a usable one, else null. */
export function defaultLocks(): LockManagerLike | null {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return null;
  // Some environments (happy-dom, old WebViews) expose the property as null.
  const locks: LockManager | null | undefined = navigator.locks;
  return locks && typeof locks.request === "function" ? locks : null;
}

/**
 * Runs `run` as the only runner of the outbox of database `dbName`, or
 * returns `skipped` at once when another runner holds the lock. `run` is told
 * whether the lock is exclusive across JS contexts (Web Locks): then no other
 * runner is sending, and any claim is left over from a closed tab.
 */
export async function withOutboxLock<T>(
  locks: LockManagerLike | null,
  dbName: string,
  skipped: T,
  run: (exclusive: boolean) => Promise<T>,
): Promise<T> {
  if (locks) {
    return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (!lock) return skipped;
      // Holding the lock, no other runner is sending: any claim is left over from a closed tab.
      return run(true);
    });
  }
  if (memoryLocks.has(dbName)) return skipped;
  memoryLocks.add(dbName);
  try {
    return await run(false);
  } finally {
    memoryLocks.delete(dbName);
  }
}
