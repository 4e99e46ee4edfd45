/**
 * Check out (release 2 §C3): `POST /api/admin/bookings/:id/check-out` — the
 * car of a confirmed booking goes out. The photos and the signature are named
 * by their ids in `handoverFiles` and uploaded just before the change is
 * sent (`prepare`); the record's id is chosen here.
 */
import { routes } from "@car-rental/shared/api";
import { HANDOVER_MAX_PHOTOS } from "@car-rental/shared/constants";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { idSchema } from "@car-rental/shared/schemas/common";
import { checkOutInputSchema } from "@car-rental/shared/schemas/handover";
import * as z from "zod";
import { defineMutation, nowIso, bookingTag } from "../mutation";
import { forgetUploadedPaths, uploadedPath, uploadedPaths } from "./handover-files";

/** A file of `handoverFiles` by id, or an object path once uploaded. */
export const handoverFileRef = z.union([idSchema, z.string().startsWith("/objects/")]);

const input = checkOutInputSchema.extend({
  id: idSchema,
  bookingId: idSchema,
  photos: z.array(handoverFileRef).max(HANDOVER_MAX_PHOTOS),
  signature: handoverFileRef,
});

export const checkOutBooking = defineMutation({
  name: "checkOutBooking",
  route: routes.checkOutBooking,
  input,
  entity: "handovers",
  rows: (args) => ({ entityId: args.id, related: [{ entity: "bookings", id: args.bookingId }] }),
  prepare: async (db, api, args) => ({
    ...args,
    photos: await uploadedPaths(db, api, args.photos ?? []),
    signature: await uploadedPath(db, api, args.signature),
  }),
  forgetUploads: (db, args) => forgetUploadedPaths(db, [...(args.photos ?? []), args.signature]),
  request: ({ bookingId, ...body }) => ({ params: { id: bookingId }, body }),
  label: async (db, args) => {
    const booking = await db.bookings.get(args.bookingId);
    const about = booking ? `${booking.customerName}'s ${booking.carName}` : "booking";
    return `Check out ${about} (${bookingTag(booking, args.bookingId)})`;
  },
  apply: async (db, args) => {
    await db.handovers.put({
      id: args.id,
      bookingId: args.bookingId,
      kind: "check-out",
      odometerKm: args.odometerKm,
      fuelEighths: args.fuelEighths,
      notes: args.notes?.trim() || null,
      photos: args.photos ?? [],
      signature: args.signature,
      charges: [],
      createdAt: nowIso(),
      version: 0,
      updatedAt: nowIso(),
      _pending: true,
    });
    await db.bookings.update(args.bookingId, { status: "active", _pending: true });
  },
  answer: async (db, entry, answer, waiting) => {
    const booking = bookingViewSchema.safeParse(answer);
    if (!booking.success) return null;
    if (!waiting.has(`bookings:${booking.data.id}`)) await db.bookings.put(booking.data);
    // The record itself arrives with the sync that follows every delivery.
    return entry.entityId;
  },
  creates: true,
  messages: { success: adminSuccess.checkOut, failure: adminFailures.checkOut },
  fixed: ["bookingId", "photos", "signature"],
});
