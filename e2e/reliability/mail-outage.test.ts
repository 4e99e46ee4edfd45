/**
 * Mail server down for a while.
 *
 * Proves: booking mails are never lost when the mail server is down. The
 * server (a child process) has SMTP_URL pointing at a port where nothing
 * listens; three bookings are made, each queueing a confirmation to the
 * customer and a notice to the business in the database-backed mail outbox.
 * A few seconds later a real SMTP server starts on that port, and within the
 * outbox's backoff (first retry after 5 s, doubling) every mail arrives,
 * each customer's confirmation exactly once and one notice per booking.
 */
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { SERVER_DATABASE_URL } from "../src/env";
import {
  bookingBody,
  createPostgresDatabase,
  daysFromToday,
  listCars,
  sendJson,
  uploadDocumentSets,
} from "./support/api";
import { freePort, sleep, startServer, type ServerProcess } from "./support/server-process";

const customers = [1, 2, 3].map((n) => ({
  fullName: `Mail Outage ${n}`,
  email: `mail.outage${n}@example.ph`,
}));

type Received = { to: string[]; subject: string };

let dataDir: string;
let smtpPort: number;
let server: ServerProcess;
let postgres: { url: string; drop(): Promise<void> } | undefined;
let sink: SMTPServer | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-mail-"));
  postgres = SERVER_DATABASE_URL ? await createPostgresDatabase(SERVER_DATABASE_URL) : undefined;
  smtpPort = await freePort();
  server = await startServer({
    port: await freePort(),
    dataDir,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
  });
});

afterAll(async () => {
  await server?.stop();
  if (sink) await new Promise<void>((resolve) => sink?.close(() => resolve()));
  await postgres?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A real SMTP server that keeps what it is handed. */
async function startSink(port: number, received: Received[]): Promise<SMTPServer> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? "";
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject });
        callback();
      });
    },
  });
  smtp.listen(port, "127.0.0.1");
  await once(smtp.server, "listening");
  return smtp;
}

describe("the mail server is down while bookings are made", () => {
  it("delivers every queued mail exactly once after the mail server comes back", async () => {
    const cars = await listCars(server.url);
    // A document set per booking: a set belongs to one booking (release 2 A3).
    const documents = await uploadDocumentSets(server.url, customers.length);
    for (const [n, customer] of customers.entries()) {
      const car = cars[n];
      if (!car) throw new Error("not enough cars");
      const res = await sendJson(
        server.url,
        "POST",
        routes.createBooking.path,
        bookingBody(car, daysFromToday(20), daysFromToday(22), customer, documents[n]),
      );
      expect(res.status, await res.clone().text()).toBe(201);
    }

    // Let the outbox fail at least once against the closed port.
    await sleep(6_000);
    const received: Received[] = [];
    sink = await startSink(smtpPort, received);
    const sinkStartedAt = Date.now();

    const addressed = (address: string) => received.filter((mail) => mail.to.includes(address));
    const expectedTotal = customers.length * 2;
    while (received.length < expectedTotal && Date.now() - sinkStartedAt < 45_000) await sleep(250);
    // Wait one more delivery round: nothing is sent twice.
    await sleep(6_000);

    console.info(
      `mail outage: all ${received.length} mails delivered ${Date.now() - sinkStartedAt - 6_000} ms after the mail server started`,
    );
    for (const customer of customers) {
      expect(addressed(customer.email), server.output()).toHaveLength(1);
    }
    // The rest are the notices to the business (config BUSINESS_EMAIL), one per booking.
    const notices = received.filter(
      (mail) => !customers.some((customer) => mail.to.includes(customer.email)),
    );
    expect(notices).toHaveLength(customers.length);
    expect(new Set(notices.flatMap((mail) => mail.to)).size).toBe(1);
    expect(received).toHaveLength(expectedTotal);
  });
});
