/**
 * Vehicle handover (release-2 §C3): the check-out takes a confirmed booking
 * to `active` (the car is out), the check-in takes an active booking to
 * `completed` and adds its extra charges to the booking's total. Each stores
 * one record in `handovers` (at most one of each kind per booking, by a
 * unique constraint). Any other transition is 409 INVALID_TRANSITION.
 *
 * Replays: the outbox may send the same call again after its answer was
 * lost. A call whose record is already stored with the same readings is
 * answered the booking again and changes nothing (the charges are never
 * added twice); a different one is refused as a transition.
 */
import type { Knex } from "knex";
import { MAX_MONEY_CENTAVOS, addMoney, normalizeMoney, parseMoney } from "@car-rental/shared/money";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import {
  handoverMessages,
  type CheckInInput,
  type CheckOutInput,
  type Handover,
  type HandoverCharge,
  type HandoverKind,
} from "@car-rental/shared/schemas/handover";
import { validationMessages } from "@car-rental/shared/messages";
import type { AppDeps } from "../../deps";
import { InvalidTransition, NotFound, OdometerBeforeCheckout, ValidationFailed } from "../../errors";
import { markObjectsAttached, verifyUploadedObject } from "../objects/upload.service";
import { rethrowIdClash } from "../client-id";
import { findBookingView } from "./booking-view";

export const BOOKING_NOT_FOUND = "Booking not found";

export type HandoverDeps = Pick<AppDeps, "db" | "storage" | "clock">;

/** A row of `handovers` (jsonb columns arrive parsed on both engines). */
export type HandoverRow = {
  id: string;
  booking_id: string;
  kind: HandoverKind;
  odometer_km: number;
  fuel_eighths: number;
  notes: string | null;
  photos: string[];
  signature: string | null;
  charges: { label: string; amount: string }[];
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

const HANDOVER_COLUMNS = [
  "id",
  "booking_id",
  "kind",
  "odometer_km",
  "fuel_eighths",
  "notes",
  "photos",
  "signature",
  "charges",
  "created_at",
  "updated_at",
  "version",
] as const;

export function handoversTable(db: Knex): Knex.QueryBuilder<HandoverRow, HandoverRow[]> {
  return db<HandoverRow>("handovers").select(...HANDOVER_COLUMNS);
}

export function toHandover(row: HandoverRow): Handover {
  return {
    id: row.id,
    bookingId: row.booking_id,
    kind: row.kind,
    odometerKm: Number(row.odometer_km),
    fuelEighths: Number(row.fuel_eighths),
    notes: row.notes,
    photos: row.photos,
    signature: row.signature,
    charges: row.charges.map((charge) => ({ label: charge.label, amount: normalizeMoney(charge.amount) })),
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
  };
}

type LockedBooking = { id: string; status: string; total: string };

async function lockBooking(trx: Knex.Transaction, id: string): Promise<LockedBooking> {
  const row = await trx<LockedBooking>("bookings")
    .select<LockedBooking[]>("id", "status", "total")
    .where({ id })
    .forUpdate()
    .first();
  if (!row) throw new NotFound(BOOKING_NOT_FOUND);
  return row;
}

async function viewOf(db: Knex, id: string): Promise<BookingView> {
  const view = await findBookingView(db, id);
  if (!view) throw new NotFound(BOOKING_NOT_FOUND);
  return view;
}

/** Photos and a signature must be checked image uploads (JPEG or PNG) of the signed-upload flow. */
async function verifyImages(deps: HandoverDeps, trx: Knex.Transaction, paths: string[]): Promise<void> {
  for (const path of paths) {
    const object = await verifyUploadedObject(deps, path, "document", trx);
    if (!object.contentType.startsWith("image/")) {
      throw new ValidationFailed(validationMessages.invalidObjectPath, {
        objectPath: path,
        reason: "not-an-image",
      });
    }
  }
  // Attached from this commit on: the orphan clean-up never takes them.
  await markObjectsAttached(trx, paths, deps.clock.now());
}

type Readings = {
  odometer_km: number;
  fuel_eighths: number;
  notes: string | null;
  photos: string[];
  signature: string | null;
  charges: HandoverCharge[];
};

/** Whether a stored record holds the readings a call asks for (then the call is a replay). */
function sameReadings(row: HandoverRow, asked: Readings): boolean {
  const charges = (list: { label: string; amount: string }[]) =>
    JSON.stringify(list.map((c) => [c.label, normalizeMoney(c.amount)]));
  return (
    Number(row.odometer_km) === asked.odometer_km &&
    Number(row.fuel_eighths) === asked.fuel_eighths &&
    (row.notes ?? null) === asked.notes &&
    JSON.stringify(row.photos) === JSON.stringify(asked.photos) &&
    (row.signature ?? null) === asked.signature &&
    charges(row.charges) === charges(asked.charges)
  );
}

/**
 * Looks for the record of `kind` already stored for the booking: the booking
 * view when it is this very call (a replay: the record's own client id, sent
 * again with the same readings, as the app's outbox does when an answer was
 * lost), else null when there is none.
 * @throws InvalidTransition when a record of that kind is stored and this is
 *   not its replay: a second check-out (or check-in) is "any other transition"
 *   of release 2 §C3, even with the same readings.
 */
async function replayOf(
  trx: Knex.Transaction,
  bookingId: string,
  kind: HandoverKind,
  asked: Readings,
  clientId: string | undefined,
): Promise<BookingView | null> {
  const stored = await handoversTable(trx).where({ booking_id: bookingId, kind }).first();
  if (!stored) return null;
  if (clientId === undefined || stored.id !== clientId || !sameReadings(stored, asked)) {
    throw new InvalidTransition({ reason: `already-${kind}` });
  }
  return viewOf(trx, bookingId);
}

async function insertHandover(
  trx: Knex.Transaction,
  bookingId: string,
  kind: HandoverKind,
  readings: Readings,
  id: string | undefined,
) {
  await trx("handovers").insert({
    ...(id === undefined ? {} : { id }),
    booking_id: bookingId,
    kind,
    ...readings,
    photos: JSON.stringify(readings.photos),
    charges: JSON.stringify(readings.charges),
  });
}

/**
 * `POST /api/admin/bookings/:id/check-out`: the car of a confirmed booking
 * goes out. Stores the check-out record and makes the booking `active` (it
 * keeps occupying its car: `booking_occupies('active')`).
 * @throws NotFound, InvalidTransition (not confirmed), ValidationFailed (a photo or the signature is no checked image upload).
 */
export async function checkOutBooking(
  deps: HandoverDeps,
  db: Knex,
  id: string,
  input: CheckOutInput,
): Promise<BookingView> {
  const readings: Readings = {
    odometer_km: input.odometerKm,
    fuel_eighths: input.fuelEighths,
    notes: input.notes,
    photos: input.photos,
    signature: input.signature,
    charges: [],
  };
  return db.transaction(async (trx) => {
    const booking = await lockBooking(trx, id);
    const replay = await replayOf(trx, id, "check-out", readings, input.id);
    if (replay) return replay;
    if (booking.status !== "confirmed") {
      throw new InvalidTransition({ from: booking.status, to: "active" });
    }
    await verifyImages(deps, trx, [...input.photos, input.signature]);
    await insertHandover(trx, id, "check-out", readings, input.id).catch((error: unknown) =>
      rethrowIdClash(error, "handovers"),
    );
    await trx("bookings").where({ id }).update({ status: "active", admin_status_at: trx.fn.now() });
    return viewOf(trx, id);
  });
}

/**
 * `POST /api/admin/bookings/:id/check-in`: the car of an active booking is
 * back. Stores the check-in record, adds the charges to the booking's total
 * and makes it `completed` (its dates are free again).
 * @throws NotFound, InvalidTransition (not active), OdometerBeforeCheckout (422),
 *   ValidationFailed (a photo is no checked image upload).
 */
export async function checkInBooking(
  deps: HandoverDeps,
  db: Knex,
  id: string,
  input: CheckInInput,
): Promise<BookingView> {
  const readings: Readings = {
    odometer_km: input.odometerKm,
    fuel_eighths: input.fuelEighths,
    notes: input.notes,
    photos: input.photos,
    signature: null,
    charges: input.charges.map((charge) => ({ label: charge.label, amount: normalizeMoney(charge.amount) })),
  };
  return db.transaction(async (trx) => {
    const booking = await lockBooking(trx, id);
    const replay = await replayOf(trx, id, "check-in", readings, input.id);
    if (replay) return replay;
    if (booking.status !== "active") {
      throw new InvalidTransition({ from: booking.status, to: "completed" });
    }
    const checkOut = await handoversTable(trx).where({ booking_id: id, kind: "check-out" }).first();
    if (checkOut && input.odometerKm < Number(checkOut.odometer_km)) {
      throw new OdometerBeforeCheckout({ checkOutOdometerKm: Number(checkOut.odometer_km) });
    }
    await verifyImages(deps, trx, input.photos);
    await insertHandover(trx, id, "check-in", readings, input.id).catch((error: unknown) =>
      rethrowIdClash(error, "handovers"),
    );
    const total = addMoney(booking.total, ...readings.charges.map((charge) => charge.amount));
    if (parseMoney(total) > MAX_MONEY_CENTAVOS) {
      throw new ValidationFailed(handoverMessages.chargesTooLarge, {
        fields: { charges: [handoverMessages.chargesTooLarge] },
      });
    }
    await trx("bookings").where({ id }).update({ status: "completed", total, admin_status_at: trx.fn.now() });
    return viewOf(trx, id);
  });
}
