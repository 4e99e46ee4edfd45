/**
 * What the tests of migrations share: a database of its own migrated up to
 * the migration before the one under test, and the rows the previous version
 * wrote that most of them start from (a car, a customer, their bookings).
 */
import type { Knex } from "knex";
import { migrate } from "./index";
import type { Database, Engine } from "./index";
import { openTestDatabase } from "./test-database";

/** Opening and migrating a database of its own per test: slow on a loaded machine. */
export const MIGRATION_TEST_TIMEOUT_MS = 120_000;

/** A database of its own (see openTestDatabase) migrated up to and including `before`. */
export async function openTestDatabaseAt(engine: Engine, before: string): Promise<Database> {
  const db = await openTestDatabase(engine, { migrate: false });
  try {
    await migrate(db.knex, before);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

export type PreviousRows = { car: { id: string }; customer: { id: string } };

/** One car (₱2,000 a day), with the columns every version since the first has. */
export async function insertCar(knex: Knex): Promise<{ id: string }> {
  const [car] = await knex("cars")
    .insert({ name: "Toyota Vios", category: "Compact Sedan", daily_rate: "2000.00", seats: 5, year: 2024 })
    .returning<{ id: string }[]>("id");
  if (!car) throw new Error("no car");
  return car;
}

/** That car and one customer (Juan dela Cruz), with the columns every version since the first has. */
export async function insertCarAndCustomer(knex: Knex): Promise<PreviousRows> {
  const car = await insertCar(knex);
  const [customer] = await knex("customers")
    .insert({ full_name: "Juan dela Cruz", email: "juan@example.ph", phone: "0917" })
    .returning<{ id: string }[]>("id");
  if (!customer) throw new Error("no customer");
  return { car, customer };
}

/** A two-day booking row of that car and customer at ₱2,000 a day (₱4,000), for `knex("bookings").insert`. */
export function previousBooking(
  { car, customer }: PreviousRows,
  pickupDate: string,
  returnDate: string,
  status: string,
) {
  return {
    car_id: car.id,
    customer_id: customer.id,
    pickup_date: pickupDate,
    return_date: returnDate,
    total_days: 2,
    daily_rate: "2000.00",
    subtotal: "4000.00",
    total: "4000.00",
    status,
  };
}
