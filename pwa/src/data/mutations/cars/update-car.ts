/** Admin → Fleet → Edit (and Available/Rented): `PUT /api/admin/cars/:id`, every field of the car. */
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

export const updateCar = defineMutation({
  name: "updateCar",
  route: routes.updateCar,
  input: carInputSchema.extend({ id: idSchema, image: carImageRef.optional() }),
  entity: "cars",
  rows: (args) => ({ entityId: args.id }),
  // A picture chosen offline goes up just before the car (car-image-files.ts).
  prepare: async (db, api, args) =>
    args.image === undefined ? args : { ...args, image: await uploadedCarImage(db, api, args.image) },
  prepares: (args) => isKeptCarImage(args.image),
  forgetUploads: (db, args) => forgetCarImageUpload(db, args.image),
  afterDelivery: (db, args) => forgetDeliveredCarImage(db, args.image),
  label: async (db, args) => `Edit car ${(await db.adminCars.get(args.id))?.name ?? args.name}`,
  apply: async (db, { id, ...body }) => {
    await db.adminCars.put(carRow(id, body, await db.adminCars.get(id)));
  },
  answer: storesRow((db) => db.adminCars, adminCarSchema),
  messages: { success: adminSuccess.updateCar, failure: adminFailures.updateCar },
});
