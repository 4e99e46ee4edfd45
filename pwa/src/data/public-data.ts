/**
 * Public reads (decisions.md "Offline-first": the fleet and the booked dates
 * of cars the visitor looked at work offline after one visit): fetch when
 * online, store in Dexie, render from Dexie with `useLiveQuery`.
 */
import { useSyncExternalStore } from "react";
import { useLiveQuery } from "./use-live-query";
import { DEFAULT_RATES, type Rates } from "@car-rental/shared/rates";
import type { Car } from "@car-rental/shared/schemas/car";
import type { RatesResponse } from "@car-rental/shared/schemas/rates";
import { api, isTransientError, type ApiClient } from "./api-client";
import { db as appDb, type CarRentalDb, type LocalBookedRange } from "./db";

export type RefreshOptions = { db?: CarRentalDb; api?: ApiClient };

/** Whether two lists hold the same cars with the same fields, in any order. */
function sameCars(stored: readonly Car[], fetched: readonly Car[]): boolean {
  if (stored.length !== fetched.length) return false;
  const byId = new Map(stored.map((car) => [car.id, JSON.stringify(car)]));
  return fetched.every((car) => byId.get(car.id) === JSON.stringify(car));
}

/** The refresh of the app's own fleet cache under way, shared by the screens that ask at once. */
let carsRefreshInFlight: Promise<Car[] | null> | null = null;

/**
 * `GET /api/cars` → replaces the cached fleet in one transaction. Returns the
 * fresh list, or null when the server could not be reached (the cache stays).
 * An unchanged fleet is not written again, so the screens showing it do not
 * render it again; calls made while a refresh is under way share it.
 * @throws ApiError when the server answered with an error (4xx).
 */
export function refreshCars(options: RefreshOptions = {}): Promise<Car[] | null> {
  if (options.db || options.api) return fetchAndStoreCars(options.db ?? appDb, options.api ?? api);
  carsRefreshInFlight ??= fetchAndStoreCars(appDb, api).finally(() => {
    carsRefreshInFlight = null;
  });
  return carsRefreshInFlight;
}

async function fetchAndStoreCars(db: CarRentalDb, client: ApiClient): Promise<Car[] | null> {
  let cars: Car[];
  try {
    cars = await client.call("listCars", {});
  } catch (error) {
    if (isTransientError(error)) return null;
    throw error;
  }
  await db.transaction("rw", [db.cars, db.publicSync], async () => {
    if (!sameCars(await db.cars.toArray(), cars)) {
      await db.cars.clear();
      await db.cars.bulkPut(cars);
    }
    await db.publicSync.put({ key: "cars", lastSyncAt: new Date().toISOString() });
  });
  return cars;
}

/**
 * Where the last fetch of each car's booked ranges stands in this page: the
 * calendar says so while a car's days are loading or could not be loaded
 * (and none were ever stored), rather than showing every day free without a word.
 */
export type BookedRangesLoad = "loading" | "failed" | "loaded";
/** How long the booked ranges of a car may take to arrive before the fetch counts as failed. */
const BOOKED_RANGES_TIMEOUT_MS = 15_000;
const rangesLoads = new Map<string, BookedRangesLoad>();
const rangesLoadListeners = new Set<() => void>();

function setRangesLoad(carId: string, load: BookedRangesLoad): void {
  rangesLoads.set(carId, load);
  for (const listener of rangesLoadListeners) listener();
}

function subscribeRangesLoads(listener: () => void): () => void {
  rangesLoadListeners.add(listener);
  return () => rangesLoadListeners.delete(listener);
}

/** How the last fetch of this car's booked ranges went in this page (undefined before any). */
export function useBookedRangesLoad(carId: string | null | undefined): BookedRangesLoad | undefined {
  return useSyncExternalStore(
    subscribeRangesLoads,
    () => (carId ? rangesLoads.get(carId) : undefined),
    () => undefined,
  );
}

/**
 * `GET /api/cars/{carId}/booked-dates` → replaces that car's cached ranges.
 * Returns null when offline (the cached ranges stay).
 */
export async function refreshBookedRanges(
  carId: string,
  options: RefreshOptions = {},
): Promise<LocalBookedRange[] | null> {
  const db = options.db ?? appDb;
  let ranges: LocalBookedRange[];
  setRangesLoad(carId, "loading");
  try {
    const answer = await (options.api ?? api).call("carBookedDates", {
      params: { id: carId },
      // A stalled request is no answer: the calendar says so, and it is tried again.
      signal: AbortSignal.timeout(BOOKED_RANGES_TIMEOUT_MS),
    });
    ranges = answer.map((range) => ({ ...range, carId }));
  } catch (error) {
    setRangesLoad(carId, "failed");
    if (isTransientError(error)) return null;
    throw error;
  }
  await db.transaction("rw", [db.bookedRanges, db.publicSync], async () => {
    await db.bookedRanges.where("carId").equals(carId).delete();
    await db.bookedRanges.bulkPut(ranges);
    await db.publicSync.put({ key: `bookedRanges:${carId}`, lastSyncAt: new Date().toISOString() });
  });
  setRangesLoad(carId, "loaded");
  return ranges;
}

/**
 * `GET /api/rates` → replaces the cached rates (release-2 §E1), so the
 * booking page prices seasonal days offline as the server will. Returns null
 * when the server could not be reached (the cache stays).
 * @throws ApiError when the server answered with an error (4xx).
 */
export async function refreshRates(options: RefreshOptions = {}): Promise<RatesResponse | null> {
  const db = options.db ?? appDb;
  let rates: RatesResponse;
  try {
    rates = await (options.api ?? api).call("listRates", {});
  } catch (error) {
    if (isTransientError(error)) return null;
    throw error;
  }
  await db.transaction("rw", [db.publicRates, db.publicSync], async () => {
    const stored = await db.publicRates.get("rates");
    const { key: _key, ...storedRates } = stored ?? { key: "rates" };
    if (JSON.stringify(storedRates) !== JSON.stringify(rates)) {
      await db.publicRates.put({ key: "rates", ...rates });
    }
    await db.publicSync.put({ key: "rates", lastSyncAt: new Date().toISOString() });
  });
  return rates;
}

/**
 * The cached rates the booking page prices with: the last answer of
 * `GET /api/rates`, or before any (a first visit offline) a new database's
 * (no period, the default length discounts). Undefined while IndexedDB is read.
 */
export function useRates(): Rates | undefined {
  return useLiveQuery(async () => {
    const stored = await appDb.publicRates.get("rates");
    return stored ? { periods: stored.periods, lengthDiscounts: stored.lengthDiscounts } : DEFAULT_RATES;
  }, []);
}

/** The cached fleet in name order (undefined while IndexedDB is read). */
export function useCars(): Car[] | undefined {
  return useLiveQuery(() => appDb.cars.orderBy("name").toArray(), []);
}

/** The cached booked ranges of one car, by start date (empty without a car). */
export function useBookedRanges(carId: string | null | undefined): LocalBookedRange[] | undefined {
  return useLiveQuery(async () => {
    if (!carId) return [];
    const ranges = await appDb.bookedRanges.where("carId").equals(carId).toArray();
    // ISO dates order as plain strings (localeCompare would load collation rules first: a long task).
    return ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  }, [carId]);
}

/** When a public list was last fetched ('cars' or 'bookedRanges:<carId>'), for "as of" notes offline. */
export function usePublicSyncTime(key: string): string | null | undefined {
  return useLiveQuery(async () => (await appDb.publicSync.get(key))?.lastSyncAt ?? null, [key]);
}
