import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from "@car-rental/shared/constants";
import { uploadMessages, uploadToasts, type Toast } from "@car-rental/shared/messages";
import { uploadResponseSchema } from "@car-rental/shared/schemas/upload";
import { publicRoutes as routes } from "@car-rental/shared/api-public";
import { ApiError, api, describeError } from "../../data/api-client";
import { isAcceptedUploadTarget, sendUpload } from "./send-upload";

/** Why an upload stopped, with the toast that tells the visitor. */
export class UploadFailure extends Error {
  override readonly name = "UploadFailure";
  readonly toast: Toast;
  constructor(toast: Toast, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.toast = toast;
  }
}

/** The visitor stopped the upload (closed its dialog): nothing to report. */
export class UploadCancelled extends Error {
  override readonly name = "UploadCancelled";
  constructor(options?: { cause?: unknown }) {
    super("The upload was cancelled.", options);
  }
}

const typeByExtension: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

const allowedTypes: readonly string[] = DOCUMENT_CONTENT_TYPES;

/** The file's type if it is a JPG, PNG or PDF (by its declared type, else its extension), else null. */
export function documentContentType(file: File): string | null {
  const declared = file.type.toLowerCase();
  if (allowedTypes.includes(declared)) return declared;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const guessed = typeByExtension[extension];
  return declared === "" && guessed !== undefined ? guessed : null;
}

export const WRONG_FILE_MESSAGE = "Please choose a JPG, PNG or PDF file of at most 5 MB.";

/** The sentence for a failed upload: the server's message, or the spec's fallback. */
async function putFailureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return describeError(
    new ApiError(response.status, response.statusText, text),
    uploadMessages.noFilesProcessed,
  );
}

/**
 * Uploads one document (decisions.md "Uploads"): asks the server for a signed
 * address (`POST /api/objects/upload`), sends the bytes there (a PUT, or the
 * presigned POST's form; see send-upload.ts) and returns the object path to
 * send with the booking.
 * @param onAddressReceived called once the address is known (the upload starts).
 * @param signal stops the upload of the bytes (UploadCancelled).
 * @throws UploadFailure with the toast to show: 'Upload Error' when no usable
 *   address came, 'Upload Failed' when the file itself was refused or lost.
 */
export async function uploadDocument(
  file: File,
  onAddressReceived?: () => void,
  signal?: AbortSignal,
): Promise<string> {
  const contentType = documentContentType(file);
  if (contentType === null || file.size > DOCUMENT_MAX_BYTES || file.size === 0) {
    throw new UploadFailure(uploadToasts.failed, WRONG_FILE_MESSAGE);
  }

  let json: unknown;
  try {
    const answer = await api.raw(routes.requestUpload.method, routes.requestUpload.path, {
      body: { purpose: "document", contentType, size: file.size },
    });
    json = answer.json;
  } catch (error) {
    throw new UploadFailure(uploadToasts.error, describeError(error, uploadMessages.noUploadUrl), {
      cause: error,
    });
  }
  const parsed = uploadResponseSchema.safeParse(json);
  if (!parsed.success) throw new UploadFailure(uploadToasts.error, uploadMessages.noUploadUrl);
  const answer = parsed.data;
  if (!isAcceptedUploadTarget(answer, window.location.origin)) {
    throw new UploadFailure(uploadToasts.error, uploadMessages.invalidUploadUrl);
  }
  onAddressReceived?.();

  let response: Response;
  try {
    response = await sendUpload(answer, file, contentType, signal);
  } catch (error) {
    if (signal?.aborted) throw new UploadCancelled({ cause: error });
    throw new UploadFailure(uploadToasts.failed, uploadMessages.noFilesProcessed, { cause: error });
  }
  if (!response.ok) throw new UploadFailure(uploadToasts.failed, await putFailureMessage(response));
  return answer.objectPath;
}
