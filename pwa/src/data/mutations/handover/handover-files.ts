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
import { routes } from "@car-rental/shared/api";
import { uploadResponseSchema } from "@car-rental/shared/schemas/upload";
import { ApiError, type ApiClient } from "../../api-client";
import type { CarRentalDb } from "../../db";
import { isAcceptedUploadTarget, sendUpload } from "../../../features/uploads/send-upload";

export const MISSING_FILE_MESSAGE =
  "A photo or the signature of this handover is no longer stored on this device. Discard the change and record it again.";

/** How long asking for an upload address may take on a poor connection (then: try again later). */
const UPLOAD_TICKET_TIMEOUT_MS = 30_000;

/** A refusal the outbox parks for review (any 4xx but 401), worded for people. */
function refusal(status: number, message: string): ApiError {
  return new ApiError(status, "Refused", JSON.stringify({ error: { code: "VALIDATION_FAILED", message } }));
}

/** The origin the app runs on (the API client's base when it has one: tests, the service worker). */
function pageOrigin(api: ApiClient): string {
  if (api.baseUrl) return new URL(api.baseUrl).origin;
  return globalThis.location.origin;
}

/**
 * The object path of one stored file, uploading it first when it has none.
 * A value that already is an object path is answered as it is.
 * @throws ApiError as the server answered (4xx refused, 5xx try again), or the network's error.
 */
export async function uploadedPath(db: CarRentalDb, api: ApiClient, fileId: string): Promise<string> {
  if (fileId.startsWith("/objects/")) return fileId;
  const file = await db.handoverFiles.get(fileId);
  if (!file) throw refusal(422, MISSING_FILE_MESSAGE);
  if (file.objectPath) return file.objectPath;
  const answer = await api.raw(routes.requestUpload.method, routes.requestUpload.path, {
    body: { purpose: "document", contentType: file.contentType, size: file.blob.size },
    signal: AbortSignal.timeout(UPLOAD_TICKET_TIMEOUT_MS),
  });
  const ticket = uploadResponseSchema.safeParse(answer.json);
  if (!ticket.success || !isAcceptedUploadTarget(ticket.data, pageOrigin(api))) {
    throw new ApiError(502, "Bad Gateway", "The upload address could not be used.");
  }
  const response = await sendUpload(ticket.data, file.blob, file.contentType);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  await db.handoverFiles.update(fileId, { objectPath: ticket.data.objectPath });
  return ticket.data.objectPath;
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
