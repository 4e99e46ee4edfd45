/** Admin → Fleet → Add Car: `POST /api/admin/cars` with the id the browser chose (issue #24). */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { defineMutation, storesRow } from "../mutation";
import { carChangeSchema, keptCarImageSteps } from "./car-image-files";
import { carRow } from "./car-row";

export const createCar = defineMutation({
  name: "createCar",
  route: routes.createCar,
  input: carChangeSchema,
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  // A picture chosen offline goes up just before the car (car-image-files.ts).
  ...keptCarImageSteps,
  label: (_db, args) => `Add car ${args.name.trim()}`,
  apply: async (db, { id, ...body }) => {
    await db.adminCars.add(carRow(id, body));
  },
  answer: storesRow((db) => db.adminCars, adminCarSchema),
  creates: true,
  messages: { success: adminSuccess.addCar, failure: adminFailures.addCar },
});
