/** PostgreSQL type ids both engines' parsers are set for (index.ts, pglite-instance.ts). */
export const OID = {
  int8: 20,
  date: 1082,
  timestamp: 1114,
  timestampArray: 1115,
  dateArray: 1182,
} as const;

/** A value handed back as PostgreSQL wrote it. */
export const asText = (value: string): string => value;

/** timestamptz, and its array (node-postgres parses arrays element by element with the scalar's parser). */
export const TIMESTAMPTZ_OID = 1184;

/** The number in `text` between `from` and `to` (decimal digits only), or NaN. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

const HYPHEN = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;

/**
 * A parser of timestamptz as PostgreSQL writes it (ISO DateStyle:
 * `2026-11-27 04:44:35.123456+08`, `…+05:30`, `…-03:30:15`) into the same
 * Date node-postgres's and PGlite's own parsers give (microseconds truncated
 * to milliseconds), without their regular expressions: a first admin sync
 * parses tens of thousands. Anything else (infinity, BC, years before 100)
 * goes to `fallback`, the engine's own parser.
 */
export function fastTimestamptz(fallback: (value: string) => unknown): (value: string) => unknown {
  return (value) => {
    if (
      value.length < 22 ||
      value.charCodeAt(4) !== HYPHEN ||
      value.charCodeAt(7) !== HYPHEN ||
      value.charCodeAt(10) !== SPACE ||
      value.charCodeAt(13) !== COLON ||
      value.charCodeAt(16) !== COLON
    ) {
      return fallback(value);
    }
    const year = digitsAt(value, 0, 4);
    let at = 19;
    let ms = 0;
    if (value.charCodeAt(at) === DOT) {
      let end = at + 1;
      while (end < value.length && value.charCodeAt(end) >= 48 && value.charCodeAt(end) <= 57) end++;
      const fraction = value.slice(at + 1, Math.min(end, at + 4)).padEnd(3, "0");
      ms = end > at + 1 ? digitsAt(fraction, 0, 3) : Number.NaN;
      at = end;
    }
    const sign = value.charCodeAt(at);
    if (sign !== PLUS && sign !== HYPHEN) return fallback(value);
    // ±HH, ±HH:MM or ±HH:MM:SS, and nothing after.
    const offsetParts = (value.length - at - 3) / 3;
    if (![0, 1, 2].includes(offsetParts)) return fallback(value);
    let offsetSeconds = digitsAt(value, at + 1, at + 3) * 3600;
    for (let part = 1; part <= offsetParts; part++) {
      const start = at + 3 * part;
      if (value.charCodeAt(start) !== COLON) return fallback(value);
      offsetSeconds += digitsAt(value, start + 1, start + 3) * (part === 1 ? 60 : 1);
    }
    const utc = Date.UTC(
      year,
      digitsAt(value, 5, 7) - 1,
      digitsAt(value, 8, 10),
      digitsAt(value, 11, 13),
      digitsAt(value, 14, 16),
      digitsAt(value, 17, 19),
      ms,
    );
    // NaN: a character that was not a digit; before year 100 Date.UTC would read 19xx.
    if (Number.isNaN(utc) || Number.isNaN(offsetSeconds) || year < 100) return fallback(value);
    return new Date(utc - (sign === PLUS ? 1 : -1) * offsetSeconds * 1000);
  };
}
