import type { Knex } from "knex";
import { normalizeMoney } from "@car-rental/shared/money";
import { fuelSchema, transmissionSchema, type AdminCar, type Car } from "@car-rental/shared/schemas/car";

/** A row of the `cars` table. */
export type CarRow = {
  id: string;
  name: string;
  category: string;
  daily_rate: string;
  /** Release-2 §E2: the security deposit, apart from the rental total. */
  deposit: string;
  seats: number;
  transmission: string;
  fuel: string;
  image: string;
  description: string;
  mileage: string;
  year: number;
  plate_number: string;
  available: boolean;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

/** The cars table, typed. */
export function carsTable(db: Knex): Knex.QueryBuilder<CarRow, CarRow[]> {
  return db<CarRow>("cars");
}

/** The public fleet card (blank optional texts become null, as the car form sends them). */
export function toCar(row: CarRow): Car {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    dailyRate: normalizeMoney(row.daily_rate),
    deposit: normalizeMoney(row.deposit),
    seats: row.seats,
    transmission: transmissionSchema.catch("Automatic").parse(row.transmission),
    fuel: fuelSchema.catch("Gas").parse(row.fuel),
    image: row.image,
    description: row.description || null,
    mileage: row.mileage || null,
    year: row.year,
    plateNumber: row.plate_number || null,
    available: row.available,
  };
}

/** The admin's record of a car, with its sync bookkeeping. */
export function toAdminCar(row: CarRow): AdminCar {
  return {
    ...toCar(row),
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}
