/**
 * The admin area's reads, all from the IndexedDB mirror (readable offline):
 * `syncAdmin()` fills it, these hooks render it and follow every change at
 * once (not throttled: an action on a row must never see its temporary id
 * after the server's id replaced it).
 * Rows deleted locally and waiting for the server (`_deleted`) are hidden.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { isKeptCarImage } from "./mutations/cars/car-image-files";
import { LENGTH_DISCOUNTS_RECORD_ID } from "@car-rental/shared/schemas/rates";
import { customerTotals } from "@car-rental/shared/customer-totals";
import {
  db as appDb,
  type LocalAdminCar,
  type LocalBlock,
  type LocalBlockedName,
  type LocalRatePeriod,
  type LocalLengthDiscountList,
  type LocalBooking,
  type HandoverFile,
  type CarImageFile,
  type LocalCustomer,
  type LocalHandover,
  type LocalPayment,
  type SyncStateRow,
} from "./db";
import { readAdminSyncState } from "./admin-sync";

export { clearAdminData, syncAdmin, type AdminSyncResult } from "./admin-sync";

const visible = <T extends { _deleted?: boolean }>(row: T) => row._deleted !== true;

export type LocalBookingWithPayments = LocalBooking & { payments: LocalPayment[] };

/** A customer with the booking history and the spec's totals, joined in the browser. */
export type AdminCustomerView = LocalCustomer & {
  /** Newest first, each with its payments (oldest first). */
  bookings: LocalBookingWithPayments[];
  totalAmount: string;
  amountPaid: string;
  /** totalAmount minus amountPaid; negative when the customer overpaid. */
  pendingAmount: string;
};

/** Cars of the admin mirror in the fleet's order, as `GET /api/cars` gives it: oldest first, then by name. */
export function useAdminCars(): LocalAdminCar[] | undefined {
  return useLiveQuery(async () => (await appDb.adminCars.toArray()).filter(visible).sort(byFleetOrder), []);
}

function byFleetOrder(a: LocalAdminCar, b: LocalAdminCar): number {
  // A row from before createdAt was synced sorts last until the next full sync.
  const created = Date.parse(a.createdAt ?? "9999") - Date.parse(b.createdAt ?? "9999");
  if (created !== 0 && !Number.isNaN(created)) return created;
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** Bookings, newest first. */
export function useBookings(): LocalBooking[] | undefined {
  return useLiveQuery(
    async () => (await appDb.bookings.orderBy("createdAt").reverse().toArray()).filter(visible),
    [],
  );
}

/** Payments of one booking, oldest first. */
export function usePayments(bookingId: string | null | undefined): LocalPayment[] | undefined {
  return useLiveQuery(async () => {
    if (!bookingId) return [];
    const payments = await appDb.payments.where("bookingId").equals(bookingId).toArray();
    return payments.filter(visible).sort(byCreatedAt);
  }, [bookingId]);
}

function byCreatedAt(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** Joins customers, their bookings and the bookings' payments. */
export function joinCustomers(
  customers: readonly LocalCustomer[],
  bookings: readonly LocalBooking[],
  payments: readonly LocalPayment[],
): AdminCustomerView[] {
  const paymentsByBooking = new Map<string, LocalPayment[]>();
  for (const payment of [...payments].filter(visible).sort(byCreatedAt)) {
    const list = paymentsByBooking.get(payment.bookingId);
    if (list) list.push(payment);
    else paymentsByBooking.set(payment.bookingId, [payment]);
  }
  const bookingsByCustomer = new Map<string, LocalBookingWithPayments[]>();
  const newestFirst = [...bookings].filter(visible).sort((a, b) => byCreatedAt(b, a));
  for (const booking of newestFirst) {
    const withPayments = { ...booking, payments: paymentsByBooking.get(booking.id) ?? [] };
    const list = bookingsByCustomer.get(booking.customerId);
    if (list) list.push(withPayments);
    else bookingsByCustomer.set(booking.customerId, [withPayments]);
  }
  return [...customers]
    .filter(visible)
    .sort((a, b) => byCreatedAt(b, a))
    .map((customer) => {
      const history = bookingsByCustomer.get(customer.id) ?? [];
      return { ...customer, bookings: history, ...customerTotals(history) };
    });
}

/** Customers, newest first, with their bookings and payments joined locally. */
export function useCustomers(): AdminCustomerView[] | undefined {
  return useLiveQuery(async () => {
    const [customers, bookings, payments] = await Promise.all([
      appDb.customers.toArray(),
      appDb.bookings.toArray(),
      appDb.payments.toArray(),
    ]);
    return joinCustomers(customers, bookings, payments);
  }, []);
}

/**
 * The customer on file with this e-mail (case-insensitive, as the server
 * compares), if the mirror has one: lets the form refuse a duplicate at once
 * instead of queueing a change the server would refuse.
 */
export async function findCustomerByEmail(email: string): Promise<LocalCustomer | undefined> {
  const matches = await appDb.customers.where("email").equalsIgnoreCase(email.trim()).toArray();
  return matches.find(visible);
}

/** Blocked names, newest first. */
/** The check-out and check-in records of one booking (release 2 §C3). */
export function useHandovers(bookingId: string): LocalHandover[] | undefined {
  return useLiveQuery(
    async () => (await appDb.handovers.where("bookingId").equals(bookingId).toArray()).filter(visible),
    [bookingId],
  );
}

/** The handover files this device holds for one booking (photos and signatures, uploaded or waiting). */
export function useHandoverFiles(bookingId: string): HandoverFile[] | undefined {
  return useLiveQuery(() => appDb.handoverFiles.where("bookingId").equals(bookingId).toArray(), [bookingId]);
}

/** Blocked periods of the mirror (release 2 §C1), the earliest first. */
export function useBlocks(): LocalBlock[] | undefined {
  return useLiveQuery(async () => (await appDb.blocks.orderBy("startDate").toArray()).filter(visible), []);
}

/** The owner's seasonal rate periods (release 2 §E1), by start date. */
export function useRatePeriods(): LocalRatePeriod[] | undefined {
  return useLiveQuery(
    async () => (await appDb.ratePeriods.orderBy("startDate").toArray()).filter(visible),
    [],
  );
}

/**
 * The owner's length discounts (release 2 §E1), by length: the mirror's one
 * record, null before the first sync brought it (undefined while loading).
 */
export function useLengthDiscounts(): LocalLengthDiscountList | null | undefined {
  return useLiveQuery(async () => (await appDb.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID)) ?? null, []);
}

export function useBlockedNames(): LocalBlockedName[] | undefined {
  return useLiveQuery(
    async () => (await appDb.blockedNames.toArray()).filter(visible).sort((a, b) => byCreatedAt(b, a)),
    [],
  );
}

/** The mirror's sync state: last sync time and whether the server asked for a sign-in. */
export function useAdminSyncState(): SyncStateRow | undefined {
  return useLiveQuery(() => readAdminSyncState(appDb), []);
}

/** A car picture kept on this device until its car's change is sent (car-image-files.ts), or undefined. */
export function useKeptCarImage(image: string | null | undefined): CarImageFile | undefined {
  return useLiveQuery(
    async () => (isKeptCarImage(image) ? await appDb.carImageFiles.get(image) : undefined),
    [image],
  );
}
