/** A booking's Status select: `PATCH /api/admin/bookings/:id/status`. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { bookingStatusInputSchema, bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { idSchema } from "@car-rental/shared/schemas/common";
import { defineMutation, bookingTag, storesRow } from "../mutation";

export const updateBookingStatus = defineMutation({
  name: "updateBookingStatus",
  route: routes.updateBookingStatus,
  input: bookingStatusInputSchema.extend({ id: idSchema }),
  entity: "bookings",
  rows: (args) => ({ entityId: args.id }),
  label: async (db, args) => {
    const booking = await db.bookings.get(args.id);
    const about = booking ? `${booking.customerName}'s ${booking.carName} booking` : "booking";
    return `Status ${args.status} for ${about} (${bookingTag(booking, args.id)})`;
  },
  apply: async (db, args) => {
    await db.bookings.update(args.id, { status: args.status, _pending: true });
  },
  answer: storesRow((db) => db.bookings, bookingViewSchema),
  messages: { success: adminSuccess.updateBookingStatus, failure: adminFailures.updateBookingStatus },
});
