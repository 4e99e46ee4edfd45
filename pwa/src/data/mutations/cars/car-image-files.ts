/**
 * A car picture chosen while the server could not be reached waits in the
 * browser's database (`carImageFiles`); the car's form names it by id, as a
 * handover names its photos. Just before the car's change is sent, the file
 * goes up through the signed-upload flow (purpose 'car-image') and the change
 * carries its object path. Once the server has the car its bytes are removed;
 * the rest goes the next time a picture is kept, or when the admin data is cleared.
 *
 * No DOM or React imports: the service worker sends changes too.
 */
import { carInputSchema } from "@car-rental/shared/schemas/car";
import { carImageSchema, idSchema } from "@car-rental/shared/schemas/common";
import * as z from "zod";
import type { ApiClient } from "../../api-client";
import type { CarRentalDb } from "../../db";
import { newId } from "../../new-id";
import { storedFileRefusal, uploadStoredFile } from "../../stored-upload";

export const MISSING_CAR_IMAGE_MESSAGE =
  "The car picture chosen offline is no longer stored on this device. Discard the change and choose the picture again.";

/** A car's `image` in a change: a picture the server has, or one kept on this device (its id). */
export const carImageRef = z.union([carImageSchema, idSchema]);

/** Whether `image` names a picture kept on this device (not yet uploaded). */
export function isKeptCarImage(image: string | null | undefined): image is string {
  return typeof image === "string" && idSchema.safeParse(image).success;
}

/** A kept picture no change names any more is removed this long after it was chosen (a form may still hold it). */
const UNUSED_KEPT_IMAGE_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the chosen picture on this device; answers the id a car's change
 * names it by. Pictures kept before that no waiting change names any more
 * (their car reached the server, or the form was closed) go at the same time.
 */
export async function keepCarImage(db: CarRentalDb, file: Blob, contentType: string): Promise<string> {
  const id = newId();
  const now = Date.now();
  await db.transaction("rw", db.outbox, db.carImageFiles, async () => {
    const named = new Set<unknown>();
    await db.outbox.each((entry) => {
      if (entry.entity === "cars") named.add(entry.args.image);
    });
    const before = new Date(now - UNUSED_KEPT_IMAGE_MS).toISOString();
    await db.carImageFiles.filter((kept) => kept.createdAt < before && !named.has(kept.id)).delete();
    await db.carImageFiles.add({
      id,
      blob: file,
      contentType,
      objectPath: null,
      createdAt: new Date(now).toISOString(),
    });
  });
  return id;
}

/**
 * The picture's object path, uploading the kept file first when it has none
 * (recorded at once, so a send repeated never uploads it twice).
 * @throws ApiError as the server answered, or the network's error.
 */
export async function uploadedCarImage(db: CarRentalDb, api: ApiClient, image: string): Promise<string> {
  if (!isKeptCarImage(image)) return image;
  const file = await db.carImageFiles.get(image);
  if (file?.objectPath) return file.objectPath;
  if (!file?.blob) throw storedFileRefusal(MISSING_CAR_IMAGE_MESSAGE);
  const objectPath = await uploadStoredFile(
    api,
    { blob: file.blob, contentType: file.contentType },
    "car-image",
  );
  await db.carImageFiles.update(image, { objectPath });
  return objectPath;
}

/** The kept picture's upload is forgotten: the next send uploads it again (see `Mutation.forgetUploads`). */
export async function forgetCarImageUpload(db: CarRentalDb, image: string | undefined): Promise<void> {
  if (!isKeptCarImage(image)) return;
  const file = await db.carImageFiles.get(image);
  // Only while the tablet still has the bytes (a car delivered with it keeps the server's copy).
  if (file?.blob) await db.carImageFiles.update(image, { objectPath: null });
}

/**
 * Once the server has the car, the kept bytes go (unless a waiting change
 * still needs them); the object path stays for a form opened before, which
 * still names the kept picture, and goes with the next sweep (`keepCarImage`).
 */
export async function forgetDeliveredCarImage(db: CarRentalDb, image: string | undefined): Promise<void> {
  if (!isKeptCarImage(image)) return;
  await db.transaction("rw", db.outbox, db.carImageFiles, async () => {
    const named = await db.outbox
      .filter((entry) => entry.entity === "cars" && entry.args.image === image)
      .count();
    if (named === 0) await db.carImageFiles.update(image, { blob: null });
  });
}

/** The arguments of a car's change (`createCar`, `updateCar`): the car with its id, its picture possibly kept here. */
export const carChangeSchema = carInputSchema.extend({ id: idSchema, image: carImageRef.optional() });
type CarChange = z.infer<typeof carChangeSchema>;

/**
 * What a car's change does for a picture kept on this device: uploads it just
 * before the car is sent (only then is the change kept out of a batch),
 * uploads it anew when a refused change is retried, and drops the kept bytes
 * once the server has the car.
 */
export const keptCarImageSteps = {
  prepare: async (db: CarRentalDb, api: ApiClient, args: CarChange): Promise<CarChange> =>
    args.image === undefined ? args : { ...args, image: await uploadedCarImage(db, api, args.image) },
  prepares: (args: CarChange) => isKeptCarImage(args.image),
  forgetUploads: (db: CarRentalDb, args: CarChange) => forgetCarImageUpload(db, args.image),
  afterDelivery: (db: CarRentalDb, args: CarChange) => forgetDeliveredCarImage(db, args.image),
};
