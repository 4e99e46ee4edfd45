/**
 * Uploads a car picture (decisions.md "Uploads"): ask the server for a signed
 * one-time address (`POST /api/objects/upload`, purpose 'car-image', admin
 * only), PUT the bytes there, and keep the object path. JPG or PNG, at most
 * 10 MB; the server checks the bytes again.
 */
import { CAR_IMAGE_CONTENT_TYPES, CAR_IMAGE_MAX_BYTES } from "@car-rental/shared/constants";
import { errorMessages, uploadMessages, uploadToasts } from "@car-rental/shared/messages";
import { api, ApiError, describeError } from "../../../data/api-client";

export const CAR_IMAGE_ACCEPT = CAR_IMAGE_CONTENT_TYPES.join(",");

export type UploadOutcome = { ok: true; objectPath: string } | { ok: false; title: string; message: string };

/** Why a file cannot be a car picture (type or size), or null. */
export function carImageProblem(file: Pick<File, "type" | "size">): string | null {
  if (!CAR_IMAGE_CONTENT_TYPES.some((type) => type === file.type)) return errorMessages.UPLOAD_INVALID;
  if (file.size > CAR_IMAGE_MAX_BYTES) return errorMessages.UPLOAD_TOO_LARGE;
  return null;
}

/** The signed address must be an http(s) URL (the server's own, or the object store's). */
export function isUsableUploadUrl(url: string, base: string): boolean {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

export async function uploadCarImage(file: File): Promise<UploadOutcome> {
  const problem = carImageProblem(file);
  if (problem) return { ok: false, title: uploadToasts.failed.title, message: problem };
  let ticket: { uploadURL: string; objectPath: string };
  try {
    ticket = await api.call("requestUpload", {
      body: { purpose: "car-image", contentType: file.type, size: file.size },
    });
  } catch (error) {
    console.error("Requesting a car image upload address failed", error);
    return {
      ok: false,
      title: uploadToasts.error.title,
      message: describeError(error, uploadMessages.noUploadUrl),
    };
  }
  if (!ticket.uploadURL)
    return { ok: false, title: uploadToasts.error.title, message: uploadMessages.noUploadUrl };
  if (!isUsableUploadUrl(ticket.uploadURL, window.location.origin)) {
    return { ok: false, title: uploadToasts.failed.title, message: uploadMessages.invalidUploadUrl };
  }
  try {
    const response = await fetch(ticket.uploadURL, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": file.type },
    });
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
    return { ok: false, title: uploadToasts.failed.title, message: uploadMessages.noFilesProcessed };
  }
  return { ok: true, objectPath: ticket.objectPath };
}
