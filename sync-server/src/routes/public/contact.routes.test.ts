import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { CONTACT_RATE_LIMIT } from "../../services/contact/contact.service";
import { startTestServer, type TestServer } from "../../test-server";
import { errorOf } from "./booking-test-helpers";

const storedSchema = z.object({ ok: z.literal(true), id: z.string(), createdAt: z.string() });

const message = {
  firstName: "Liza",
  lastName: "Soberano",
  email: "liza@example.ph",
  phone: "09171112222",
  subject: "VIP Booking",
  message: "Do you have a van with a driver for 12 people next weekend?",
};

describe.each(testEngines())("contact messages (%s)", (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores the message and queues a notice to the business in one go", async () => {
    const res = await server.request("POST", "/api/contact", { body: message });
    expect(res.status).toBe(201);
    const body = storedSchema.parse(await res.json());
    expect(body).toEqual({ ok: true, id: expect.any(String), createdAt: "2026-11-21T01:30:00.000Z" });
    const stored = await server.db.knex("contact_messages").where({ id: body.id }).first();
    expect(stored).toMatchObject({
      first_name: "Liza",
      last_name: "Soberano",
      email: "liza@example.ph",
      phone: "09171112222",
      subject: "VIP Booking",
      message: message.message,
    });
    const mails = await server.db.knex("mail_outbox").where({ kind: "contact-notice" });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: server.deps.config.businessEmail });
    expect(mails[0]?.text_body).toContain(message.message);
  });

  it("refuses a key it does not know, naming it, and stores nothing", async () => {
    const before = await server.db.knex("contact_messages").count<{ n: string }[]>("* as n");
    const res = await server.request("POST", "/api/contact", {
      body: { ...message, newsletter: true },
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { message: string } };
    expect(answer.error.message).toBe('Unrecognized key: "newsletter"');
    expect(await server.db.knex("contact_messages").count<{ n: string }[]>("* as n")).toEqual(before);
  });

  it("takes phone and subject as optional", async () => {
    const res = await server.request("POST", "/api/contact", {
      body: { ...message, phone: "", subject: "" },
    });
    expect(res.status).toBe(201);
    const stored = await server.db
      .knex("contact_messages")
      .where({ id: storedSchema.parse(await res.json()).id })
      .first();
    expect(stored).toMatchObject({ phone: null, subject: null });
  });

  it("refuses missing required fields with the spec's sentence and stores nothing", async () => {
    const before = await server.db.knex("contact_messages").count<{ n: string }[]>("* as n");
    for (const [field, text] of [
      ["firstName", "Required"],
      ["lastName", "Required"],
      ["message", "Required"],
      ["email", "Valid email is required"],
    ] as const) {
      const { [field]: _left, ...without } = message;
      for (const body of [{ ...message, [field]: "  " }, { ...message, [field]: null }, without]) {
        const res = await server.request("POST", "/api/contact", { body });
        expect(res.status, field).toBe(400);
        const answer: unknown = await res.json();
        expect(answer, field).toMatchObject({
          error: {
            code: "VALIDATION_FAILED",
            message: "Please fill in all required fields.",
            details: { fields: { [field]: [text] } },
          },
          code: "VALIDATION_FAILED",
          message: "Please fill in all required fields.",
        });
      }
    }
    const empty = await server.request("POST", "/api/contact", { body: {} });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Please fill in all required fields.");
    // Given but malformed keeps its own message.
    const badEmail = await server.request("POST", "/api/contact", { body: { ...message, email: "liza" } });
    expect(badEmail.status).toBe(400);
    expect((await errorOf(badEmail)).message).toBe("Valid email is required");
    const unknownTopic = await server.request("POST", "/api/contact", {
      body: { ...message, subject: "Spam" },
    });
    expect(unknownTopic.status).toBe(400);
    expect((await errorOf(unknownTopic)).message).not.toBe("Please fill in all required fields.");
    const after = await server.db.knex("contact_messages").count<{ n: string }[]>("* as n");
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("limits the messages per client address (429 with Retry-After)", async () => {
    // Fill this address's current window to the limit.
    await server.db
      .knex("rate_limits")
      .where("key", "like", "contact:%")
      .update({ count: CONTACT_RATE_LIMIT.limit });
    const res = await server.request("POST", "/api/contact", { body: message });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await errorOf(res)).code).toBe("TOO_MANY_REQUESTS");
  });
});
