/**
 * Uploads a car picture (decisions.md "Uploads"): ask the server for a signed
 * one-time address (`POST /api/objects/upload`, purpose 'car-image', admin
 * only), send the bytes there (a PUT, or the presigned POST's form; see
 * uploads/send-upload.ts), and keep the object path. JPG or PNG, at most
 * 10 MB; the server checks the bytes again.
 */
import { CAR_IMAGE_CONTENT_TYPES, CAR_IMAGE_MAX_BYTES } from "@car-rental/shared/constants";
import { errorMessages, uploadMessages, uploadToasts } from "@car-rental/shared/messages";
import type { UploadResponse } from "@car-rental/shared/schemas/upload";
import { api, ApiError, describeError, isServerUnreachable } from "../../../data/api-client";
import { isAcceptedUploadTarget, sendUpload } from "../../uploads/send-upload";

export const CAR_IMAGE_ACCEPT = CAR_IMAGE_CONTENT_TYPES.join(",");

/** How long asking for the upload address may take before the picture is kept on the device instead. */
const UPLOAD_ADDRESS_TIMEOUT_MS = 20_000;

export type UploadOutcome =
  | { ok: true; objectPath: string }
  /** `unreachable`: the server gave no answer (offline, a stalled connection, only its proxy). */
  | { ok: false; title: string; message: string; unreachable?: boolean };

/** Why a file cannot be a car picture (type or size), or null. */
export function carImageProblem(file: Pick<File, "type" | "size">): string | null {
  if (!CAR_IMAGE_CONTENT_TYPES.some((type) => type === file.type)) return errorMessages.UPLOAD_INVALID;
  if (file.size > CAR_IMAGE_MAX_BYTES) return errorMessages.UPLOAD_TOO_LARGE;
  return null;
}

export async function uploadCarImage(file: File): Promise<UploadOutcome> {
  const problem = carImageProblem(file);
  if (problem) return { ok: false, title: uploadToasts.failed.title, message: problem };
  let ticket: UploadResponse;
  try {
    ticket = await api.call("requestUpload", {
      body: { purpose: "car-image", contentType: file.type, size: file.size },
      // A stalled connection: the picture is kept on the device instead (car-picture-field.tsx).
      signal: AbortSignal.timeout(UPLOAD_ADDRESS_TIMEOUT_MS),
    });
  } catch (error) {
    console.error("Requesting a car image upload address failed", error);
    return {
      ok: false,
      title: uploadToasts.error.title,
      message: describeError(error, uploadMessages.noUploadUrl),
      unreachable: isServerUnreachable(error),
    };
  }
  if (!ticket.uploadURL)
    return { ok: false, title: uploadToasts.error.title, message: uploadMessages.noUploadUrl };
  if (!isAcceptedUploadTarget(ticket, window.location.origin)) {
    return { ok: false, title: uploadToasts.failed.title, message: uploadMessages.invalidUploadUrl };
  }
  try {
    const response = await sendUpload(ticket, file, file.type);
    if (!response.ok) {
      const refusal = new ApiError(response.status, response.statusText, await response.text());
      return {
        ok: false,
        title: uploadToasts.failed.title,
        message: describeError(refusal, uploadMessages.noFilesProcessed),
      };
    }
  } catch (error) {
    console.error("Uploading a car image failed", error);
    // The bytes never got an answer (offline, reset, timeout): they can wait on the device.
    return {
      ok: false,
      title: uploadToasts.failed.title,
      message: uploadMessages.noFilesProcessed,
      unreachable: true,
    };
  }
  return { ok: true, objectPath: ticket.objectPath };
}
