import type { Middleware } from "koa";
import { BookedDatesCache } from "./cars/booked-dates-cache";
import type { ChangeFeed } from "./change-feed";
import { ReadCache } from "./read-cache";
import type { SerialisedAnswer } from "./serialised-answer";

/** Names kept at most by the blocked-name check's cache (anyone can ask about any name). */
const BLOCKED_NAME_CHECKS = 10_000;
const BOOKED_DATES_ENTRIES = 1_000;

/**
 * The process's in-memory snapshots of the public reads, each kept serialised
 * (see SerialisedAnswer): the fleet (`GET /api/cars`), the booked dates per
 * car and Manila day, the blocked-name check per normalised name, and the
 * rates. Each forgets its answers when a write request of this process starts
 * and when it has finished, and when the change feed reports a change to its
 * tables made by any process (see ReadCache).
 */
export class PublicReadCaches {
  readonly fleet = new ReadCache<SerialisedAnswer>({ maxEntries: 1, tables: ["cars"] });
  readonly bookedDates = new BookedDatesCache<SerialisedAnswer>({ maxEntries: BOOKED_DATES_ENTRIES });
  readonly blockedNames = new ReadCache<SerialisedAnswer>({
    maxEntries: BLOCKED_NAME_CHECKS,
    tables: ["blocked_names"],
  });
  /** `GET /api/rates` (release-2 §E1). */
  readonly rates = new ReadCache<SerialisedAnswer>({
    maxEntries: 1,
    tables: ["rate_periods", "length_discounts"],
  });

  private all(): ReadCache<SerialisedAnswer>[] {
    return [this.fleet, this.bookedDates, this.blockedNames, this.rates];
  }

  /** Subscribes every cache to the feed; returns a function that unsubscribes them. */
  clearOnChanges(feed: ChangeFeed): () => void {
    const stops = this.all().map((cache) => cache.clearOnChanges(feed));
    return () => {
      for (const stop of stops) stop();
    };
  }

  /** Middleware: every request that is not a read runs as a write of every cache. */
  clearOnWrites(): Middleware {
    const [first, ...rest] = this.all().map((cache) => cache.clearOnWrites());
    return rest.reduce<Middleware>(
      (outer, inner) => (ctx, next) => outer(ctx, () => inner(ctx, next)),
      first ?? ((_ctx, next) => next()),
    );
  }
}
