import type { Middleware } from "koa";
import type { ChangeFeed } from "./change-feed";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export type ReadCacheOptions = {
  /** Entries kept at most (past it the cache starts over). */
  maxEntries: number;
  /** The tables its answers are read from: a committed change to any of them empties it. */
  tables: readonly string[];
  /**
   * An answer is read again once it is this old: for tables whose changes are
   * not notified (see BOOKED_DATES_MAX_AGE_MS). Default: kept until cleared.
   */
  maxAgeMs?: number;
};

/**
 * An in-memory cache of public answers read from the database.
 *
 * Freshness: every write request this process handles empties the cache when
 * it starts and again when it has finished (after its transaction committed),
 * and an answer read while a write was running (or while a change was
 * reported) is not kept, so a change made through this server shows in the
 * very next read. Changes made by another server process on the same database
 * (or by background work) empty it when the change feed reports them
 * (`clearOnChanges`), well within a second; or, for tables that notify
 * nothing, when an answer has reached `maxAgeMs`. A cache only spares reads:
 * writes are always checked against the database, never against a cache.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; readAt: number }>();
  private generation = 0;
  private writesRunning = 0;

  constructor(private readonly options: ReadCacheOptions) {}

  /** The cached value for `key` when there is one still fresh, without reading anything. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    const maxAgeMs = this.options.maxAgeMs;
    if (hit === undefined || (maxAgeMs !== undefined && performance.now() - hit.readAt >= maxAgeMs)) {
      return undefined;
    }
    return hit.value;
  }

  /** The cached value for `key`, or what `load` reads (kept when no write or change overlapped it). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    // The age counts from before the read: what it reads may already be that old when it arrives.
    const readAt = performance.now();
    const value = await load();
    if (generation === this.generation && this.writesRunning === 0) {
      if (this.entries.size >= this.options.maxEntries) this.entries.clear();
      this.entries.set(key, { value, readAt });
    }
    return value;
  }

  /** Forgets every answer (a write is starting or has finished, or a change was reported). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Runs a write: the cache is emptied before it starts and after it has finished. */
  async aroundWrite<T>(write: () => Promise<T>): Promise<T> {
    this.writesRunning += 1;
    this.clear();
    try {
      return await write();
    } finally {
      this.writesRunning -= 1;
      this.clear();
    }
  }

  /** Forgets every answer whenever the feed reports a change to the cache's tables (or may have missed one). */
  clearOnChanges(feed: ChangeFeed): () => void {
    return feed.onChange(this.options.tables, () => this.clear());
  }

  /** Middleware: every request that is not a read runs as a write (see `aroundWrite`). */
  clearOnWrites(): Middleware {
    return (ctx, next) => (READS.has(ctx.method) ? next() : this.aroundWrite(next));
  }
}
