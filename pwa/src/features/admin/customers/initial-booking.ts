/**
 * The optional first booking of the admin customer dialog (spec §5 "Admin
 * customer form"): created only when the car, both dates and the total are
 * all filled and the car is not 'none'. Its payment status is sent as the
 * booking status (spec §4).
 */
import type { AdminBookingInputBody } from "@car-rental/shared/schemas/booking";
import { parsePaymentAmount } from "../frame/payment-rules";

/** The car Select's "no booking" choice. */
export const NO_CAR = "none";

export const INITIAL_BOOKING_STATUSES = ["pending", "confirmed", "completed"] as const;
export type InitialBookingStatus = (typeof INITIAL_BOOKING_STATUSES)[number];

export type InitialBookingFields = {
  /** The chosen car's id, NO_CAR, or empty. */
  carId: string;
  pickupDate: string;
  returnDate: string;
  /** The total as typed. */
  total: string;
  status: InitialBookingStatus;
};

export function isInitialBookingStatus(value: string): value is InitialBookingStatus {
  return INITIAL_BOOKING_STATUSES.some((status) => status === value);
}

/** Spec §5: every one of car, pickup date, return date and total filled, and the car not 'none'. */
export function shouldCreateInitialBooking(fields: InitialBookingFields): boolean {
  const car = fields.carId.trim();
  return (
    car !== "" &&
    car !== NO_CAR &&
    fields.pickupDate.trim() !== "" &&
    fields.returnDate.trim() !== "" &&
    fields.total.trim() !== ""
  );
}

/**
 * The `POST /api/admin/bookings` body for a new customer, or null when no
 * booking is to be created (the rule above, or an unknown car).
 */
export function initialBookingBody(
  customer: { fullName: string; email: string },
  fields: InitialBookingFields,
  cars: readonly { id: string; name: string }[],
): AdminBookingInputBody | null {
  if (!shouldCreateInitialBooking(fields)) return null;
  const car = cars.find((candidate) => candidate.id === fields.carId);
  if (!car) return null;
  return {
    customerEmail: customer.email.trim(),
    customerName: customer.fullName.trim(),
    carName: car.name,
    carId: car.id,
    pickupDate: fields.pickupDate,
    returnDate: fields.returnDate,
    total: parsePaymentAmount(fields.total) ?? fields.total.trim(),
    status: fields.status,
  };
}
