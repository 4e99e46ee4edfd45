/** Admin → Fleet → Add Car: `POST /api/admin/cars` with the id the browser chose (issue #24). */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { adminCarSchema, carInputSchema } from "@car-rental/shared/schemas/car";
import { idSchema } from "@car-rental/shared/schemas/common";
import { defineMutation, storesRow } from "../mutation";
import {
  carImageRef,
  forgetCarImageUpload,
  forgetDeliveredCarImage,
  isKeptCarImage,
  uploadedCarImage,
} from "./car-image-files";
import { carRow } from "./car-row";

export const createCar = defineMutation({
  name: "createCar",
  route: routes.createCar,
  input: carInputSchema.extend({ id: idSchema, image: carImageRef.optional() }),
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  // A picture chosen offline goes up just before the car (car-image-files.ts).
  prepare: async (db, api, args) =>
    args.image === undefined ? args : { ...args, image: await uploadedCarImage(db, api, args.image) },
  prepares: (args) => isKeptCarImage(args.image),
  forgetUploads: (db, args) => forgetCarImageUpload(db, args.image),
  afterDelivery: (db, args) => forgetDeliveredCarImage(db, args.image),
  label: (_db, args) => `Add car ${args.name.trim()}`,
  apply: async (db, { id, ...body }) => {
    await db.adminCars.add(carRow(id, body));
  },
  answer: storesRow((db) => db.adminCars, adminCarSchema),
  creates: true,
  messages: { success: adminSuccess.addCar, failure: adminFailures.addCar },
});
