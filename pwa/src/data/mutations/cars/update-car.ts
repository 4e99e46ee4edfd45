/** Admin → Fleet → Edit (and Available/Rented): `PUT /api/admin/cars/:id`, every field of the car. */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { defineMutation, storesRow } from "../mutation";
import { carChangeSchema, keptCarImageSteps } from "./car-image-files";
import { carRow } from "./car-row";

export const updateCar = defineMutation({
  name: "updateCar",
  route: routes.updateCar,
  input: carChangeSchema,
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  // A picture chosen offline goes up just before the car (car-image-files.ts).
  ...keptCarImageSteps,
  label: async (db, args) => `Edit car ${(await db.adminCars.get(args.id))?.name ?? args.name}`,
  apply: async (db, { id, ...body }) => {
    await db.adminCars.put(carRow(id, body, await db.adminCars.get(id)));
  },
  answer: storesRow((db) => db.adminCars, adminCarSchema),
  messages: { success: adminSuccess.updateCar, failure: adminFailures.updateCar },
});
