import { UPLOAD_PURPOSES, type UploadPurpose } from "@car-rental/shared/constants";

/** The folder of each upload purpose, in storage keys and in `/objects/<folder>/<id>` paths. */
export const purposeFolder: Record<UploadPurpose, string> = {
  document: "documents",
  "car-image": "car-images",
};

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * A storage key: `documents/<uuid>` or `car-images/<uuid>`, optionally under
 * `incoming/` (where S3 uploads land before they are checked). Nothing else
 * ever reaches a disk path or a bucket key, so no traversal is possible.
 */
export const OBJECT_KEY_PATTERN = new RegExp(`^(?:incoming/)?(?:documents|car-images)/${UUID}$`);

/** The public form of an object's address, `/objects/documents/<uuid>`. */
const OBJECT_PATH_PATTERN = new RegExp(`^/objects/((documents|car-images)/${UUID})$`);

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key);
}

/** Throws unless `key` is a well-formed storage key (a programming error, not user input). */
export function assertObjectKey(key: string): void {
  if (!isObjectKey(key)) throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
}

export type ParsedObjectPath = { key: string; purpose: UploadPurpose };

/** `/objects/documents/<uuid>` → `{key: 'documents/<uuid>', purpose: 'document'}`, or null when malformed. */
export function parseObjectPath(objectPath: string): ParsedObjectPath | null {
  const match = OBJECT_PATH_PATTERN.exec(objectPath);
  if (!match?.[1]) return null;
  const folder = match[2];
  const purpose = UPLOAD_PURPOSES.find((p) => purposeFolder[p] === folder);
  return purpose ? { key: match[1], purpose } : null;
}

export function objectPathOf(key: string): string {
  return `/objects/${key}`;
}

/** Where an S3 upload lands before it is checked and copied to its key. */
export function incomingKeyOf(key: string): string {
  return `incoming/${key}`;
}
