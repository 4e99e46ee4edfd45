/**
 * A booking the admin records: `POST /api/admin/bookings`. Two kinds, told
 * apart by their toasts and by how the server finds the customer:
 * - the first booking of a customer added in the customer dialog
 *   (`createAdminBooking`), queued right after the customer (`customerId`,
 *   kept on this device only), so it waits when the customer is refused; the
 *   server finds the customer by e-mail, as it did for the entries the
 *   previous version queued; the customer's toast covers it;
 * - New Booking for a customer already on file (`addCustomerBooking`), which
 *   sends `customerId`: the server books that customer even when its e-mail
 *   was changed on another device, and refuses one deleted meanwhile.
 */
import { routes } from "@car-rental/shared/api";
import { DEFAULT_PICKUP_TIME } from "@car-rental/shared/constants";
import { rentalDays } from "@car-rental/shared/dates";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { addMoney } from "@car-rental/shared/money";
import { adminBookingInputSchema, bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import type { CarRentalDb, LocalBooking } from "../../db";
import { defineMutation, nowIso, storesRow, type MutationDefinition } from "../mutation";

const input = adminBookingInputSchema.and(z.object({ id: idSchema, customerId: idSchema }));
type Args = z.input<typeof input>;

async function carOf(db: CarRentalDb, args: Args) {
  const byId = args.carId ? await db.adminCars.get(args.carId) : undefined;
  return byId ?? (await db.adminCars.where("name").equals(args.carName).first());
}

const adminBooking: Omit<MutationDefinition<Args>, "name" | "messages"> = {
  route: routes.createAdminBooking,
  input,
  entity: "bookings",
  rows: (args) => ({ entityId: args.id, related: [{ entity: "customers", id: args.customerId }] }),
  label: (_db, args) =>
    `Booking of ${args.carName} for ${args.customerName} (${args.pickupDate} to ${args.returnDate})`,
  apply: async (db, args) => {
    const car = await carOf(db, args);
    const total = addMoney(args.total);
    const row: LocalBooking = {
      id: args.id,
      createdAt: nowIso(),
      customerId: args.customerId,
      customerName: args.customerName,
      customerEmail: args.customerEmail,
      carId: car?.id ?? args.carId ?? "",
      carName: car?.name ?? args.carName,
      carCategory: car?.category ?? "",
      pickupDate: args.pickupDate,
      returnDate: args.returnDate,
      // Absent, null and "" all mean the default slot (as on the server).
      pickupTime: args.pickupTime || DEFAULT_PICKUP_TIME,
      totalDays: rentalDays(args.pickupDate, args.returnDate),
      dailyRate: car?.dailyRate ?? "0.00",
      subtotal: total,
      withDriver: false,
      driverFee: "0.00",
      driverService: "none",
      distanceService: "none",
      distanceFee: "0.00",
      insurance: "0.00",
      total,
      // Release-2 §E2: the car's deposit at booking time, as the server stores it.
      deposit: car?.deposit ?? "0.00",
      amountPaid: "0.00",
      status: args.status ?? "pending",
      wantsDelivery: false,
      deliveryAddress: null,
      version: 0,
      updatedAt: nowIso(),
      _pending: true,
    };
    await db.bookings.add(row);
  },
  answer: storesRow((db) => db.bookings, bookingViewSchema),
  creates: true,
  fixed: ["customerId", "carId"],
};

export const createAdminBooking = defineMutation<Args>({
  ...adminBooking,
  name: "createAdminBooking",
  // Sent as before (an entry queued by the previous version replays under its key with the same body).
  request: ({ customerId: _customerId, ...body }) => ({ params: {}, body }),
  // The first booking of a new customer has no toast of its own in the spec
  // (the customer's toast covers it); its refusal still shows the server's message.
  messages: { success: null, failure: adminFailures.addCustomer },
});

/** New Booking (the customer card): a booking for a customer already on file. */
export const addCustomerBooking = defineMutation<Args>({
  ...adminBooking,
  name: "addCustomerBooking",
  messages: { success: adminSuccess.addBooking, failure: adminFailures.addBooking },
});
