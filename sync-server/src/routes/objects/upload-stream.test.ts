/**
 * Release 2 A6: uploads stream to storage. The server answers a refusal while
 * the client is still sending (it never waits for, or holds, the whole
 * body): an endless body past the size cap gets 413, an endless body whose
 * first bytes are no allowed type gets 415; a large valid file arrives intact.
 */
import http from "node:http";
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { DOCUMENT_MAX_BYTES } from "@car-rental/shared/constants";
import { startTestServer, type TestServer } from "../../test-server";

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

/** PUTs an endless chunked body until the server answers; returns the status and how much was sent. */
function putEndless(url: string, first: Buffer): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "PUT", headers: { "Content-Type": "image/png" } });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      if (answered) return;
      const data = sent === 0 ? Buffer.concat([first, chunk]) : chunk;
      sent += data.length;
      // Never ends on its own: only the server's answer stops it.
      if (sent > 200 * 1024 * 1024) return reject(new Error("the server read 200 MB without answering"));
      if (req.write(data)) setImmediate(pump);
      else req.once("drain", pump);
    };
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, sent, body });
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    pump();
  });
}

describe.each(testEngines())("streamed uploads on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function ticket(): Promise<{ uploadURL: string; objectPath: string }> {
    // No declared size: only the bytes can tell.
    const res = await server.request("POST", "/api/objects/upload", { body: { purpose: "document" } });
    expect(res.status).toBe(200);
    return (await res.json()) as { uploadURL: string; objectPath: string };
  }
  const storedFiles = async () =>
    (await readdir(path.join(server.dataDir, "objects", "documents")).catch(() => [])).length;

  it("answers 413 to an endless body once it passes the cap, and keeps nothing", async () => {
    const { uploadURL, objectPath } = await ticket();
    const before = await storedFiles();
    const res = await putEndless(uploadURL, PNG_SIGNATURE);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "UPLOAD_TOO_LARGE" } });
    expect(res.sent).toBeLessThan(DOCUMENT_MAX_BYTES * 4);
    expect(await storedFiles()).toBe(before);
    const row = await server.db
      .knex("objects")
      .where({ path: objectPath.slice("/objects/".length) })
      .first();
    expect(row).toMatchObject({ uploaded_at: null, content_type: null, size: null });
  });

  it("answers 415 on the first bytes of an endless body that is no allowed type", async () => {
    const { uploadURL } = await ticket();
    const res = await putEndless(uploadURL, Buffer.from("MZ this is an executable"));
    expect(res.status).toBe(415);
    expect(res.sent).toBeLessThan(DOCUMENT_MAX_BYTES);
  });

  it("stores a large valid file intact, byte for byte", async () => {
    const { uploadURL, objectPath } = await ticket();
    const file = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(DOCUMENT_MAX_BYTES - 100, 7)]);
    const put = await fetch(uploadURL, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(200);
    const res = await server.request("GET", objectPath, { cookie: await server.adminCookie() });
    expect(res.status).toBe(200);
    const back = Buffer.from(await res.arrayBuffer());
    expect(back.length).toBe(file.length);
    expect(createHash("sha256").update(back).digest("hex")).toBe(
      createHash("sha256").update(file).digest("hex"),
    );
    const row = await server.db
      .knex("objects")
      .where({ path: objectPath.slice("/objects/".length) })
      .first();
    expect(row).toMatchObject({ content_type: "image/png", size: String(file.length) });
  });
});
