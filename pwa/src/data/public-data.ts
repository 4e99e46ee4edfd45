/**
 * Public reads (decisions.md "Offline-first": the fleet and the booked dates
 * of cars the visitor looked at work offline after one visit): fetch when
 * online, store in Dexie, render from Dexie with `useLiveQuery`.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { Car } from "@car-rental/shared/schemas/car";
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
 * `GET /api/cars/{carId}/booked-dates` → replaces that car's cached ranges.
 * Returns null when offline (the cached ranges stay).
 */
export async function refreshBookedRanges(
  carId: string,
  options: RefreshOptions = {},
): Promise<LocalBookedRange[] | null> {
  const db = options.db ?? appDb;
  let ranges: LocalBookedRange[];
  try {
    const answer = await (options.api ?? api).call("carBookedDates", { params: { id: carId } });
    ranges = answer.map((range) => ({ ...range, carId }));
  } catch (error) {
    if (isTransientError(error)) return null;
    throw error;
  }
  await db.transaction("rw", [db.bookedRanges, db.publicSync], async () => {
    await db.bookedRanges.where("carId").equals(carId).delete();
    await db.bookedRanges.bulkPut(ranges);
    await db.publicSync.put({ key: `bookedRanges:${carId}`, lastSyncAt: new Date().toISOString() });
  });
  return ranges;
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
