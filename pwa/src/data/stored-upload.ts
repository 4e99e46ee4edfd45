/**
 * Uploads a file kept in the browser's database through the signed-upload
 * flow (`POST /api/objects/upload`, then the bytes): the outbox does this
 * just before it sends a change that names such a file (a handover's photos,
 * a car picture chosen offline). No DOM or React imports: the service worker
 * sends changes too.
 */
import { routes } from "@car-rental/shared/api";
import type { UploadPurpose } from "@car-rental/shared/constants";
import { uploadResponseSchema } from "@car-rental/shared/schemas/upload";
import { ApiError, type ApiClient } from "./api-client";
import { isAcceptedUploadTarget, sendUpload } from "../features/uploads/send-upload";

/** How long asking for an upload address may take on a poor connection (then: try again later). */
const UPLOAD_TICKET_TIMEOUT_MS = 30_000;

/** The origin the app runs on (the API client's base when it has one: tests, the service worker). */
function pageOrigin(api: ApiClient): string {
  if (api.baseUrl) return new URL(api.baseUrl).origin;
  return globalThis.location.origin;
}

/** A change naming a file no longer stored: refused (the outbox parks it for review), worded for people. */
export function storedFileRefusal(message: string): ApiError {
  return new ApiError(422, "Refused", JSON.stringify({ error: { code: "VALIDATION_FAILED", message } }));
}

/**
 * Uploads the bytes and answers the object path the server keeps them at.
 * @throws ApiError as the server answered (4xx refused, 5xx try again), or the network's error.
 */
export async function uploadStoredFile(
  api: ApiClient,
  file: { blob: Blob; contentType: string },
  purpose: UploadPurpose,
): Promise<string> {
  const answer = await api.raw(routes.requestUpload.method, routes.requestUpload.path, {
    body: { purpose, contentType: file.contentType, size: file.blob.size },
    signal: AbortSignal.timeout(UPLOAD_TICKET_TIMEOUT_MS),
  });
  const ticket = uploadResponseSchema.safeParse(answer.json);
  if (!ticket.success || !isAcceptedUploadTarget(ticket.data, pageOrigin(api))) {
    throw new ApiError(502, "Bad Gateway", "The upload address could not be used.");
  }
  const response = await sendUpload(ticket.data, file.blob, file.contentType);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return ticket.data.objectPath;
}
