/** Admin → Fleet → Edit (and Available/Rented): `PUT /api/admin/cars/:id` with the fields changed (changed-fields.ts). */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { changedFieldsRequest, changedFieldsSchema } from "../changed-fields";
import { defineMutation, storesRow } from "../mutation";
import { carChangeSchema, keptCarImageSteps } from "./car-image-files";
import { carRow } from "./car-row";

export const updateCar = defineMutation({
  name: "updateCar",
  route: routes.updateCar,
  input: carChangeSchema.extend({ changed: changedFieldsSchema }),
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  // A picture chosen offline goes up just before the car (car-image-files.ts).
  ...keptCarImageSteps,
  label: async (db, args) => `Edit car ${(await db.adminCars.get(args.id))?.name ?? args.name}`,
  request: (args) => changedFieldsRequest(args),
  fixed: ["changed"],
  apply: async (db, { id, changed: _changed, ...body }) => {
    await db.adminCars.put(carRow(id, body, await db.adminCars.get(id)));
  },
  answer: storesRow((db) => db.adminCars, adminCarSchema),
  messages: { success: adminSuccess.updateCar, failure: adminFailures.updateCar },
});
