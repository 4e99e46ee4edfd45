import http from "node:http";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { errorBodySchema } from "@car-rental/shared/schemas/error";
import { uploadResponseSchema, type UploadResponse } from "@car-rental/shared/schemas/upload";
import { CAR_IMAGE_MAX_BYTES, DOCUMENT_MAX_BYTES } from "@car-rental/shared/constants";
import { UploadRefused, ValidationFailed } from "../../errors";
import { startTestServer, type TestServer } from "../../test-server";
import { verifyUploadedObject } from "../../services/objects/upload.service";
import { UPLOAD_RATE_LIMIT } from "./objects.routes";
import { pngOfSize, tinyJpeg, tinyPdf, tinyPng } from "../../storage/test-files";

const errorCode = async (res: Response) => errorBodySchema.parse(await res.json()).error.code;

/** A GET with the path sent exactly as written (fetch would normalize `..`). */
function rawGet(base: string, rawPath: string, cookie?: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: rawPath,
        method: "GET",
        headers: cookie ? { Cookie: cookie } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Files left in the local objects folder (temporary `.part` files included). */
async function storedFiles(server: TestServer): Promise<string[]> {
  const root = path.join(server.dataDir, "objects");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe.each(testEngines())("objects on %s", (engine) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { seed: false });
    cookie = await server.adminCookie();
  });
  afterAll(() => server.close());

  async function ticket(body?: unknown, withCookie?: string): Promise<UploadResponse> {
    const res = await server.request("POST", "/api/objects/upload", { body, cookie: withCookie });
    expect(res.status).toBe(200);
    return uploadResponseSchema.parse(await res.json());
  }

  const put = (
    url: string,
    body: Buffer | ReadableStream<Uint8Array>,
    contentType = "application/octet-stream",
  ) => fetch(url, { method: "PUT", body, headers: { "Content-Type": contentType }, duplex: "half" });

  it("accepts a real PNG as a car image, which anyone may then read", async () => {
    const answer = await ticket({ purpose: "car-image", contentType: "image/png" }, cookie);
    const { uploadURL, objectPath } = answer;
    expect(uploadURL.startsWith(`${server.url}/uploads/`)).toBe(true);
    // Local storage takes the bytes as a PUT: no form fields.
    expect(answer.method).toBe("PUT");
    expect(answer.fields).toBeUndefined();
    expect(objectPath).toMatch(/^\/objects\/car-images\/[0-9a-f-]{36}$/);

    const uploaded = await put(uploadURL, tinyPng, "image/png");
    expect(uploaded.status).toBe(200);
    expect(uploadResponseSchema.pick({ objectPath: true }).parse(await uploaded.json())).toEqual({
      objectPath,
    });

    const res = await server.request("GET", objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(tinyPng)).toBe(true);

    const row = await server.db
      .knex("objects")
      .where({ path: objectPath.slice("/objects/".length) })
      .first();
    expect(row.content_type).toBe("image/png");
    expect(Number(row.size)).toBe(tinyPng.length);
    expect(row.uploaded_at).not.toBeNull();
  });

  it("keeps documents private: 401 without a session, 200 with one", async () => {
    const { uploadURL, objectPath } = await ticket();
    expect((await put(uploadURL, tinyPdf, "application/pdf")).status).toBe(200);

    const anonymous = await server.request("GET", objectPath);
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe("UNAUTHORIZED");

    const res = await server.request("GET", objectPath, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="${objectPath.split("/")[3]}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(tinyPdf)).toBe(true);
  });

  it("takes the type from the bytes, not from the claimed Content-Type", async () => {
    const { uploadURL, objectPath } = await ticket({ contentType: "image/png" });
    const res = await put(uploadURL, tinyJpeg, "image/png");
    expect(res.status).toBe(200);
    const read = await server.request("GET", objectPath, { cookie });
    expect(read.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a text file sent as image/png and keeps nothing", async () => {
    const before = await storedFiles(server);
    const { uploadURL, objectPath } = await ticket({ contentType: "image/png" });
    const res = await put(uploadURL, Buffer.from("just some text, honestly a PNG\n".repeat(20)), "image/png");
    expect(res.status).toBe(415);
    expect(await errorCode(res)).toBe("UPLOAD_INVALID");
    expect(await storedFiles(server)).toEqual(before);
    expect((await server.request("GET", objectPath, { cookie })).status).toBe(404);
  });

  it("refuses a PDF as a car image", async () => {
    const { uploadURL } = await ticket({ purpose: "car-image" }, cookie);
    const res = await put(uploadURL, tinyPdf, "image/png");
    expect(res.status).toBe(415);
  });

  it("refuses a 6 MB document, whether or not it says its length", async () => {
    const before = await storedFiles(server);
    const big = pngOfSize(6 * 1024 * 1024);

    const first = await ticket();
    const withLength = await put(first.uploadURL, big, "image/png");
    expect(withLength.status).toBe(413);
    expect(await errorCode(withLength)).toBe("UPLOAD_TOO_LARGE");

    // Streamed without a Content-Length: reading stops past the limit.
    const second = await ticket();
    const chunk = 256 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= big.length) return controller.close();
        controller.enqueue(big.subarray(sent, sent + chunk));
        sent += chunk;
      },
    });
    const streamed = await put(second.uploadURL, stream, "image/png");
    expect(streamed.status).toBe(413);
    expect(await storedFiles(server)).toEqual(before);
  });

  it("accepts a document of exactly the limit", async () => {
    const { uploadURL } = await ticket({ size: DOCUMENT_MAX_BYTES, contentType: "image/png" });
    expect((await put(uploadURL, pngOfSize(DOCUMENT_MAX_BYTES), "image/png")).status).toBe(200);
  });

  it("refuses a declared size or type that can never be accepted, at once", async () => {
    const tooBig = await server.request("POST", "/api/objects/upload", {
      body: { size: DOCUMENT_MAX_BYTES + 1 },
    });
    expect(tooBig.status).toBe(413);
    const carTooBig = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "car-image", size: CAR_IMAGE_MAX_BYTES + 1 },
      cookie,
    });
    expect(carTooBig.status).toBe(413);
    const gif = await server.request("POST", "/api/objects/upload", { body: { contentType: "image/gif" } });
    expect(gif.status).toBe(415);
    const pdfCar = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "car-image", contentType: "application/pdf" },
      cookie,
    });
    expect(pdfCar.status).toBe(415);
    const unknownField = await server.request("POST", "/api/objects/upload", { body: { purpose: "avatar" } });
    expect(unknownField.status).toBe(400);
  });

  it("asks for an admin session for car images", async () => {
    const res = await server.request("POST", "/api/objects/upload", { body: { purpose: "car-image" } });
    expect(res.status).toBe(401);
  });

  it("takes one upload per address", async () => {
    const { uploadURL } = await ticket();
    expect((await put(uploadURL, tinyPng)).status).toBe(200);
    const again = await put(uploadURL, tinyJpeg);
    expect(again.status).toBe(410);
    expect(await errorCode(again)).toBe("UPLOAD_EXPIRED");
  });

  it("lets only one of two concurrent uploads win", async () => {
    const { uploadURL } = await ticket();
    const statuses = (await Promise.all([put(uploadURL, tinyPng), put(uploadURL, tinyJpeg)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 410]);
  });

  it("refuses an upload address after 15 minutes", async () => {
    const { uploadURL } = await ticket();
    server.clock.advance(16 * 60 * 1000);
    const res = await put(uploadURL, tinyPng);
    expect(res.status).toBe(410);
  });

  it("refuses unknown or forged upload addresses", async () => {
    const { uploadURL } = await ticket();
    const forged = uploadURL.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await put(forged, tinyPng)).status).toBe(404);
    expect((await put(`${server.url}/uploads/nonsense`, tinyPng)).status).toBe(404);
    expect((await put(uploadURL, tinyPng)).status).toBe(200);
  });

  it("answers 404 for objects that do not exist or were never uploaded", async () => {
    const missing = await server.request("GET", "/objects/car-images/3f2a6c1e-8b7d-4e3f-9a1b-0c2d3e4f5a6b");
    expect(missing.status).toBe(404);
    const { objectPath } = await ticket({ purpose: "car-image" }, cookie);
    expect((await server.request("GET", objectPath)).status).toBe(404);
    expect((await server.request("GET", "/objects/whatever.png")).status).toBe(404);
  });

  it("never serves a file outside the objects folder", async () => {
    const attempts = [
      "/objects/../../../../etc/passwd",
      "/objects/..%2f..%2f..%2f..%2fetc%2fpasswd",
      "/objects/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/objects/documents/..%2F..%2F..%2Fetc%2Fpasswd",
      "/objects//etc/passwd",
      "/objects/car-images/%2Fetc%2Fpasswd",
      "/objects/car-images/3f2a6c1e-8b7d-4e3f-9a1b-0c2d3e4f5a6b/../../../etc/passwd",
      "/objects/car-images/..%5c..%5c..%5cetc%5cpasswd",
    ];
    for (const attempt of attempts) {
      const res = await rawGet(server.url, attempt, cookie);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt).toBeLessThan(500);
      expect(res.body).not.toContain("root:");
    }
  });

  it("verifies attached object paths", async () => {
    const { uploadURL, objectPath } = await ticket();
    const notYet = await ticket();
    expect((await put(uploadURL, tinyPng)).status).toBe(200);

    await expect(verifyUploadedObject(server.deps, objectPath, "document")).resolves.toEqual({
      objectPath,
      purpose: "document",
      contentType: "image/png",
      size: tinyPng.length,
    });
    await expect(verifyUploadedObject(server.deps, objectPath, "car-image")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await expect(verifyUploadedObject(server.deps, notYet.objectPath, "document")).rejects.toBeInstanceOf(
      ValidationFailed,
    );
    await expect(
      verifyUploadedObject(
        server.deps,
        "/objects/documents/3f2a6c1e-8b7d-4e3f-9a1b-0c2d3e4f5a6b",
        "document",
      ),
    ).rejects.toBeInstanceOf(ValidationFailed);
    await expect(
      verifyUploadedObject(server.deps, "/objects/../etc/passwd", "document"),
    ).rejects.toBeInstanceOf(ValidationFailed);
    // Inside the caller's transaction too (PGlite has a single connection).
    await server.db.knex.transaction(async (trx) => {
      await expect(verifyUploadedObject(server.deps, objectPath, "document", trx)).resolves.toMatchObject({
        objectPath,
      });
    });
    expect(UploadRefused).toBeDefined();
  });

  it("works inside an idempotent request (one transaction, one PGlite connection)", async () => {
    const headers = { "Idempotency-Key": "upload-car-image-0001" };
    const first = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "car-image" },
      cookie,
      headers,
    });
    expect(first.status).toBe(200);
    const replay = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "car-image" },
      cookie,
      headers,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await first.json());
  });

  it("limits upload addresses per client, 300 per 10 minutes times RATE_LIMIT_SCALE", async () => {
    expect(UPLOAD_RATE_LIMIT).toEqual({ limit: 300, windowSeconds: 600 });
    await server.db.knex("rate_limits").delete();
    expect((await server.request("POST", "/api/objects/upload")).status).toBe(200);
    // Fill this address's current window to one below the limit: the next one is the last allowed.
    const window = server.db.knex("rate_limits").where("key", "like", "objects-upload:%");
    await window.clone().update({ count: UPLOAD_RATE_LIMIT.limit - 1 });
    expect((await server.request("POST", "/api/objects/upload")).status).toBe(200);
    const refused = await server.request("POST", "/api/objects/upload");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // RATE_LIMIT_SCALE raises it.
    server.deps.config.rateLimitScale = 2;
    try {
      expect((await server.request("POST", "/api/objects/upload")).status).toBe(200);
    } finally {
      server.deps.config.rateLimitScale = 1;
    }
    // Admins adding car images are not counted against it.
    expect(
      (await server.request("POST", "/api/objects/upload", { body: { purpose: "car-image" }, cookie }))
        .status,
    ).toBe(200);
  });
});
