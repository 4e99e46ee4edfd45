import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CAR_IMAGE, FUELS, TRANSMISSIONS } from "@car-rental/shared/constants";
import { carPicturesDir, fleet, NEWEST_FLEET_YEAR, resetDatabase, seedFleet } from "./index";
import type { Database } from "./index";
import { openTestDatabase, testEngines } from "./test-database";

/** Plausible daily rates in pesos per category. */
const rateRanges: Record<string, readonly [number, number]> = {
  "Premium SUV": [3000, 5500],
  "Adventure SUV": [3000, 5000],
  "Compact Sedan": [1800, 2500],
  MPV: [2800, 4000],
  Van: [4500, 6000],
  Pickup: [3500, 5000],
};

describe("the fleet data", () => {
  it("has at least 22 cars across the six categories", () => {
    expect(fleet.length).toBeGreaterThanOrEqual(22);
    expect(new Set(fleet.map((car) => car.category))).toEqual(new Set(Object.keys(rateRanges)));
  });

  it.each(fleet.map((car) => [car.name, car] as const))("%s is complete and realistic", (_, car) => {
    expect(car.plateNumber).toMatch(/^[A-Z]{3} \d{4}$/);
    expect(car.dailyRate).toMatch(/^\d+\.\d{2}$/);
    const [low, high] = rateRanges[car.category] ?? [0, 0];
    expect(Number(car.dailyRate)).toBeGreaterThanOrEqual(low);
    expect(Number(car.dailyRate)).toBeLessThanOrEqual(high);
    expect(car.mileage).toMatch(/^\d+ km\/L$/);
    expect(car.year).toBeGreaterThanOrEqual(2019);
    expect(car.year).toBeLessThanOrEqual(NEWEST_FLEET_YEAR);
    expect(TRANSMISSIONS).toContain(car.transmission);
    expect(FUELS).toContain(car.fuel);
    expect(car.seats).toBeGreaterThan(1);
    expect(car.description.match(/[.!?](\s|$)/g)).toHaveLength(2);
    expect(car.image).toMatch(/^[a-z0-9-]+\.svg$/);
  });

  it("has unique plate numbers, a hybrid and a car marked Rented", () => {
    expect(new Set(fleet.map((car) => car.plateNumber)).size).toBe(fleet.length);
    expect(fleet.some((car) => car.fuel === "Hybrid")).toBe(true);
    expect(fleet.some((car) => !car.available)).toBe(true);
    expect(Math.max(...fleet.map((car) => car.year))).toBe(NEWEST_FLEET_YEAR);
  });

  it("has a picture for every car and a default picture", () => {
    const pictures = readdirSync(carPicturesDir);
    for (const car of fleet) expect(pictures, car.name).toContain(car.image);
    expect(pictures).toContain(DEFAULT_CAR_IMAGE);
    for (const picture of pictures) {
      const svg = readFileSync(path.join(carPicturesDir, picture), "utf8");
      expect(svg, picture).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 240"/);
      expect(svg.length, picture).toBeLessThan(8_000);
    }
  });
});

describe.each(testEngines())("seedFleet on %s", (engine) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await resetDatabase(db.knex);
  });

  it("inserts the fleet into an empty database once", async () => {
    expect(await seedFleet(db.knex)).toBe(fleet.length);
    expect(await seedFleet(db.knex)).toBe(0);
    const cars = await db.knex("cars").orderBy("created_at").select();
    expect(cars.length).toBeGreaterThanOrEqual(20);
    expect(cars.map((car) => car.plate_number)).toEqual(fleet.map((car) => car.plateNumber));
    expect(cars[0]).toMatchObject({
      name: fleet[0]?.name,
      daily_rate: fleet[0]?.dailyRate,
      year: fleet[0]?.year,
      image: fleet[0]?.image,
      available: fleet[0]?.available,
      deleted_at: null,
    });
    for (const car of cars) expect(existsSync(path.join(carPicturesDir, car.image))).toBe(true);
  });

  it("shifts the model years to the given year", async () => {
    await seedFleet(db.knex, { year: NEWEST_FLEET_YEAR + 2 });
    const years: number[] = await db.knex("cars").orderBy("created_at").pluck("year");
    expect(years).toEqual(fleet.map((car) => car.year + 2));
  });

  it("leaves a fleet alone, even one whose cars were all archived", async () => {
    await db.knex("cars").insert({
      name: "Old Car",
      category: "Compact Sedan",
      daily_rate: "1.00",
      seats: 4,
      year: 2019,
      deleted_at: db.knex.fn.now(),
    });
    expect(await seedFleet(db.knex)).toBe(0);
  });

  it("seeds once when several processes start together", async () => {
    const counts = await Promise.all([seedFleet(db.knex), seedFleet(db.knex), seedFleet(db.knex)]);
    expect(counts.sort((a, b) => b - a)).toEqual([fleet.length, 0, 0]);
    expect(await db.knex("cars").count({ count: "*" })).toEqual([{ count: String(fleet.length) }]);
  });
});
