import type { Knex } from "knex";
import { clockToPickupTime, type BookedRange } from "@car-rental/shared/availability";
import { manilaNow } from "@car-rental/shared/dates";
import { carFormMessages } from "@car-rental/shared/messages";
import { CAR_IMAGE_PATH_PATTERN } from "@car-rental/shared/schemas/common";
import type { AdminCar, Car, CarCreate, CarInput } from "@car-rental/shared/schemas/car";
import type { AppDeps } from "../../deps";
import { NotFound, ValidationFailed } from "../../errors";
import { replayedCreate, rethrowIdClash } from "../client-id";
import { markObjectsAttached, verifyUploadedObject } from "../objects/upload.service";
import { carsTable, toAdminCar, toCar, type CarRow } from "./car-record";

export type CarDeps = Pick<AppDeps, "db" | "storage" | "clock">;

/** The fleet order: as the fleet was added (the seed lists it as the shop presents it), then by name. */
function fleetOrder(query: Knex.QueryBuilder<CarRow, CarRow[]>): Knex.QueryBuilder<CarRow, CarRow[]> {
  return query.orderBy([{ column: "created_at" }, { column: "name" }, { column: "id" }]);
}

/** The public fleet: every car not archived (rented ones too; the card shows them as unavailable). */
export async function listPublicCars(db: Knex): Promise<Car[]> {
  const rows = await fleetOrder(carsTable(db).whereNull("deleted_at"));
  return rows.map(toCar);
}

/** The admin's fleet: every car not archived, with version and updatedAt. */
export async function listAdminCars(db: Knex): Promise<AdminCar[]> {
  const rows = await fleetOrder(carsTable(db).whereNull("deleted_at"));
  return rows.map(toAdminCar);
}

/** An uploaded car picture must really be a stored, verified car image before a car points at it. */
async function checkImage(deps: CarDeps, db: Knex, image: string | undefined): Promise<void> {
  if (image !== undefined && CAR_IMAGE_PATH_PATTERN.test(image)) {
    await verifyUploadedObject(deps, image, "car-image", db);
    await markObjectsAttached(db, [image], deps.clock.now());
  }
}

/** Columns of a (partial) car input; blank optional texts are stored as ''. */
function toColumns(input: Partial<CarInput>): Partial<CarRow> {
  const columns: Partial<CarRow> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.category !== undefined) columns.category = input.category;
  if (input.dailyRate !== undefined) columns.daily_rate = input.dailyRate;
  if (input.deposit !== undefined) columns.deposit = input.deposit;
  if (input.seats !== undefined) columns.seats = input.seats;
  if (input.transmission !== undefined) columns.transmission = input.transmission;
  if (input.fuel !== undefined) columns.fuel = input.fuel;
  if (input.image !== undefined) columns.image = input.image;
  if (input.description !== undefined) columns.description = input.description ?? "";
  if (input.mileage !== undefined) columns.mileage = input.mileage ?? "";
  if (input.year !== undefined) columns.year = input.year;
  if (input.plateNumber !== undefined) columns.plate_number = input.plateNumber ?? "";
  if (input.available !== undefined) columns.available = input.available;
  return columns;
}

/**
 * Adds a car. A new car needs a picture ('Please upload a car image'); the
 * year defaults to the current year in Manila.
 */
export async function createCar(deps: CarDeps, db: Knex, input: CarCreate): Promise<AdminCar> {
  if (input.image === undefined) {
    const message = carFormMessages.validationError.description;
    throw new ValidationFailed(message, { fields: { image: [message] } });
  }
  return db.transaction(async (trx) => {
    const columns = toColumns(input);
    if (input.id !== undefined) {
      const stored = replayedCreate(await carsTable(trx).where({ id: input.id }).first(), columns);
      if (stored) return toAdminCar(stored);
    }
    await checkImage(deps, trx, input.image);
    const year = input.year ?? Number(manilaNow(deps.clock.now()).date.slice(0, 4));
    const [row] = await carsTable(trx)
      .insert({ ...columns, year, ...(input.id === undefined ? {} : { id: input.id }) })
      .returning("*")
      .catch((error: unknown) => rethrowIdClash(error, "cars"));
    if (!row) throw new Error("insert returned no car");
    return toAdminCar(row);
  });
}

/**
 * Changes the given fields of a car (a full body replaces them all; fields
 * left out keep their value). Unknown or archived cars are a 404.
 */
export async function updateCar(
  deps: CarDeps,
  db: Knex,
  id: string,
  changes: Partial<CarInput>,
): Promise<AdminCar> {
  return db.transaction(async (trx) => {
    const existing = await carsTable(trx).where({ id }).whereNull("deleted_at").forUpdate().first();
    if (!existing) throw new NotFound("Car not found");
    await checkImage(deps, trx, changes.image);
    const columns = toColumns(changes);
    if (Object.keys(columns).length === 0) return toAdminCar(existing);
    const [row] = await carsTable(trx).where({ id }).update(columns).returning("*");
    if (!row) throw new NotFound("Car not found");
    return toAdminCar(row);
  });
}

export type DeletedCar = { ok: true; id: string; archived: boolean };

/**
 * Removes a car from the fleet. The row stays as a tombstone (`deleted_at`),
 * which the admin sync needs; `archived` says whether the car has bookings,
 * whose history stays intact and readable.
 */
export async function deleteCar(db: Knex, id: string): Promise<DeletedCar> {
  return db.transaction(async (trx) => {
    const [row] = await carsTable(trx)
      .where({ id })
      .whereNull("deleted_at")
      .update({ deleted_at: trx.fn.now() })
      .returning("id");
    if (!row) throw new NotFound("Car not found");
    const booking: { id: string } | undefined = await trx("bookings")
      .select("id")
      .where({ car_id: id })
      .first();
    return { ok: true, id, archived: booking !== undefined };
  });
}

/**
 * What occupies a car, as one row: a booking (its pickup time set) or a live
 * block (`kind` "block", no pickup time).
 */
type ActiveRangeRow = {
  kind: "booking" | "block";
  start_date: string;
  end_date: string;
  pickup_time: string | null;
};

const toBookedRange = (row: ActiveRangeRow): BookedRange =>
  row.kind === "block" || row.pickup_time === null
    ? { start: row.start_date, end: row.end_date, kind: "block" }
    : { start: row.start_date, end: row.end_date, pickupTime: clockToPickupTime(row.pickup_time) };

/**
 * The occupying bookings and the live blocks of car `c` that end on the date
 * bound first or later. The bookings' part is served by the partial index
 * `bookings_car_active_return (car_id, return_date) where status in (pending, confirmed, active)`:
 * the status list is literal SQL (the set `booking_occupies()` holds) so the
 * planner can match the index predicate.
 */
const OCCUPANCY_SQL = `
  select 'booking' as kind, b.pickup_date as start_date, b.return_date as end_date, b.pickup_time
  from bookings b
  where b.car_id = c.id and b.status in ('pending', 'confirmed', 'active') and b.return_date >= ?
  union all
  select 'block' as kind, k.start_date, k.end_date, null as pickup_time
  from blocks k
  where k.car_id = c.id and k.deleted_at is null and k.end_date >= ?`;

/**
 * The occupying bookings and the blocks of a car that end `today` or later,
 * as booked ranges sorted by start (release-2 §C1: blocks occupy a car too).
 */
export async function activeRanges(db: Knex, carId: string, today: string): Promise<BookedRange[]> {
  const result: { rows: ActiveRangeRow[] } = await db.raw(
    `select r.* from (select ?::uuid as id) c, lateral (${OCCUPANCY_SQL}) r
     order by r.start_date, r.pickup_time nulls first`,
    [carId, today, today],
  );
  return result.rows.map(toBookedRange);
}

/**
 * activeRanges of car `c` (a FROM item of the statement) as one JSON column,
 * for a statement that reads more: bind `today` twice, read with
 * `rangesFromJson`.
 */
export const ACTIVE_RANGES_JSON_SQL = `
  (select coalesce(json_agg(r order by r.start_date, r.pickup_time nulls first), '[]')
     from (${OCCUPANCY_SQL}) r)`;

/** ACTIVE_RANGES_JSON_SQL's column as booked ranges (its dates and times are the same text). */
export const rangesFromJson = (rows: ActiveRangeRow[]): BookedRange[] => rows.map(toBookedRange);

/**
 * The live car and what occupies it in one round trip (the calendar's hot
 * path): no row means no such car; a row of nulls is a car with nothing
 * booked or blocked. Plain SQL, because building and planning two queries cost
 * three times as much as this one (bench/RESULTS.md).
 */
export const LIVE_CAR_RANGES_SQL = `
  select r.kind, r.start_date, r.end_date, r.pickup_time
  from cars c
  left join lateral (${OCCUPANCY_SQL}) r on true
  where c.id = ? and c.deleted_at is null
  order by r.start_date, r.pickup_time nulls first`;

type LiveCarRangeRow = { [K in keyof ActiveRangeRow]: ActiveRangeRow[K] | null };

const isBooked = (row: LiveCarRangeRow): row is ActiveRangeRow =>
  row.kind !== null && row.start_date !== null && row.end_date !== null;

/**
 * `GET /api/cars/:id/booked-dates`: the car's bookings and blocks from
 * `today` (Manila). A car that does not exist or is archived is a 404.
 */
export async function bookedDates(db: Knex, carId: string, today: string): Promise<BookedRange[]> {
  const result: { rows: LiveCarRangeRow[] } = await db.raw(LIVE_CAR_RANGES_SQL, [today, today, carId]);
  if (result.rows.length === 0) throw new NotFound("Car not found");
  return result.rows.filter(isBooked).map(toBookedRange);
}
