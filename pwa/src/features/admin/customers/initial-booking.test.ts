import { describe, expect, it } from "vitest";
import {
  initialBookingBody,
  NO_CAR,
  shouldCreateInitialBooking,
  type InitialBookingFields,
} from "./initial-booking";

const filled: InitialBookingFields = {
  carId: "00000000-0000-4000-8000-000000000001",
  pickupDate: "2027-01-10",
  returnDate: "2027-01-12",
  total: "5500",
  status: "confirmed",
};

describe("shouldCreateInitialBooking", () => {
  it("creates a booking when car, both dates and total are filled", () => {
    expect(shouldCreateInitialBooking(filled)).toBe(true);
  });

  it.each([
    ["no car", { carId: "" }],
    ["the 'none' car", { carId: NO_CAR }],
    ["no pickup date", { pickupDate: "" }],
    ["no return date", { returnDate: "" }],
    ["no total", { total: "" }],
    ["a blank total", { total: "   " }],
  ])("creates none with %s", (_, change) => {
    expect(shouldCreateInitialBooking({ ...filled, ...change })).toBe(false);
  });
});

describe("initialBookingBody", () => {
  const cars = [{ id: filled.carId, name: "Toyota Vios" }];

  it("sends the payment status as the booking status, with the car's name", () => {
    expect(initialBookingBody({ fullName: " Ana Cruz ", email: "ana@example.com" }, filled, cars)).toEqual({
      customerEmail: "ana@example.com",
      customerName: "Ana Cruz",
      carName: "Toyota Vios",
      carId: filled.carId,
      pickupDate: "2027-01-10",
      returnDate: "2027-01-12",
      total: "5500.00",
      status: "confirmed",
    });
  });

  it("is null when the rule says no, or the car is unknown", () => {
    expect(
      initialBookingBody({ fullName: "A B", email: "a@b.co" }, { ...filled, carId: NO_CAR }, cars),
    ).toBeNull();
    expect(
      initialBookingBody({ fullName: "A B", email: "a@b.co" }, { ...filled, carId: "other" }, cars),
    ).toBeNull();
  });
});
