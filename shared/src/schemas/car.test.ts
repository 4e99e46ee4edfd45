import { describe, expect, it } from "vitest";
import { adminCarSchema, carInputSchema, carSchema } from "./car";

const car = {
  id: "0b6f9f2e-6a1f-4a43-9a55-0d3c5b8e1a11",
  name: "Toyota Fortuner",
  category: "Premium SUV",
  dailyRate: 3500,
  seats: 7,
  transmission: "Automatic",
  fuel: "Diesel",
  image: "toyota-fortuner.svg",
  description: "Seven-seat SUV",
  mileage: "12 km/L",
  year: 2024,
  plateNumber: "NBC 1234",
  available: true,
};

describe("carSchema", () => {
  it("reads a car and normalizes its rate", () => {
    expect(carSchema.parse(car).dailyRate).toBe("3500.00");
    // Release-2 §E2: an answer from before deposits reads as the default ₱3,000.
    expect(carSchema.parse(car).deposit).toBe("3000.00");
    expect(carSchema.parse({ ...car, deposit: 4500 }).deposit).toBe("4500.00");
    expect(carSchema.safeParse({ ...car, deposit: -1 }).success).toBe(false);
    expect(
      adminCarSchema.parse({
        ...car,
        createdAt: "2026-11-01T00:00:00Z",
        version: 3,
        updatedAt: "2026-11-21T00:00:00Z",
        deletedAt: null,
      }).version,
    ).toBe(3);
  });

  it("refuses unknown transmissions and fuels", () => {
    expect(carSchema.safeParse({ ...car, transmission: "CVT" }).success).toBe(false);
    expect(carSchema.safeParse({ ...car, fuel: "Electric" }).success).toBe(false);
  });
});

describe("carInputSchema", () => {
  it("applies the spec's defaults", () => {
    expect(
      carInputSchema.parse({ name: " Toyota Vios ", category: "Compact Sedan", dailyRate: "1800" }),
    ).toEqual({
      name: "Toyota Vios",
      category: "Compact Sedan",
      dailyRate: "1800.00",
      deposit: "3000.00",
      seats: 5,
      transmission: "Automatic",
      fuel: "Gas",
      description: null,
      mileage: null,
      plateNumber: null,
      available: true,
    });
  });

  it("accepts bundled pictures and uploaded car images only", () => {
    const base = { name: "Vios", category: "Compact Sedan", dailyRate: 1800 };
    expect(carInputSchema.parse({ ...base, image: "toyota-vios.svg" }).image).toBe("toyota-vios.svg");
    expect(carInputSchema.parse({ ...base, image: "/objects/car-images/abc-123" }).image).toBe(
      "/objects/car-images/abc-123",
    );
    for (const image of ["/objects/documents/abc", "https://x.example/a.png", "../etc/passwd", "a.exe"]) {
      expect(carInputSchema.safeParse({ ...base, image }).success).toBe(false);
    }
  });

  it("requires name, category and a positive rate, ignores unknown keys and rejects huge strings", () => {
    const base = { name: "Vios", category: "Compact Sedan", dailyRate: 1800 };
    expect(carInputSchema.safeParse({ ...base, name: "  " }).success).toBe(false);
    expect(carInputSchema.safeParse({ ...base, category: undefined }).success).toBe(false);
    expect(carInputSchema.safeParse({ ...base, dailyRate: 0 }).success).toBe(false);
    expect(carInputSchema.safeParse({ ...base, dailyRate: "abc" }).success).toBe(false);
    expect(carInputSchema.safeParse({ ...base, seats: 4.5 }).success).toBe(false);
    const roundTripped = carInputSchema.parse({
      ...base,
      id: car.id,
      version: 2,
      updatedAt: "2026-11-21T00:00:00Z",
    });
    for (const key of ["id", "version", "updatedAt"]) expect(roundTripped).not.toHaveProperty(key);
    expect(carInputSchema.safeParse({ ...base, description: "x".repeat(100_000) }).success).toBe(false);
  });
});
