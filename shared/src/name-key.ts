/**
 * The comparison key of a name (release 1's blocklist, the booking form's
 * check): apart from `blocklist-keys.ts`, whose phone keys need
 * libphonenumber's metadata, which the public pages do not load.
 */

/**
 * The comparison key of a name: trimmed, lower-cased, inner whitespace
 * collapsed, so ' Juan  DELA Cruz ' matches 'juan dela cruz'.
 */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}
