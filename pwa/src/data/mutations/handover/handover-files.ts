/**
 * The photos and signature of a handover (release 2 §C3) wait in the
 * browser's database (`handoverFiles`) until their change is sent. Just
 * before each send, every file the change names is uploaded through the
 * signed-upload flow (`POST /api/objects/upload`, then the bytes), unless it
 * already was: its object path is recorded the moment its upload succeeds,
 * so a send repeated after the tablet was closed mid-way uploads only what
 * had not arrived.
 *
 * No DOM or React imports: the service worker sends changes too.
 */
import type { ApiClient } from "../../api-client";
import type { CarRentalDb } from "../../db";
import { storedFileRefusal, uploadStoredFile } from "../../stored-upload";

export const MISSING_FILE_MESSAGE =
  "A photo or the signature of this handover is no longer stored on this device. Discard the change and record it again.";

/**
 * The object path of one stored file, uploading it first when it has none.
 * A value that already is an object path is answered as it is.
 * @throws ApiError as the server answered (4xx refused, 5xx try again), or the network's error.
 */
export async function uploadedPath(db: CarRentalDb, api: ApiClient, fileId: string): Promise<string> {
  if (fileId.startsWith("/objects/")) return fileId;
  const file = await db.handoverFiles.get(fileId);
  if (!file) throw storedFileRefusal(MISSING_FILE_MESSAGE);
  if (file.objectPath) return file.objectPath;
  const objectPath = await uploadStoredFile(api, file, "document");
  await db.handoverFiles.update(fileId, { objectPath });
  return objectPath;
}

/** The object paths of the files, in order, each uploaded at most once (one after another). */
export async function uploadedPaths(
  db: CarRentalDb,
  api: ApiClient,
  fileIds: readonly string[],
): Promise<string[]> {
  const paths: string[] = [];
  for (const fileId of fileIds) paths.push(await uploadedPath(db, api, fileId));
  return paths;
}

/** The files' uploads are forgotten: the next send uploads them again (see `Mutation.forgetUploads`). */
export async function forgetUploadedPaths(db: CarRentalDb, fileIds: readonly string[]): Promise<void> {
  await db.handoverFiles
    .where("id")
    .anyOf([...fileIds])
    .modify({ objectPath: null });
}
