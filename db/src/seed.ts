import type { Knex } from "knex";
import { fleet, NEWEST_FLEET_YEAR } from "./fleet";

export type SeedFleetOptions = {
  /**
   * The current year: every model year shifts by the same amount so that the
   * newest car is of this year (the fleet stays as fresh as the day it was
   * written). Without it the years are as written in `fleet`.
   */
  year?: number;
};

/**
 * Inserts the seed fleet when the cars table is empty (archived cars count as
 * present, so a fleet the admin emptied is not refilled). Safe when several
 * processes start at once. Returns the number of cars inserted.
 */
export async function seedFleet(knex: Knex, options: SeedFleetOptions = {}): Promise<number> {
  const shift = options.year === undefined ? 0 : options.year - NEWEST_FLEET_YEAR;
  return knex.transaction(async (trx) => {
    // Blocks a concurrent seeder until this one commits; reads stay possible.
    await trx.raw("lock table cars in share row exclusive mode");
    const existing: { id: string } | undefined = await trx("cars").select("id").first();
    if (existing) return 0;
    const rows = fleet.map((car, index) => {
      // One millisecond apart, so "oldest first" lists the fleet in the order written here.
      const createdAt = trx.raw("now() + ? * interval '1 millisecond'", [index]);
      return {
        name: car.name,
        category: car.category,
        daily_rate: car.dailyRate,
        seats: car.seats,
        transmission: car.transmission,
        fuel: car.fuel,
        image: car.image,
        description: car.description,
        mileage: car.mileage,
        year: car.year + shift,
        plate_number: car.plateNumber,
        available: car.available,
        created_at: createdAt,
        updated_at: createdAt,
      };
    });
    await trx("cars").insert(rows);
    return rows.length;
  });
}
