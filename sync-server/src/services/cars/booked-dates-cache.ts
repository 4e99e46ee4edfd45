import type { BookedRange } from "@car-rental/shared/availability";
import { ReadCache } from "../read-cache";

export type BookedDatesCacheOptions = {
  /** Entries kept at most (one per car and day; the fleet is about 20 cars). */
  maxEntries: number;
};

/** The tables whose rows the booked dates are read from. */
export const BOOKED_DATES_TABLES = ["bookings", "blocks", "cars"] as const;

/**
 * A micro-cache of `GET /api/cars/:id/booked-dates`, the calendar's hot read,
 * keyed by car and Manila day (see ReadCache for its freshness rules). The
 * route keeps the serialised answer, so a hit does no JSON work.
 */
export class BookedDatesCache<V = BookedRange[]> extends ReadCache<V> {
  constructor(options: BookedDatesCacheOptions) {
    super({ ...options, tables: BOOKED_DATES_TABLES });
  }
}
