/** The SQLSTATE codes the application reacts to; both engines report them as `error.code`. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  notNullViolation: "23502",
  exclusionViolation: "23P01",
  serializationFailure: "40001",
  deadlockDetected: "40P01",
} as const;

/** The SQLSTATE of a database error (PostgreSQL or PGlite), or undefined for anything else. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}

/** The name of the constraint a database error reports, e.g. `bookings_no_overlap`. */
export function constraintName(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("constraint" in error)) return undefined;
  return typeof error.constraint === "string" ? error.constraint : undefined;
}
