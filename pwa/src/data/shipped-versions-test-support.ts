/**
 * For upgrade tests: the browser database as earlier releases shipped it.
 * Each entry is what that version of `db.ts` declared, exactly (a version
 * that only ran an upgrade declared no store). A test opens a database at
 * the version before the one it tests, writes rows as that version stored
 * them, closes it, and opens today's `CarRentalDb` on the same name.
 */
import Dexie from "dexie";

const SHIPPED_STORES: Record<number, Record<string, string>> = {
  1: {
    cars: "id, name",
    bookedRanges: "[carId+start+pickupTime], carId",
    publicSync: "key",
    adminCars: "id, name",
    bookings: "id, customerId, carId, createdAt, status",
    customers: "id, email, createdAt",
    blockedNames: "id, fullName",
    payments: "id, bookingId",
    outbox: "id, &seq, state, [entity+entityId]",
    syncState: "key",
    drafts: "key",
  },
  2: { outbox: "id, &seq, state, [entity+entityId], *rowKeys" },
  3: {},
  4: { blocks: "id, carId, startDate" },
  5: { myBookings: "id, reference, openedAt" },
  6: { ratePeriods: "id, startDate", publicRates: "key" },
  7: {},
  8: { handovers: "id, bookingId", handoverFiles: "id, bookingId" },
  9: { lengthDiscounts: "id" },
  10: { carImageFiles: "id" },
};

/** The database `name` with the stores of versions 1 to `version` as they shipped (not opened yet). */
export function shippedDatabase(name: string, version: number): Dexie {
  if (!(version in SHIPPED_STORES)) throw new Error(`No shipped stores are recorded for version ${version}`);
  const previous = new Dexie(name);
  for (let v = 1; v <= version; v += 1) previous.version(v).stores(SHIPPED_STORES[v] ?? {});
  return previous;
}
