/**
 * Rates → Add period (release 2 §E1): `POST /api/admin/rate-periods` with the
 * id the browser chose. Bookings already made keep their prices.
 */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import { ratePeriodInputSchema, ratePeriodRecordSchema } from "@car-rental/shared/schemas/rates";
import * as z from "zod";
import { defineMutation, nowIso, storesRow } from "../mutation";

const input = ratePeriodInputSchema.and(z.object({ id: idSchema }));

export const createRatePeriod = defineMutation({
  name: "createRatePeriod",
  route: routes.createRatePeriod,
  input,
  entity: "ratePeriods",
  rows: (args) => ({ entityId: args.id }),
  label: (_db, args) => `Add rate period ${args.name} (${args.startDate} to ${args.endDate})`,
  apply: async (db, args) => {
    await db.ratePeriods.add({
      id: args.id,
      name: args.name.trim(),
      startDate: args.startDate,
      endDate: args.endDate,
      percent: args.percent,
      createdAt: nowIso(),
      version: 0,
      updatedAt: nowIso(),
      deletedAt: null,
      _pending: true,
    });
  },
  answer: storesRow((db) => db.ratePeriods, ratePeriodRecordSchema),
  creates: true,
  messages: { success: adminSuccess.addRatePeriod, failure: adminFailures.addRatePeriod },
});
