/** Admin → Fleet → Delete: `DELETE /api/admin/cars/:id`; the row is hidden until the server confirms. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import { defineMutation, removesRow, shortId } from "../mutation";

export const deleteCar = defineMutation({
  name: "deleteCar",
  route: routes.deleteCar,
  input: z.object({ id: idSchema }),
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  label: async (db, args) => `Delete car ${(await db.adminCars.get(args.id))?.name ?? shortId(args.id)}`,
  apply: async (db, args) => {
    await db.adminCars.update(args.id, { _deleted: true, _pending: true });
  },
  answer: removesRow,
  messages: { success: adminSuccess.deleteCar, failure: adminFailures.deleteCar },
});
