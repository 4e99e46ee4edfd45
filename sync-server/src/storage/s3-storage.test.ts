import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { uploadResponseSchema, type UploadResponse } from "@car-rental/shared/schemas/upload";
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

  async function ticket(body: Record<string, unknown> = { contentType: "image/png" }) {
    const res = await server.request("POST", "/api/objects/upload", { body, cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return uploadResponseSchema.parse(await res.json());
  }
  /** What the PWA sends: the form's fields in order, then the file, last (S3 ignores fields after it). */
  const post = (answer: UploadResponse, body: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(answer.fields ?? {})) form.append(name, value);
    form.append("file", new Blob([body]), "upload.bin");
    return fetch(answer.uploadURL, { method: "POST", body: form });
  };
  const keyOf = (objectPath: string) => parseObjectPath(objectPath)?.key ?? "";

  it("lets the browser POST a form to a presigned POST, then checks and serves the file", async () => {
    expect(server.deps.storage.kind).toBe("s3");
    const answer = await ticket({ contentType: "application/pdf" });
    const { uploadURL, objectPath } = answer;
    expect(answer.method).toBe("POST");
    expect(uploadURL).toBe(`${endpoint}/${BUCKET}`);
    expect(answer.fields?.key).toBe(incomingKeyOf(keyOf(objectPath)));
    expect(answer.fields?.["Content-Type"]).toBe("application/pdf");
    expect((await post(answer, tinyPdf)).status).toBe(204);

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

    // A later POST of the same form cannot change what was checked.
    expect((await post(answer, Buffer.from("not a pdf at all"))).status).toBe(204);
    const again = await server.request("GET", objectPath, { cookie });
    expect(Buffer.from(await again.arrayBuffer()).equals(tinyPdf)).toBe(true);
  });

  it("serves a checked car image publicly", async () => {
    const answer = await ticket({ purpose: "car-image", contentType: "image/jpeg" });
    const { objectPath } = answer;
    expect((await post(answer, tinyJpeg)).status).toBe(204);
    await verifyUploadedObject(server.deps, objectPath, "car-image");
    const res = await server.request("GET", objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("deletes and refuses a file that is not what it claims", async () => {
    const answer = await ticket();
    const { objectPath } = answer;
    expect((await post(answer, Buffer.from("plain text pretending to be a PNG"))).status).toBe(204);
    const refused = verifyUploadedObject(server.deps, objectPath, "document");
    await expect(refused).rejects.toBeInstanceOf(UploadRefused);
    await expect(refused).rejects.toMatchObject({ code: "UPLOAD_INVALID" });
    expect(await server.deps.storage.head(incomingKeyOf(keyOf(objectPath)))).toBeNull();
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    expect((await server.request("GET", objectPath, { cookie })).status).toBe(404);
  });

  // S3 refuses this body by the policy's content-length-range (see the policy test); s3rver does not
  // enforce policies, so this shows the server's own check behind it.
  it("deletes and refuses a file over the limit that reached the bucket anyway", async () => {
    const answer = await ticket();
    const { objectPath } = answer;
    expect((await post(answer, pngOfSize(6 * 1024 * 1024))).status).toBe(204);
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
    const image = await ticket({ purpose: "car-image", contentType: "image/png" });
    expect((await post(image, tinyPng)).status).toBe(204);
    await expect(verifyUploadedObject(server.deps, image.objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
  });

  it("checks an uploaded car image before the request's transaction: a car made with it works", async () => {
    const answer = await ticket({ purpose: "car-image", contentType: "image/png" });
    const { objectPath } = answer;
    expect((await post(answer, tinyPng)).status).toBe(204);
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

  const policyOf = (answer: UploadResponse) =>
    JSON.parse(Buffer.from(answer.fields?.Policy ?? "", "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };

  // s3rver takes POST forms but does not enforce their policy; S3 does: it refuses (403) a form whose
  // fields, key or body length break a condition, and a field the policy does not name. So this reads
  // the signed policy itself.
  it.each([
    ["document", "application/pdf", 5 * 1024 * 1024],
    ["car-image", "image/jpeg", 10 * 1024 * 1024],
  ] as const)("signs a policy limiting a %s to its size and declared type", async (purpose, type, max) => {
    const before = Date.now();
    const answer = await ticket({ purpose, contentType: type, size: 1234 });
    const fields = answer.fields ?? {};
    const key = incomingKeyOf(keyOf(answer.objectPath));
    const { expiration, conditions } = policyOf(answer);
    expect(conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, max],
        ["eq", "$Content-Type", type],
        { "Content-Type": type },
        { key },
        { bucket: BUCKET },
        { "X-Amz-Algorithm": "AWS4-HMAC-SHA256" },
      ]),
    );
    // Nothing loosens it: no starts-with (any key, any type) and no other length range.
    expect(JSON.stringify(conditions)).not.toContain("starts-with");
    expect(conditions.filter((c) => Array.isArray(c) && c[0] === "content-length-range")).toHaveLength(1);
    // Good for 15 minutes, as the PUT was (the policy's expiration is written to the second).
    const ttl = new Date(expiration).getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(898_000);
    expect(ttl).toBeLessThanOrEqual(901_000);
    // The form carries the signature of exactly this policy, and every field the policy pins.
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(["key", "Content-Type", "Policy", "X-Amz-Signature", "X-Amz-Credential"]),
    );
    expect(fields["X-Amz-Credential"]).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requires the declared type with S3: the policy pins it", async () => {
    const res = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "document" },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const empty = await server.request("POST", "/api/objects/upload", { cookie });
    expect(empty.status).toBe(400);
  });

  it("lets the browser reach the bucket under the CSP", async () => {
    const res = await server.request("GET", "/api/health");
    expect(res.headers.get("content-security-policy")).toContain(endpoint);
  });
});
