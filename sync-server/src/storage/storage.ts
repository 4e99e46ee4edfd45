import type { Readable } from "node:stream";

export type ObjectInfo = { size: number; contentType: string | undefined };
export type StoredObject = ObjectInfo & { body: Readable };

/**
 * Where uploaded files live. Keys are validated storage keys (see
 * object-key.ts: `documents/<uuid>`, `car-images/<uuid>`, optionally under
 * `incoming/`); a driver refuses anything else before touching a disk or bucket.
 */
export type Storage = {
  kind: "local" | "s3";
  /** Stores the bytes under `key`, replacing what was there; atomic for readers. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Opens the object for reading, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null when it does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL the browser PUTs the file to directly, valid for `expiresInSeconds`
   * (S3 only; the local driver receives uploads itself at /uploads/<token>).
   */
  presignPut?(key: string, expiresInSeconds: number): Promise<string>;
  /** Origins the browser talks to besides the site itself (the CSP's connect-src / img-src). */
  publicOrigins(): string[];
};
