import { describe, expect, it } from "vitest";
import type { Car } from "@car-rental/shared/schemas/car";
import { orderFleet } from "./fleet-grid";

function car(name: string, category: string): Car {
  return {
    id: `${category}-${name}`,
    name,
    category,
    dailyRate: "2500.00",
    deposit: "3000.00",
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    image: "",
    description: null,
    mileage: null,
    year: 2024,
    plateNumber: null,
    available: true,
  };
}

describe("orderFleet", () => {
  it("groups by category, known categories first in their order, then by name ignoring case", () => {
    const ordered = orderFleet([
      car("Toyota Vios", "Compact Sedan"),
      car("Zeta Van", "Zoo Category"),
      car("Alpha Van", "Another Category"),
      car("honda City", "Compact Sedan"),
      car("Toyota Fortuner", "Premium SUV"),
      car("Mitsubishi Mirage", "Compact Sedan"),
    ]);
    expect(ordered.map((entry) => `${entry.category}/${entry.name}`)).toEqual([
      "Premium SUV/Toyota Fortuner",
      "Compact Sedan/honda City",
      "Compact Sedan/Mitsubishi Mirage",
      "Compact Sedan/Toyota Vios",
      "Another Category/Alpha Van",
      "Zoo Category/Zeta Van",
    ]);
  });
});
