/** Rates → Edit period (release 2 §E1): `PUT /api/admin/rate-periods/:id` with the whole period. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import { ratePeriodInputSchema, ratePeriodRecordSchema } from "@car-rental/shared/schemas/rates";
import * as z from "zod";
import { defineMutation, storesRow } from "../mutation";

const input = ratePeriodInputSchema.and(z.object({ id: idSchema }));

export const updateRatePeriod = defineMutation({
  name: "updateRatePeriod",
  route: routes.updateRatePeriod,
  input,
  entity: "ratePeriods",
  rows: (args) => ({ entityId: args.id }),
  request: ({ id, ...period }) => ({ params: { id }, body: period }),
  label: (_db, args) => `Update rate period ${args.name} (${args.startDate} to ${args.endDate})`,
  apply: async (db, args) => {
    await db.ratePeriods.update(args.id, {
      name: args.name.trim(),
      startDate: args.startDate,
      endDate: args.endDate,
      percent: args.percent,
      _pending: true,
    });
  },
  answer: storesRow((db) => db.ratePeriods, ratePeriodRecordSchema),
  messages: { success: adminSuccess.updateRatePeriod, failure: adminFailures.updateRatePeriod },
});
