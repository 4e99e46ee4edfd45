/** Keeps a handover's photos and signature in the browser's database until they are uploaded (release 2 §C3). */
import { db, type HandoverFile } from "../../../data/db";
import type { PickedPhoto } from "./photo-picker";

export async function keepHandoverFiles(
  bookingId: string,
  photos: readonly PickedPhoto[],
  signature: PickedPhoto | null,
): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows: HandoverFile[] = photos.map((photo) => ({
    id: photo.id,
    bookingId,
    kind: "photo",
    blob: photo.blob,
    contentType: "image/jpeg",
    objectPath: null,
    createdAt,
  }));
  if (signature) {
    rows.push({
      id: signature.id,
      bookingId,
      kind: "signature",
      blob: signature.blob,
      contentType: "image/png",
      objectPath: null,
      createdAt,
    });
  }
  await db.handoverFiles.bulkPut(rows);
}
