/**
 * Creates that carry the id the browser chose for the record (ARCHITECTURE.md
 * "Offline and sync": one id per record, chosen where it is made). The
 * optimistic row in the browser and the server's row are then one row. A
 * create naming an id that already exists is answered the stored record when
 * it asks for the same content (a replay whose Idempotency-Key changed, e.g.
 * an outbox entry edited after it may have reached the server), and refused
 * with 409 ID_TAKEN when the content differs: an id never changes owner.
 */
import { SQLSTATE, constraintName, sqlState } from "@car-rental/db";
import { compareMoney } from "@car-rental/shared/money";
import { IdTaken } from "../errors";

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * Whether a stored column equals the value a create would write. Numeric
 * columns come back as strings whose scale depends on the engine ("1500" on
 * one, "1500.00" on the other), timestamps as Dates.
 */
function sameValue(stored: unknown, sent: unknown): boolean {
  const a = stored instanceof Date ? stored.toISOString() : (stored ?? null);
  const b = sent instanceof Date ? sent.toISOString() : (sent ?? null);
  if (a === null || b === null) return a === b;
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  if (typeof a === "string" && typeof b === "string" && DECIMAL.test(a) && DECIMAL.test(b)) {
    return compareMoney(a, b) === 0;
  }
  return a === b;
}

/** Whether `row` holds every column of `columns` with the same value. */
export function sameColumns(row: object, columns: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(columns).every(([key, value]) => sameValue(Reflect.get(row, key), value));
}

/**
 * The record already stored under a client-chosen id, when the create asks
 * for the same content; null when the id is free.
 * @throws IdTaken when the id belongs to a record with other content.
 */
export function replayedCreate<R extends object>(
  existing: R | undefined,
  columns: Readonly<Record<string, unknown>>,
): R | null {
  if (!existing) return null;
  if (!sameColumns(existing, columns)) throw new IdTaken();
  return existing;
}

/**
 * An insert refused on its primary key: a concurrent create stored the same
 * id between the check and the insert. Answered ID_TAKEN (the transaction is
 * spent); the client's replay then finds the stored record.
 */
export function rethrowIdClash(error: unknown, table: string): never {
  if (sqlState(error) === SQLSTATE.uniqueViolation && constraintName(error) === `${table}_pkey`) {
    throw new IdTaken();
  }
  throw error;
}
