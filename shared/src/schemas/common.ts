/**
 * Building blocks of the entity and payload schemas: ids, timestamps, the
 * sync bookkeeping fields, text fields with size limits (so a huge string is a
 * 422, not a row), and object paths of uploaded files.
 */
import * as z from "zod";
import { TIME_SLOTS } from "../constants";
import { validationMessages } from "../messages";

/** Longest accepted length of each kind of text field. */
export const textLimits = {
  name: 200,
  email: 254,
  phone: 40,
  short: 100,
  address: 500,
  note: 1000,
  description: 2000,
  message: 5000,
  objectPath: 300,
  token: 500,
  url: 2048,
} as const;

/** A UUID-shaped id (any version, so fixed seed ids like 00000000-…-0001 pass too). */
export const idSchema = z.guid();

/**
 * The id a browser chose for a record it creates (ARCHITECTURE.md "Offline
 * and sync": one id per record, chosen where it is made), so its optimistic
 * row and the server's row are the same row. Optional: a create without one
 * gets an id from the database.
 */
export const clientIdShape = { id: z.uuid().optional() };

/** An ISO 8601 instant, with `Z` or an offset. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** Per-row version, bumped on every change; sync and optimistic updates read it. */
export const versionSchema = z.number().int().nonnegative();

/** Sync bookkeeping of every admin-visible row. */
export const recordMetaShape = {
  version: versionSchema,
  updatedAt: timestampSchema,
  deletedAt: timestampSchema.nullable(),
};

/** A required text, trimmed, 1..max characters, reporting `message` when missing or empty. */
export function requiredText(max: number, message: string = validationMessages.required) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: validationMessages.tooLong });
}

/**
 * An optional text, trimmed; absent, null and blank all become `null`, so the
 * database never holds empty strings for "not given".
 */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: validationMessages.tooLong })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A person's full name: at least 2 characters after trimming ('Full name is required'). */
export const fullNameSchema = z
  .string({ error: validationMessages.fullNameRequired })
  .trim()
  .min(2, { error: validationMessages.fullNameRequired })
  .max(textLimits.name, { error: validationMessages.tooLong });

export const emailSchema = z
  .string({ error: validationMessages.validEmailRequired })
  .trim()
  .max(textLimits.email, { error: validationMessages.validEmailRequired })
  .pipe(z.email({ error: validationMessages.validEmailRequired }));

/** A phone number: at least 10 characters after trimming ('Valid phone number is required'). */
export const phoneSchema = z
  .string({ error: validationMessages.validPhoneRequired })
  .trim()
  .min(10, { error: validationMessages.validPhoneRequired })
  .max(textLimits.phone, { error: validationMessages.validPhoneRequired });

const SEGMENT = "[A-Za-z0-9][A-Za-z0-9._-]*";

/** Object path of an uploaded document (private): '/objects/documents/<id>'. */
export const DOCUMENT_PATH_PATTERN = new RegExp(`^/objects/documents(?:/${SEGMENT})+$`);
/** Object path of an uploaded car image (public): '/objects/car-images/<id>'. */
export const CAR_IMAGE_PATH_PATTERN = new RegExp(`^/objects/car-images(?:/${SEGMENT})+$`);
/** A picture bundled with the app, e.g. 'toyota-fortuner.svg'. */
export const BUNDLED_IMAGE_PATTERN = /^[a-z0-9][a-z0-9-]*\.(?:svg|png|jpe?g|webp)$/;

export const documentPathSchema = z
  .string({ error: validationMessages.invalidObjectPath })
  .max(textLimits.objectPath, { error: validationMessages.invalidObjectPath })
  .regex(DOCUMENT_PATH_PATTERN, { error: validationMessages.invalidObjectPath });

/** A car's picture: a bundled file name or an uploaded car-image object path. */
export const carImageSchema = z
  .string({ error: validationMessages.invalidImage })
  .trim()
  .max(textLimits.objectPath, { error: validationMessages.invalidImage })
  .refine((value) => BUNDLED_IMAGE_PATTERN.test(value) || CAR_IMAGE_PATH_PATTERN.test(value), {
    error: validationMessages.invalidImage,
  });

/** The answer of calls that only acknowledge (contact, deletes). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** One of the nine pickup slots, '9:00 AM' … '5:00 PM'. */
export const timeSlotSchema = z.literal(
  TIME_SLOTS.map((slot) => slot.label),
  { error: validationMessages.invalidPickupTime },
);
