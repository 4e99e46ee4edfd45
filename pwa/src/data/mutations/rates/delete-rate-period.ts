/** Rates → Delete period (release 2 §E1): `DELETE /api/admin/rate-periods/:id`; hidden until the server confirms. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { defineMutation, removesRow } from "../mutation";

export const deleteRatePeriod = defineMutation({
  name: "deleteRatePeriod",
  route: routes.deleteRatePeriod,
  input: z.object({ id: idSchema }),
  entity: "ratePeriods",
  rows: (args) => ({ entityId: args.id }),
  label: async (db, args) => {
    const period = await db.ratePeriods.get(args.id);
    return period ? `Delete rate period ${period.name}` : "Delete rate period";
  },
  apply: async (db, args) => {
    await db.ratePeriods.update(args.id, { _deleted: true, _pending: true });
  },
  answer: removesRow,
  messages: { success: adminSuccess.deleteRatePeriod, failure: adminFailures.deleteRatePeriod },
});
