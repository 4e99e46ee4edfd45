import type { Readable } from "node:stream";

export type ObjectInfo = {
  size: number;
  contentType: string | undefined;
  /** The store's version tag of these bytes (S3 ETag), when it has one. */
  etag?: string | undefined;
};
export type StoredObject = ObjectInfo & { body: Readable };

/** Where to POST an upload form to, and the form's fields (sent before the file). */
export type PresignedPost = { url: string; fields: Record<string, string> };

/**
 * Where uploaded files live. Keys are validated storage keys (see
 * object-key.ts: `documents/<uuid>`, `car-images/<uuid>`, optionally under
 * `incoming/`); a driver refuses anything else before touching a disk or bucket.
 */
export type Storage = {
  kind: "local" | "s3";
  /** Stores the bytes under `key`, replacing what was there; atomic for readers. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Streams `body` to `key` (local driver: the server receives uploads
   * itself). Nothing is visible under `key` until the stream ended; if the
   * stream fails (a check in it refused the bytes, the client went away)
   * nothing is kept and the stream's error is thrown. Never buffers the whole
   * body. S3 uploads go straight to the bucket, so that driver has none.
   */
  putStream?(key: string, body: Readable): Promise<void>;
  /** Up to the first `length` bytes of the object, or null when it does not exist. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  /**
   * Copies an object inside the store (no bytes through the server). With
   * `ifMatch` (an etag from head) the copy fails unless the source is still
   * those bytes: what was checked is what is copied.
   */
  copy(from: string, to: string, ifMatch?: string): Promise<void>;
  /** Opens the object for reading, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null when it does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A presigned POST the browser sends the file to directly (a multipart form:
   * `fields`, then the file as `file`), valid for `expiresInSeconds` (S3 only;
   * the local driver receives uploads itself at PUT /uploads/<token>). Its
   * signed policy carries the limits: the body's length within
   * [1, `maxBytes`] and the form's `Content-Type` exactly `contentType`;
   * the store refuses any other upload to `key`.
   */
  presignPost?(
    key: string,
    expiresInSeconds: number,
    limits: { maxBytes: number; contentType: string },
  ): Promise<PresignedPost>;
  /** Origins the browser talks to besides the site itself (the CSP's connect-src / img-src). */
  publicOrigins(): string[];
};
