import type { Middleware } from "koa";
import type { BookedRange } from "@car-rental/shared/availability";
import type { ChangeFeed } from "../change-feed";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export type BookedDatesCacheOptions = {
  /** Entries kept at most (one per car and day; the fleet is about 20 cars). */
  maxEntries: number;
};

/** The tables whose rows the booked dates are read from. */
export const BOOKED_DATES_TABLES = ["bookings", "blocks", "cars"] as const;

/**
 * A micro-cache of `GET /api/cars/:id/booked-dates`, the calendar's hot read.
 *
 * Freshness: every write request this process handles empties the cache when
 * it starts and again when it has finished (after its transaction committed),
 * and an answer read while a write was running is not kept, so a change made
 * through this server shows in the very next read. Changes made by another
 * server process on the same database (or by background work) empty it when
 * the change feed reports them (`clearOnChanges`), well within a second. The cache only
 * spares reads: a booking is always checked against the database (and its
 * exclusion constraint), never against this cache.
 */
export class BookedDatesCache {
  private readonly entries = new Map<string, BookedRange[]>();
  private generation = 0;
  private writesRunning = 0;

  constructor(private readonly options: BookedDatesCacheOptions) {}

  /** The cached ranges for `key`, or what `load` reads (kept when no write overlapped it). */
  async get(key: string, load: () => Promise<BookedRange[]>): Promise<BookedRange[]> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const ranges = await load();
    if (generation === this.generation && this.writesRunning === 0) {
      if (this.entries.size >= this.options.maxEntries) this.entries.clear();
      this.entries.set(key, ranges);
    }
    return ranges;
  }

  /** Forgets every answer (a write is starting or has finished). */
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

  /** Forgets every answer whenever the feed reports a change to the booked dates' tables. */
  clearOnChanges(feed: ChangeFeed): () => void {
    return feed.onChange(BOOKED_DATES_TABLES, () => this.clear());
  }

  /** Middleware: every request that is not a read runs as a write (see `aroundWrite`). */
  clearOnWrites(): Middleware {
    return (ctx, next) => (READS.has(ctx.method) ? next() : this.aroundWrite(next));
  }
}
