import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import type { S3Config } from "../config";
import { assertObjectKey } from "./object-key";
import type { Storage } from "./storage";

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) {
    return err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** The origin the browser reaches the bucket at (for the CSP), as the SDK will address it. */
export function bucketOrigin(config: S3Config): string {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    if (config.forcePathStyle) return endpoint.origin;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  return config.forcePathStyle
    ? `https://s3.${config.region}.amazonaws.com`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Other S3-compatible stores (MinIO, R2, s3rver) do not all speak the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/**
 * Objects in an S3-compatible bucket, so several server processes share them.
 * The browser POSTs uploads straight to the bucket through presigned POST forms.
 */
export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): Storage {
  const Bucket = config.bucket;
  const origin = bucketOrigin(config);

  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertObjectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertObjectKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = out.Body;
        if (!(body instanceof Readable)) throw new Error("S3 answered a body that is not a Node stream");
        return { body, size: out.ContentLength ?? 0, contentType: out.ContentType };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async head(key) {
      assertObjectKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType, etag: out.ETag };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async readStart(key, length) {
      assertObjectKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${length - 1}` }),
        );
        if (!out.Body) return Buffer.alloc(0);
        return Buffer.from(await out.Body.transformToByteArray()).subarray(0, length);
      } catch (err) {
        if (isNotFound(err)) return null;
        // An empty object has no byte 0: the range cannot be satisfied.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },
    async copy(from, to, ifMatch) {
      assertObjectKey(from);
      assertObjectKey(to);
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: to,
          CopySource: `${Bucket}/${from}`,
          ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
        }),
      );
    },
    async delete(key) {
      assertObjectKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async presignPost(key, expiresInSeconds, limits) {
      assertObjectKey(key);
      // Every form field is a condition of the signed policy (an exact match), so
      // `Content-Type` is pinned to the declared type; S3 refuses a form with a
      // field the policy does not name, a body outside the length range, or
      // another key.
      return createPresignedPost(client, {
        Bucket,
        Key: key,
        Expires: expiresInSeconds,
        Fields: { "Content-Type": limits.contentType },
        Conditions: [
          ["content-length-range", 1, limits.maxBytes],
          ["eq", "$Content-Type", limits.contentType],
        ],
      });
    },
    publicOrigins: () => [origin],
  };
}
