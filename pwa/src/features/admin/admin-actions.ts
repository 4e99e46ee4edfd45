/**
 * Every admin change goes through the outbox (decisions.md "Offline-first"):
 * the change is applied at once to the local copy (marked `_pending`) and
 * queued with an Idempotency-Key; the sync engine sends it now or when the
 * connection returns. A creation sends the id its optimistic row got here
 * (issue #24: one id per record), so the server's row is the same row and a
 * pull can only replace it, never list it twice. The spec's success and failure toasts follow the
 * server's answer (see use-outbox-toasts.ts); offline, 'Saved Offline' says
 * the change is kept.
 */
import { buildPath, routes } from "@car-rental/shared/api";
import { DEFAULT_PICKUP_TIME, type BookingStatus } from "@car-rental/shared/constants";
import { manilaToday, rentalDays } from "@car-rental/shared/dates";
import { adminFailures, offlineToasts } from "@car-rental/shared/messages";
import { addMoney, formatPeso } from "@car-rental/shared/money";
import type { AdminBookingInputBody } from "@car-rental/shared/schemas/booking";
import { blockedNameInputSchema, type BlockedNameInputBody } from "@car-rental/shared/schemas/blocked-name";
import { carInputSchema, type CarInputBody } from "@car-rental/shared/schemas/car";
import { customerInputSchema, type CustomerInputBody } from "@car-rental/shared/schemas/customer";
import type { LocalAdminCar, LocalBlockedName, LocalBooking, LocalCustomer } from "../../data/db";
import { newId, type EnqueueInput } from "../../data/outbox";
import { enqueue } from "../../data/sync-engine";
import { showAdminError, showToast } from "./admin-toast";

/** Queues one change; false when even the local write failed (the 'Error' toast is shown). */
async function queue(input: EnqueueInput, failure: string): Promise<boolean> {
  try {
    await enqueue(input);
  } catch (error) {
    console.error("Queueing an admin change failed", error);
    showAdminError(failure);
    return false;
  }
  if (typeof navigator !== "undefined" && !navigator.onLine) showToast(offlineToasts.savedOffline, "info");
  return true;
}

const nowIso = () => new Date().toISOString();

function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

// Bookings and payments

export function changeBookingStatus(
  booking: Pick<LocalBooking, "id" | "customerName" | "carName">,
  status: BookingStatus,
): Promise<boolean> {
  return queue(
    {
      method: "PATCH",
      path: buildPath(routes.updateBookingStatus.path, { id: booking.id }),
      body: { status },
      entity: "bookings",
      entityId: booking.id,
      label: `Status ${status} for ${booking.customerName}'s ${booking.carName} booking (${shortId(booking.id)})`,
      apply: async (db) => {
        await db.bookings.update(booking.id, { status, _pending: true });
      },
    },
    adminFailures.updateBookingStatus,
  );
}

/** Records a payment (a ledger row) of `amount`, a normalised decimal string. */
export function addPayment(
  booking: Pick<LocalBooking, "id" | "customerName" | "carName">,
  amount: string,
): Promise<boolean> {
  const paymentId = newId();
  return queue(
    {
      method: "PATCH",
      path: buildPath(routes.addPayment.path, { id: booking.id }),
      body: { amount, id: paymentId },
      entity: "payments",
      entityId: paymentId,
      related: [{ entity: "bookings", id: booking.id }],
      label: `Payment ${formatPeso(amount)} for ${booking.customerName}'s ${booking.carName} booking (${shortId(booking.id)})`,
      apply: async (db) => {
        const current = await db.bookings.get(booking.id);
        await db.payments.add({
          id: paymentId,
          bookingId: booking.id,
          amount,
          note: null,
          createdAt: nowIso(),
          _pending: true,
        });
        if (current) {
          await db.bookings.update(booking.id, {
            amountPaid: addMoney(current.amountPaid, amount),
            _pending: true,
          });
        }
      },
    },
    adminFailures.updatePayment,
  );
}

// Cars

/** The PUT body of an existing car with some fields changed (a PUT replaces every field). */
export function carBody(car: LocalAdminCar, changes: Partial<CarInputBody> = {}): CarInputBody {
  return {
    name: car.name,
    category: car.category,
    dailyRate: car.dailyRate,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    image: car.image,
    description: car.description,
    mileage: car.mileage,
    year: car.year,
    plateNumber: car.plateNumber,
    available: car.available,
    ...changes,
  };
}

function carRow(id: string, body: CarInputBody, base?: LocalAdminCar): LocalAdminCar | null {
  const parsed = carInputSchema.safeParse(body);
  if (!parsed.success) return null;
  const input = parsed.data;
  return {
    id,
    name: input.name,
    category: input.category,
    dailyRate: input.dailyRate,
    seats: input.seats,
    transmission: input.transmission,
    fuel: input.fuel,
    image: input.image ?? base?.image ?? "",
    description: input.description,
    mileage: input.mileage,
    year: input.year ?? Number(manilaToday(new Date()).slice(0, 4)),
    plateNumber: input.plateNumber,
    available: input.available,
    createdAt: base?.createdAt ?? nowIso(),
    version: base?.version ?? 0,
    updatedAt: nowIso(),
    deletedAt: null,
    _pending: true,
  };
}

export function createCar(body: CarInputBody): Promise<boolean> {
  const id = newId();
  const row = carRow(id, body);
  if (!row) {
    showAdminError(adminFailures.addCar);
    return Promise.resolve(false);
  }
  return queue(
    {
      method: "POST",
      path: routes.createCar.path,
      body: { ...body, id },
      entity: "cars",
      entityId: id,
      label: `Add car ${row.name}`,
      apply: async (db) => {
        await db.adminCars.add(row);
      },
    },
    adminFailures.addCar,
  );
}

export function updateCar(
  car: LocalAdminCar,
  body: CarInputBody,
  label = `Edit car ${car.name}`,
): Promise<boolean> {
  const row = carRow(car.id, body, car);
  if (!row) {
    showAdminError(adminFailures.updateCar);
    return Promise.resolve(false);
  }
  return queue(
    {
      method: "PUT",
      path: buildPath(routes.updateCar.path, { id: car.id }),
      body,
      entity: "cars",
      entityId: car.id,
      label,
      apply: async (db) => {
        await db.adminCars.put(row);
      },
    },
    adminFailures.updateCar,
  );
}

export function setCarAvailability(car: LocalAdminCar, available: boolean): Promise<boolean> {
  return updateCar(
    car,
    carBody(car, { available }),
    `Mark ${car.name} ${available ? "Available" : "Rented"}`,
  );
}

export function deleteCar(car: Pick<LocalAdminCar, "id" | "name">): Promise<boolean> {
  return queue(
    {
      method: "DELETE",
      path: buildPath(routes.deleteCar.path, { id: car.id }),
      entity: "cars",
      entityId: car.id,
      label: `Delete car ${car.name}`,
      apply: async (db) => {
        await db.adminCars.update(car.id, { _deleted: true, _pending: true });
      },
    },
    adminFailures.deleteCar,
  );
}

// Customers

function customerRow(id: string, body: CustomerInputBody, base?: LocalCustomer): LocalCustomer | null {
  const parsed = customerInputSchema.safeParse(body);
  if (!parsed.success) return null;
  const input = parsed.data;
  return {
    id,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    license: input.license,
    licenseExpiry: input.licenseExpiry,
    address: input.address,
    facebookProfile: input.facebookProfile ?? base?.facebookProfile ?? null,
    photoId1Url: base?.photoId1Url ?? null,
    photoId2Url: base?.photoId2Url ?? null,
    proofOfBillingUrl: base?.proofOfBillingUrl ?? null,
    createdAt: base?.createdAt ?? nowIso(),
    version: base?.version ?? 0,
    updatedAt: nowIso(),
    deletedAt: null,
    _pending: true,
  };
}

function bookingRow(
  id: string,
  customerId: string,
  body: AdminBookingInputBody,
  car: Pick<LocalAdminCar, "id" | "name" | "category" | "dailyRate">,
): LocalBooking {
  const total = addMoney(body.total);
  return {
    id,
    createdAt: nowIso(),
    customerId,
    customerName: body.customerName,
    customerEmail: body.customerEmail,
    carId: car.id,
    carName: car.name,
    carCategory: car.category,
    pickupDate: body.pickupDate,
    returnDate: body.returnDate,
    // Absent, null and "" all mean the default slot (as on the server).
    pickupTime: body.pickupTime || DEFAULT_PICKUP_TIME,
    totalDays: rentalDays(body.pickupDate, body.returnDate),
    dailyRate: car.dailyRate,
    subtotal: total,
    withDriver: false,
    driverFee: "0.00",
    driverService: "none",
    distanceService: "none",
    distanceFee: "0.00",
    insurance: "0.00",
    total,
    amountPaid: "0.00",
    status: body.status ?? "pending",
    wantsDelivery: false,
    deliveryAddress: null,
    version: 0,
    updatedAt: nowIso(),
    _pending: true,
  };
}

/**
 * Adds a customer, and the first booking when one was asked for (queued right
 * after the customer, so it waits if the customer is refused).
 */
export async function createCustomer(
  body: CustomerInputBody,
  initialBooking: { body: AdminBookingInputBody; car: LocalAdminCar } | null,
): Promise<boolean> {
  const customerId = newId();
  const row = customerRow(customerId, body);
  if (!row) {
    showAdminError(adminFailures.addCustomer);
    return false;
  }
  const queued = await queue(
    {
      method: "POST",
      path: routes.createCustomer.path,
      body: { ...body, id: customerId },
      entity: "customers",
      entityId: customerId,
      label: `Add customer ${row.fullName}`,
      apply: async (db) => {
        await db.customers.add(row);
      },
    },
    adminFailures.addCustomer,
  );
  if (!queued || !initialBooking) return queued;
  const bookingId = newId();
  const booking = bookingRow(bookingId, customerId, initialBooking.body, initialBooking.car);
  try {
    await enqueue({
      method: "POST",
      path: routes.createAdminBooking.path,
      body: { ...initialBooking.body, id: bookingId },
      entity: "bookings",
      entityId: bookingId,
      related: [{ entity: "customers", id: customerId }],
      label: `Booking of ${initialBooking.car.name} for ${row.fullName} (${booking.pickupDate} to ${booking.returnDate})`,
      apply: async (db) => {
        await db.bookings.add(booking);
      },
    });
  } catch (error) {
    console.error("Queueing the first booking failed", error);
    showAdminError(adminFailures.addCustomer);
    return false;
  }
  return true;
}

export function updateCustomer(customer: LocalCustomer, body: CustomerInputBody): Promise<boolean> {
  const row = customerRow(customer.id, body, customer);
  if (!row) {
    showAdminError(adminFailures.updateCustomer);
    return Promise.resolve(false);
  }
  return queue(
    {
      method: "PUT",
      path: buildPath(routes.updateCustomer.path, { id: customer.id }),
      body,
      entity: "customers",
      entityId: customer.id,
      label: `Edit customer ${row.fullName}`,
      apply: async (db) => {
        await db.customers.put(row);
      },
    },
    adminFailures.updateCustomer,
  );
}

// Blocked names

export function blockName(body: BlockedNameInputBody): Promise<boolean> {
  const parsed = blockedNameInputSchema.safeParse(body);
  if (!parsed.success) {
    showAdminError(adminFailures.blockName);
    return Promise.resolve(false);
  }
  const id = newId();
  const input = parsed.data;
  const row: LocalBlockedName = {
    id,
    fullName: input.fullName,
    reason: input.reason,
    blockedBy: input.blockedBy,
    createdAt: nowIso(),
    version: 0,
    updatedAt: nowIso(),
    deletedAt: null,
    _pending: true,
  };
  return queue(
    {
      method: "POST",
      path: routes.blockName.path,
      body: { fullName: input.fullName, reason: input.reason, blockedBy: input.blockedBy, id },
      entity: "blockedNames",
      entityId: id,
      label: `Block name ${input.fullName}`,
      apply: async (db) => {
        await db.blockedNames.add(row);
      },
    },
    adminFailures.blockName,
  );
}

export function unblockName(entry: Pick<LocalBlockedName, "id" | "fullName">): Promise<boolean> {
  return queue(
    {
      method: "DELETE",
      path: buildPath(routes.unblockName.path, { id: entry.id }),
      entity: "blockedNames",
      entityId: entry.id,
      label: `Unblock name ${entry.fullName}`,
      apply: async (db) => {
        await db.blockedNames.update(entry.id, { _deleted: true, _pending: true });
      },
    },
    adminFailures.unblockName,
  );
}
