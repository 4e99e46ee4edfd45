/**
 * Timeline → Block dates (release 2 §C1): `POST /api/admin/cars/:id/blocks`
 * takes a car out of service for whole days, with the id the browser chose.
 */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { blockInputSchema, blockSchema } from "@car-rental/shared/schemas/block";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { defineMutation, nowIso, storesRow } from "../mutation";

const input = blockInputSchema.and(z.object({ id: idSchema, carId: idSchema }));

export const createBlock = defineMutation({
  name: "createBlock",
  route: routes.createBlock,
  input,
  entity: "blocks",
  rows: (args) => ({ entityId: args.id, related: [{ entity: "cars", id: args.carId }] }),
  request: ({ carId, ...block }) => ({ params: { id: carId }, body: block }),
  label: async (db, args) => {
    const car = await db.adminCars.get(args.carId);
    const days = args.startDate === args.endDate ? args.startDate : `${args.startDate} to ${args.endDate}`;
    return `Block ${car?.name ?? "car"} ${days}`;
  },
  apply: async (db, args) => {
    await db.blocks.add({
      id: args.id,
      carId: args.carId,
      startDate: args.startDate,
      endDate: args.endDate,
      reason: args.reason?.trim() || null,
      createdAt: nowIso(),
      version: 0,
      updatedAt: nowIso(),
      deletedAt: null,
      _pending: true,
    });
  },
  answer: storesRow((db) => db.blocks, blockSchema),
  creates: true,
  messages: { success: adminSuccess.blockDates, failure: adminFailures.blockDates },
  fixed: ["carId"],
});
