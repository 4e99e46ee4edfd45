import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { contactMessageRecordSchema, type ContactMessageRecord } from "@car-rental/shared/schemas/contact";
import { startTestServer, type TestServer } from "../../test-server";

const storedSchema = z.object({ ok: z.literal(true), id: z.string() });

describe.each(testEngines())("the admin's contact messages on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  /** The ids of the messages sent, oldest first. */
  const sent: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    for (let i = 1; i <= 4; i++) {
      server.clock.advance(60_000);
      const res = await server.request("POST", "/api/contact", {
        body: {
          firstName: "Liza",
          lastName: `Visitor ${i}`,
          email: `liza${i}@example.ph`,
          phone: i === 1 ? "" : "09171112222",
          subject: i === 1 ? "" : "VIP Booking",
          message: `Message number ${i}`,
        },
      });
      expect(res.status).toBe(201);
      sent.push(storedSchema.parse(await res.json()).id);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = async (query = ""): Promise<ContactMessageRecord[]> => {
    const res = await server.request("GET", `/api/admin/messages${query}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return contactMessageRecordSchema.array().parse(await res.json());
  };

  it("lists the messages newest first, as the visitors sent them", async () => {
    const messages = await list();
    expect(messages.map((m) => m.id)).toEqual([...sent].reverse());
    expect(messages[0]).toEqual({
      id: sent[3],
      firstName: "Liza",
      lastName: "Visitor 4",
      email: "liza4@example.ph",
      phone: "09171112222",
      subject: "VIP Booking",
      message: "Message number 4",
      createdAt: expect.any(String),
    });
    expect(messages[3]).toMatchObject({ phone: null, subject: null, message: "Message number 1" });
  });

  it("reads them a page at a time", async () => {
    expect((await list("?limit=2")).map((m) => m.id)).toEqual([sent[3], sent[2]]);
    expect((await list("?limit=2&offset=2")).map((m) => m.id)).toEqual([sent[1], sent[0]]);
    expect(await list("?limit=2&offset=4")).toEqual([]);
  });

  it("refuses a page size it does not serve", async () => {
    for (const query of ["?limit=0", "?limit=101", "?offset=-1", "?limit=two"]) {
      const res = await server.request("GET", `/api/admin/messages${query}`, { cookie });
      expect(res.status, query).toBe(400);
    }
  });

  it("reads one message, and answers 404 for one that does not exist", async () => {
    const res = await server.request("GET", `/api/admin/messages/${sent[1]}`, { cookie });
    expect(res.status).toBe(200);
    expect(contactMessageRecordSchema.parse(await res.json())).toMatchObject({
      id: sent[1],
      lastName: "Visitor 2",
    });
    for (const id of [randomUUID(), "not-an-id"]) {
      const missing = await server.request("GET", `/api/admin/messages/${id}`, { cookie });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });

  it("is the admin's alone", async () => {
    expect((await server.request("GET", "/api/admin/messages")).status).toBe(401);
    expect((await server.request("GET", `/api/admin/messages/${sent[0]}`)).status).toBe(401);
  });

  it("announces each message with a notification that opens it", async () => {
    const pushes = await server.db.knex("push_outbox").where({ kind: "contact-message" }).orderBy("id");
    expect(pushes.map((row: { message: { url: string } }) => row.message.url)).toEqual(
      sent.map((id) => `/admin/messages/${id}`),
    );
  });
});
