/**
 * Check in (release 2 §C3): `POST /api/admin/bookings/:id/check-in` — the car
 * of an active booking is back; its extra charges are added to the booking's
 * total. The photos are uploaded just before the change is sent (`prepare`).
 */
import { routes } from "@car-rental/shared/api";
import { HANDOVER_MAX_PHOTOS } from "@car-rental/shared/constants";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { addMoney, normalizeMoney } from "@car-rental/shared/money";
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { idSchema } from "@car-rental/shared/schemas/common";
import { checkInInputSchema } from "@car-rental/shared/schemas/handover";
import * as z from "zod";
import { defineMutation, nowIso, bookingTag } from "../mutation";
import { handoverFileRef } from "./check-out-booking";
import { forgetUploadedPaths, uploadedPaths } from "./handover-files";

const input = checkInInputSchema.extend({
  id: idSchema,
  bookingId: idSchema,
  photos: z.array(handoverFileRef).max(HANDOVER_MAX_PHOTOS),
});

export const checkInBooking = defineMutation({
  name: "checkInBooking",
  route: routes.checkInBooking,
  input,
  entity: "handovers",
  rows: (args) => ({ entityId: args.id, related: [{ entity: "bookings", id: args.bookingId }] }),
  prepare: async (db, api, args) => ({ ...args, photos: await uploadedPaths(db, api, args.photos ?? []) }),
  forgetUploads: (db, args) => forgetUploadedPaths(db, args.photos ?? []),
  request: ({ bookingId, ...body }) => ({ params: { id: bookingId }, body }),
  label: async (db, args) => {
    const booking = await db.bookings.get(args.bookingId);
    const about = booking ? `${booking.customerName}'s ${booking.carName}` : "booking";
    return `Check in ${about} (${bookingTag(booking, args.bookingId)})`;
  },
  apply: async (db, args) => {
    const charges = (args.charges ?? []).map((charge) => ({
      label: charge.label.trim(),
      amount: normalizeMoney(charge.amount),
    }));
    await db.handovers.put({
      id: args.id,
      bookingId: args.bookingId,
      kind: "check-in",
      odometerKm: args.odometerKm,
      fuelEighths: args.fuelEighths,
      notes: args.notes?.trim() || null,
      photos: args.photos ?? [],
      signature: null,
      charges,
      createdAt: nowIso(),
      version: 0,
      updatedAt: nowIso(),
      _pending: true,
    });
    const booking = await db.bookings.get(args.bookingId);
    if (booking) {
      await db.bookings.update(booking.id, {
        status: "completed",
        total: addMoney(booking.total, ...charges.map((charge) => charge.amount)),
        _pending: true,
      });
    }
  },
  answer: async (db, entry, answer, waiting) => {
    const booking = bookingViewSchema.safeParse(answer);
    if (!booking.success) return null;
    if (!waiting.has(`bookings:${booking.data.id}`)) await db.bookings.put(booking.data);
    return entry.entityId;
  },
  creates: true,
  messages: { success: adminSuccess.checkIn, failure: adminFailures.checkIn },
  fixed: ["bookingId", "photos", "charges"],
});
