import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { uploadResponseSchema } from "@car-rental/shared/schemas/upload";
import type { S3Config } from "../config";
import { UploadRefused, ValidationFailed } from "../errors";
import { verifyUploadedObject } from "../services/objects/upload.service";
import { startTestServer, type TestServer } from "../test-server";
import { incomingKeyOf, parseObjectPath } from "./object-key";
import { bucketOrigin } from "./s3-storage";
import { pngOfSize, tinyJpeg, tinyPdf, tinyPng } from "./test-files";

const BUCKET = "car-rental-test";

describe("bucketOrigin", () => {
  const base: S3Config = {
    endpoint: undefined,
    region: "ap-southeast-1",
    bucket: "shop",
    accessKeyId: undefined,
    secretAccessKey: undefined,
    forcePathStyle: false,
  };
  it("is where the browser PUTs to", () => {
    expect(bucketOrigin(base)).toBe("https://shop.s3.ap-southeast-1.amazonaws.com");
    expect(bucketOrigin({ ...base, forcePathStyle: true })).toBe("https://s3.ap-southeast-1.amazonaws.com");
    expect(bucketOrigin({ ...base, endpoint: "https://files.example.com:9000/", forcePathStyle: true })).toBe(
      "https://files.example.com:9000",
    );
    expect(bucketOrigin({ ...base, endpoint: "https://r2.example.com" })).toBe("https://shop.r2.example.com");
  });
});

describe.each(testEngines())("S3 storage against s3rver, on %s", (engine) => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(os.tmpdir(), "car-rental-s3-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    server = await startTestServer(engine, {
      seed: false,
      config: {
        s3: {
          endpoint,
          region: "us-east-1",
          bucket: BUCKET,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        },
      },
    });
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  async function ticket(body: unknown = {}) {
    const res = await server.request("POST", "/api/objects/upload", { body, cookie });
    expect(res.status).toBe(200);
    return uploadResponseSchema.parse(await res.json());
  }
  const put = (url: string, body: Buffer) =>
    fetch(url, { method: "PUT", body, headers: { "Content-Type": "image/png" } });
  const keyOf = (objectPath: string) => parseObjectPath(objectPath)?.key ?? "";

  it("lets the browser PUT to a presigned URL, then checks and serves the file", async () => {
    expect(server.deps.storage.kind).toBe("s3");
    const { uploadURL, objectPath } = await ticket();
    expect(uploadURL.startsWith(`${endpoint}/${BUCKET}/incoming/documents/`)).toBe(true);
    expect(uploadURL).toContain("X-Amz-Expires=900");
    expect((await put(uploadURL, tinyPdf)).status).toBe(200);

    // Not readable before it was checked.
    expect((await server.request("GET", objectPath, { cookie })).status).toBe(404);

    await expect(verifyUploadedObject(server.deps, objectPath, "document")).resolves.toEqual({
      objectPath,
      purpose: "document",
      contentType: "application/pdf",
      size: tinyPdf.length,
    });
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).toBeNull();
    // A second check is a no-op.
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).resolves.toMatchObject({
      objectPath,
    });

    const res = await server.request("GET", objectPath, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(tinyPdf)).toBe(true);
    expect((await server.request("GET", objectPath)).status).toBe(401);

    // A later PUT to the same presigned URL cannot change what was checked.
    expect((await put(uploadURL, Buffer.from("not a pdf at all"))).status).toBe(200);
    const again = await server.request("GET", objectPath, { cookie });
    expect(Buffer.from(await again.arrayBuffer()).equals(tinyPdf)).toBe(true);
  });

  it("serves a checked car image publicly", async () => {
    const { uploadURL, objectPath } = await ticket({ purpose: "car-image", contentType: "image/jpeg" });
    expect((await put(uploadURL, tinyJpeg)).status).toBe(200);
    await verifyUploadedObject(server.deps, objectPath, "car-image");
    const res = await server.request("GET", objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("deletes and refuses a file that is not what it claims", async () => {
    const { uploadURL, objectPath } = await ticket();
    expect((await put(uploadURL, Buffer.from("plain text pretending to be a PNG"))).status).toBe(200);
    const refused = verifyUploadedObject(server.deps, objectPath, "document");
    await expect(refused).rejects.toBeInstanceOf(UploadRefused);
    await expect(refused).rejects.toMatchObject({ code: "UPLOAD_INVALID" });
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).toBeNull();
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    expect((await server.request("GET", objectPath, { cookie })).status).toBe(404);
  });

  it("deletes and refuses a file over the limit", async () => {
    const { uploadURL, objectPath } = await ticket();
    expect((await put(uploadURL, pngOfSize(6 * 1024 * 1024))).status).toBe(200);
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).rejects.toMatchObject({
      code: "UPLOAD_TOO_LARGE",
    });
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).toBeNull();
  });

  it("refuses paths that were never uploaded, or of the wrong purpose", async () => {
    const { objectPath } = await ticket();
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    const image = await ticket({ purpose: "car-image" });
    expect((await put(image.uploadURL, tinyPng)).status).toBe(200);
    await expect(verifyUploadedObject(server.deps, image.objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });

  it("checks an uploaded car image before the request's transaction: a car made with it works", async () => {
    const { uploadURL, objectPath } = await ticket({ purpose: "car-image", contentType: "image/png" });
    expect((await put(uploadURL, tinyPng)).status).toBe(200);
    // Inside a transaction the bucket is never called: the object is not usable there yet.
    await server.db.knex.transaction(async (trx) => {
      await expect(verifyUploadedObject(server.deps, objectPath, "car-image", trx)).rejects.toBeInstanceOf(
        ValidationFailed,
      );
    });
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).not.toBeNull();
    // Through the API (with an Idempotency-Key, so inside its transaction) the check ran first.
    const res = await server.request("POST", "/api/admin/cars", {
      cookie,
      body: { name: "S3 Test Car", category: "Compact Sedan", dailyRate: "1500.00", image: objectPath },
      headers: { "Idempotency-Key": `s3-car-${Date.now()}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).toBeNull();
    const image = await server.request("GET", objectPath);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(tinyPng)).toBe(true);
    const row = await server.db
      .knex("objects")
      .where({ path: keyOf(objectPath) })
      .first();
    expect(row?.attached_at).not.toBeNull();
  });

  // s3rver does not check presigned signatures against the headers sent, so this checks what S3 checks:
  // the declared length and type are signed headers of the URL (S3 answers 403 to any other).
  it("signs the declared size and type into the URL as headers the browser must send", async () => {
    const declared = { purpose: "document", contentType: "image/png", size: tinyPng.length };
    const { uploadURL } = await ticket(declared);
    const signed = new URL(uploadURL).searchParams.get("X-Amz-SignedHeaders")?.split(";") ?? [];
    expect(signed).toEqual(expect.arrayContaining(["content-length", "content-type", "host"]));
    // What the PWA sends (the file, its type) matches the signature.
    expect((await put(uploadURL, tinyPng)).status).toBe(200);
    const undeclared = await ticket({ purpose: "document" });
    expect(new URL(undeclared.uploadURL).searchParams.get("X-Amz-SignedHeaders")).toBe("host");
  });

  it("lets the browser reach the bucket under the CSP", async () => {
    const res = await server.request("GET", "/api/health");
    expect(res.headers.get("content-security-policy")).toContain(endpoint);
  });
});
