/** Upload addresses (`POST /api/objects/upload`, decisions.md "Uploads"). */
import * as z from "zod";
import {
  CAR_IMAGE_CONTENT_TYPES,
  CAR_IMAGE_MAX_BYTES,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from "../constants";
import { errorMessages } from "../messages";
import { textLimits } from "./common";

export const uploadPurposeSchema = z.enum(UPLOAD_PURPOSES);

/** The content types and size limit of each purpose. */
export const uploadRules: Record<UploadPurpose, { contentTypes: readonly string[]; maxBytes: number }> = {
  document: { contentTypes: DOCUMENT_CONTENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES },
  "car-image": { contentTypes: CAR_IMAGE_CONTENT_TYPES, maxBytes: CAR_IMAGE_MAX_BYTES },
};

/**
 * Body of `POST /api/objects/upload` (may be empty: a document). A claimed
 * type or size outside the purpose's rules is refused early; the stored
 * bytes are checked again when they arrive.
 */
export const uploadRequestSchema = z
  .object({
    purpose: uploadPurposeSchema.default("document"),
    contentType: z.string().trim().toLowerCase().max(textLimits.short).optional(),
    size: z.number().int().nonnegative().optional(),
  })
  .superRefine((request, ctx) => {
    const rules = uploadRules[request.purpose];
    if (request.contentType !== undefined && !rules.contentTypes.includes(request.contentType)) {
      ctx.addIssue({ code: "custom", path: ["contentType"], message: errorMessages.UPLOAD_INVALID });
    }
    if (request.size !== undefined && request.size > rules.maxBytes) {
      ctx.addIssue({ code: "custom", path: ["size"], message: errorMessages.UPLOAD_TOO_LARGE });
    }
  });
export type UploadRequest = z.infer<typeof uploadRequestSchema>;
export type UploadRequestBody = z.input<typeof uploadRequestSchema>;

/** The HTTP methods an upload address takes the bytes with. */
export const UPLOAD_METHODS = ["PUT", "POST"] as const;

/**
 * The signed one-time address for the file, and the object path it will have.
 * `method` PUT (the default, for answers without it): the file is the body.
 * `method` POST (a presigned S3 POST): a multipart form of `fields`, in their
 * order, then the file as `file`, last.
 */
export const uploadResponseSchema = z.object({
  uploadURL: z.string().min(1).max(textLimits.url),
  objectPath: z.string().min(1).max(textLimits.objectPath),
  method: z.enum(UPLOAD_METHODS).default("PUT"),
  /** The presigned POST's form fields (with `method` POST; an uploader refuses a POST answer without them). */
  fields: z.record(z.string().max(textLimits.short), z.string().max(8192)).optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
