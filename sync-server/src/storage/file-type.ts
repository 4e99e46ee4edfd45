import {
  CAR_IMAGE_CONTENT_TYPES,
  CAR_IMAGE_MAX_BYTES,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  type UploadPurpose,
} from "@car-rental/shared/constants";

export type AllowedFileType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** What each purpose accepts: the types (by their bytes) and the largest size. */
export const fileRules: Record<UploadPurpose, { types: readonly AllowedFileType[]; maxBytes: number }> = {
  document: { types: DOCUMENT_CONTENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES },
  "car-image": { types: CAR_IMAGE_CONTENT_TYPES, maxBytes: CAR_IMAGE_MAX_BYTES },
};

const signatures: { type: AllowedFileType; bytes: readonly number[] }[] = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
];

/** How many leading bytes `detectFileType` needs. */
export const FILE_SIGNATURE_BYTES = 8;

/** The type the bytes really are (magic numbers), or null when it is none we accept. */
export function detectFileType(head: Uint8Array): AllowedFileType | null {
  const match = signatures.find((s) => s.bytes.every((byte, i) => head[i] === byte));
  return match?.type ?? null;
}

/** A claimed content type in a comparable form ('IMAGE/JPG; x=y' → 'image/jpeg'). */
export function normalizeContentType(claimed: string): string {
  const bare = (claimed.split(";")[0] ?? "").trim().toLowerCase();
  return bare === "image/jpg" || bare === "image/pjpeg" ? "image/jpeg" : bare;
}

export function isAllowedType(purpose: UploadPurpose, type: string): type is AllowedFileType {
  return fileRules[purpose].types.some((allowed) => allowed === type);
}
