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

/**
 * `GET /api/cars` → replaces the cached fleet in one transaction. Returns the
 * fresh list, or null when the server could not be reached (the cache stays).
 * @throws ApiError when the server answered with an error (4xx).
 */
export async function refreshCars(options: RefreshOptions = {}): Promise<Car[] | null> {
  const db = options.db ?? appDb;
  let cars: Car[];
  try {
    cars = await (options.api ?? api).call("listCars", {});
  } catch (error) {
    if (isTransientError(error)) return null;
    throw error;
  }
  await db.transaction("rw", [db.cars, db.publicSync], async () => {
    await db.cars.clear();
    await db.cars.bulkPut(cars);
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
