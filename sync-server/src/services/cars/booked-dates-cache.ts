import type { BookedRange } from "@car-rental/shared/availability";
import { ReadCache } from "../read-cache";

export type BookedDatesCacheOptions = {
  /** Entries kept at most (one per car and day; the fleet is about 20 cars). */
  maxEntries: number;
};

/**
 * The tables whose changes are notified that the booked dates are read from.
 * Bookings are read too, but commit without a notification (migration
 * 2026-11-27-03-00-00): their changes by other processes and by background
 * work show once the answer is BOOKED_DATES_MAX_AGE_MS old.
 */
export const BOOKED_DATES_TABLES = ["blocks", "cars"] as const;

/** How long an answer is kept at most: another process's booking shows within a second. */
export const BOOKED_DATES_MAX_AGE_MS = 500;

/**
 * A micro-cache of `GET /api/cars/:id/booked-dates`, the calendar's hot read,
 * keyed by car and Manila day, each answer kept at most half a second (see
 * ReadCache for its other freshness rules). The
 * route keeps the serialised answer, so a hit does no JSON work.
 */
export class BookedDatesCache<V = BookedRange[]> extends ReadCache<V> {
  constructor(options: BookedDatesCacheOptions) {
    super({ ...options, tables: BOOKED_DATES_TABLES, maxAgeMs: BOOKED_DATES_MAX_AGE_MS });
  }
}
