/**
 * What a blocklist entry compares (release-2 §E3): a name, an e-mail, a phone
 * or a driver's licence number, each normalised so that the same person
 * typing it another way still matches:
 * - names as in release 1: trimmed, lower-cased, inner spaces collapsed;
 * - e-mails trimmed and lower-cased;
 * - phones in international form (`+63…`), read as Philippine numbers when
 *   they carry no country code (libphonenumber's metadata, not a hand-written rule);
 * - licence numbers upper-cased, without spaces, dashes or dots.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { nameKey } from "./name-key";

export { nameKey };

export const BLOCK_KINDS = ["name", "email", "phone", "license"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** The country a phone number without a country code belongs to. */
const HOME_COUNTRY = "PH";

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A Philippine mobile number as customers type it (`0917 123 4567`, `+63 917-123-4567`): the
 * national number's ten digits, libphonenumber's answer for it being `+63` and those digits
 * (blocklist-keys.test.ts compares the two). Reading the metadata cost about 75 µs a number, a
 * good share of a booking's work on the server.
 */
const PH_MOBILE = /^(?:0|\+63)(9\d{9})$/;
/** What people put between digits: spaces, dots, dashes, brackets (other blanks go to the metadata). */
const SEPARATORS = /[ ().-]/g;

/** A phone number in E.164 form (`+639171234567`), or null when it is not a possible number. */
export function normalizePhone(value: string): string | null {
  const mobile = PH_MOBILE.exec(value.replace(SEPARATORS, ""));
  if (mobile) return `+63${mobile[1]}`;
  const parsed = parsePhoneNumberFromString(value.trim(), HOME_COUNTRY);
  return parsed?.isPossible() ? parsed.number : null;
}

export function normalizeLicense(value: string): string {
  return value.replace(/[\s.-]+/g, "").toUpperCase();
}

/** The comparison key of a value of `kind`; null when there is nothing to compare (e.g. not a phone number). */
export function blockKey(kind: BlockKind, value: string): string | null {
  let key: string | null;
  switch (kind) {
    case "name":
      key = nameKey(value);
      break;
    case "email":
      key = normalizeEmail(value);
      break;
    case "phone":
      key = normalizePhone(value);
      break;
    case "license":
      key = normalizeLicense(value);
      break;
  }
  return key === "" ? null : key;
}
