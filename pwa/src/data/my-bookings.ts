/**
 * The bookings a customer opened on My booking (release-2 §D2), kept in the
 * browser's database so the page shows them offline: the server's answer as
 * it was last read, with its booking token.
 *
 * No DOM or React imports (like db.ts).
 */
import type { MyBooking } from "@car-rental/shared/schemas/my-booking";
import { api as appApi, type ApiClient } from "./api-client";
import { db as appDb, type CarRentalDb } from "./db";

export type MyBookingRow = {
  /** The booking's id. */
  id: string;
  /** Its reference (`ACR-…`), the page's `ref`. */
  reference: string;
  /** ISO instant it was last read from the server. */
  openedAt: string;
  answer: MyBooking;
};

/** Keeps the server's latest answer about a booking. */
export async function saveMyBooking(answer: MyBooking, db: CarRentalDb = appDb): Promise<void> {
  await db.myBookings.put({
    id: answer.booking.id,
    reference: answer.booking.reference,
    openedAt: new Date().toISOString(),
    answer,
  });
}

/**
 * Keeps a booking just made on this device's form, as My booking shows it
 * (read once with its booking token), so My booking lists it and opens it
 * offline without the customer having looked it up first.
 */
export async function keepNewBooking(
  reference: string,
  bookingToken: string,
  api: ApiClient = appApi,
  db: CarRentalDb = appDb,
): Promise<void> {
  await saveMyBooking(await api.call("lookupBooking", { body: { reference, bookingToken } }), db);
}

/** The kept booking with this reference (as stored: `ACR-…`), if it was opened here before. */
export async function keptMyBooking(
  reference: string,
  db: CarRentalDb = appDb,
): Promise<MyBookingRow | undefined> {
  return db.myBookings.where("reference").equals(reference).first();
}

/** Every kept booking, the most recently opened first. */
export async function keptMyBookings(db: CarRentalDb = appDb): Promise<MyBookingRow[]> {
  return db.myBookings.orderBy("openedAt").reverse().toArray();
}
