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
