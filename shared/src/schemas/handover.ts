/**
 * Vehicle handover (release 2 §C3): the check-out record (the car leaves) and
 * the check-in record (the car is back) of a booking. Photos and the
 * signature are object paths of uploads made through the signed-upload flow
 * (purpose `document`: private, read by the admin only).
 */
import * as z from "zod";
import { FUEL_EIGHTHS_MAX, HANDOVER_MAX_PHOTOS } from "../constants";
import { moneySchema, positiveMoneySchemaWith } from "../money";
import {
  clientIdShape,
  documentPathSchema,
  idSchema,
  optionalText,
  requiredText,
  textLimits,
  timestampSchema,
  versionSchema,
} from "./common";

export const HANDOVER_KINDS = ["check-out", "check-in"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/** Largest odometer reading accepted (km). */
export const ODOMETER_MAX_KM = 9_999_999;
/** Most extra charges one check-in may add. */
export const HANDOVER_MAX_CHARGES = 20;

export const handoverMessages = {
  odometerRequired: "Odometer (km) is required",
  odometerInvalid: "The odometer must be a whole number of kilometres",
  fuelInvalid: "Fuel level must be a whole number of eighths from 0 to 8",
  tooManyPhotos: `At most ${HANDOVER_MAX_PHOTOS} photos`,
  samePhotoTwice: "The same photo is listed twice",
  signatureRequired: "The customer's signature is required",
  chargeLabelRequired: "Describe the charge",
  chargeAmountInvalid: "The charge must be a positive amount",
  tooManyCharges: `At most ${HANDOVER_MAX_CHARGES} charges`,
  chargesTooLarge: "The charges would make the booking's total too large",
} as const;

export const handoverChargeSchema = z.object({
  label: requiredText(textLimits.short, handoverMessages.chargeLabelRequired),
  amount: positiveMoneySchemaWith(handoverMessages.chargeAmountInvalid),
});
export type HandoverCharge = z.infer<typeof handoverChargeSchema>;
export type HandoverChargeBody = z.input<typeof handoverChargeSchema>;

const readingsShape = {
  odometerKm: z
    .number({ error: handoverMessages.odometerRequired })
    .int({ error: handoverMessages.odometerInvalid })
    .min(0, { error: handoverMessages.odometerInvalid })
    .max(ODOMETER_MAX_KM, { error: handoverMessages.odometerInvalid }),
  fuelEighths: z
    .number({ error: handoverMessages.fuelInvalid })
    .int({ error: handoverMessages.fuelInvalid })
    .min(0, { error: handoverMessages.fuelInvalid })
    .max(FUEL_EIGHTHS_MAX, { error: handoverMessages.fuelInvalid }),
  notes: optionalText(textLimits.note),
  photos: z
    .array(documentPathSchema)
    .max(HANDOVER_MAX_PHOTOS, { error: handoverMessages.tooManyPhotos })
    .refine((photos) => new Set(photos).size === photos.length, { error: handoverMessages.samePhotoTwice })
    .default([]),
  /** The id the browser chose for the record. */
  ...clientIdShape,
};

/** Body of `POST /api/admin/bookings/:id/check-out`. */
export const checkOutInputSchema = z.object({
  ...readingsShape,
  signature: documentPathSchema,
});
export type CheckOutInput = z.infer<typeof checkOutInputSchema>;
export type CheckOutInputBody = z.input<typeof checkOutInputSchema>;

/** Body of `POST /api/admin/bookings/:id/check-in`: `charges` are added to the booking's total. */
export const checkInInputSchema = z.object({
  ...readingsShape,
  charges: z
    .array(handoverChargeSchema)
    .max(HANDOVER_MAX_CHARGES, { error: handoverMessages.tooManyCharges })
    .default([]),
});
export type CheckInInput = z.infer<typeof checkInInputSchema>;
export type CheckInInputBody = z.input<typeof checkInInputSchema>;

/** A handover record as the admin sync carries it. */
export const handoverSchema = z.object({
  id: idSchema,
  bookingId: idSchema,
  kind: z.enum(HANDOVER_KINDS),
  odometerKm: z.number().int().nonnegative(),
  fuelEighths: z.number().int().min(0).max(FUEL_EIGHTHS_MAX),
  notes: z.string().nullable(),
  photos: z.array(z.string()),
  /** The customer's signature (check-out); null on a check-in. */
  signature: z.string().nullable(),
  charges: z.array(z.object({ label: z.string(), amount: moneySchema })),
  createdAt: timestampSchema,
  version: versionSchema,
  updatedAt: timestampSchema,
});
export type Handover = z.infer<typeof handoverSchema>;
