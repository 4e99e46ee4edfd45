/**
 * Short booking references (release-2 §D1): `ACR-` and 6 characters from an
 * alphabet without the look-alikes 0/O, 1/I/L, so one read over the phone or
 * copied from a screenshot comes out right. 31^6 ≈ 887 million references;
 * the database's unique index catches the rare repeat and a new one is drawn.
 */

export const BOOKING_REFERENCE_PREFIX = "ACR-";
export const BOOKING_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const BOOKING_REFERENCE_LENGTH = 6;

const PATTERN = new RegExp(
  `^${BOOKING_REFERENCE_PREFIX}[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`,
);

/** A new reference from `randomValues` (crypto.getRandomValues in both the browser and Node). */
export function newBookingReference(
  randomValues: (array: Uint32Array) => Uint32Array = (array) => crypto.getRandomValues(array),
): string {
  const picks = randomValues(new Uint32Array(BOOKING_REFERENCE_LENGTH));
  let code = "";
  for (const pick of picks) code += BOOKING_REFERENCE_ALPHABET[pick % BOOKING_REFERENCE_ALPHABET.length];
  return BOOKING_REFERENCE_PREFIX + code;
}

/**
 * A reference as a person typed it, in its stored form: trimmed, upper-cased,
 * spaces dropped, the prefix added when left out ("7k3q 9p" → "ACR-7K3Q9P").
 * Returns null when it cannot be a reference.
 */
export function normalizeBookingReference(typed: string): string | null {
  let value = typed.trim().toUpperCase().replace(/\s+/g, "");
  if (!value.startsWith(BOOKING_REFERENCE_PREFIX))
    value = BOOKING_REFERENCE_PREFIX + value.replace(/^ACR/, "");
  return PATTERN.test(value) ? value : null;
}
