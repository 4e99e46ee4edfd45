import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { TEST_NOW, startTestServer, type TestServer } from "../test-server";
import { createMailer } from "./mailer";
import {
  deliverDueMail,
  enqueueMail,
  enqueueMails,
  insertMailsSql,
  mailRetryDelayMs,
  MAIL_DAILY_LIMIT_PER_ADDRESS,
  MAIL_RETRY_MAX_MS,
} from "./mail-outbox";

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/** A real SMTP server that keeps every message it receives. */
async function startSmtpSink(
  port: number,
  /** Awaited before each message is accepted: a slow mail server. */
  beforeAccepting: () => Promise<void> = () => Promise.resolve(),
): Promise<{ received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void beforeAccepting().then(() => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(port, "127.0.0.1", () => resolve()));
  return { received, close: () => new Promise<void>((resolve) => sink.close(() => resolve())) };
}

const mail = {
  kind: "booking-confirmation",
  to: "maria.santos@example.com",
  subject: "Booking Confirmation 3F2A6C1E",
  text: "Thank you for booking with us.",
  html: "<p>Thank you for booking with us.</p>",
};

describe("mailRetryDelayMs", () => {
  it("doubles from 5 seconds and stops at 15 minutes", () => {
    expect(mailRetryDelayMs(1)).toBe(5_000);
    expect(mailRetryDelayMs(2)).toBe(10_000);
    expect(mailRetryDelayMs(3)).toBe(20_000);
    expect(mailRetryDelayMs(30)).toBe(MAIL_RETRY_MAX_MS);
  });
});

describe.each(testEngines())("mail outbox on %s", (engine) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  beforeAll(async () => {
    server = await startTestServer(engine, { seed: false });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.knex("mail_outbox").delete();
    server.clock.set(TEST_NOW);
  });
  afterEach(async () => {
    await sink?.close();
    sink = undefined;
  });
  /** The server's dependencies with a mailer that sends to a fresh SMTP sink, and what the sink received. */
  const withSmtpSink = async () => {
    const port = await freePort();
    sink = await startSmtpSink(port);
    const deps = {
      ...server.deps,
      mailer: createMailer({ ...server.deps.config, smtpUrl: `smtp://127.0.0.1:${port}` }),
    };
    return { deps, received: sink.received };
  };

  it("keeps a mail queued while the SMTP server is down, and delivers it once it is up", async () => {
    const port = await freePort();
    const mailer = createMailer({ ...server.deps.config, smtpUrl: `smtp://127.0.0.1:${port}` });
    const deps = { ...server.deps, mailer };
    expect(mailer.kind).toBe("smtp");
    const knex = server.db.knex;
    const id = await enqueueMail(knex, mail, server.clock.now());

    expect(await deliverDueMail(deps)).toBe(0);
    const failed = await knex("mail_outbox").where({ id }).first();
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.next_attempt_at.getTime()).toBe(server.clock.now().getTime() + 5_000);

    // Not due yet: nothing is tried before the backoff passes.
    expect(await deliverDueMail(deps)).toBe(0);
    expect((await knex("mail_outbox").where({ id }).first()).attempts).toBe(1);

    sink = await startSmtpSink(port);
    server.clock.advance(6_000);
    expect(await deliverDueMail(deps)).toBe(1);
    const sent = await knex("mail_outbox").where({ id }).first();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.last_error).toBeNull();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toContain("Subject: Booking Confirmation 3F2A6C1E");
    expect(sink.received[0]).toContain("To: maria.santos@example.com");

    server.clock.advance(60 * 60 * 1000);
    expect(await deliverDueMail(deps)).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it("sends each due mail once when two delivery rounds run side by side (each claim is one statement)", async () => {
    const { deps, received } = await withSmtpSink();
    const owner = server.deps.config.businessEmail;
    for (let i = 0; i < 12; i++)
      await enqueueMail(
        server.db.knex,
        { ...mail, to: owner, subject: `Side by side ${i}` },
        server.clock.now(),
        {
          ownerAddress: owner,
        },
      );
    const [first, second] = await Promise.all([deliverDueMail(deps), deliverDueMail(deps)]);
    expect((first ?? 0) + (second ?? 0)).toBe(12);
    const subjects = received.map((message) => /Subject: (Side by side \d+)/.exec(message)?.[1]);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
    expect(await server.db.knex("mail_outbox").whereNull("sent_at")).toHaveLength(0);
  });

  it("never sends a mail twice when its SMTP exchange outlasts the claim's lease: the sender renews it", async () => {
    const leaseMs = 300;
    let accept = () => {};
    const accepted = new Promise<void>((resolve) => (accept = resolve));
    let exchanging = () => {};
    const inExchange = new Promise<void>((resolve) => (exchanging = resolve));
    const port = await freePort();
    sink = await startSmtpSink(port, () => {
      exchanging();
      return accepted;
    });
    const deps = {
      ...server.deps,
      mailer: createMailer({ ...server.deps.config, smtpUrl: `smtp://127.0.0.1:${port}` }),
    };
    const knex = server.db.knex;
    const owner = server.deps.config.businessEmail;
    const id = await enqueueMail(knex, { ...mail, to: owner, subject: "Slow server" }, server.clock.now(), {
      ownerAddress: owner,
    });

    const firstRound = deliverDueMail(deps, leaseMs);
    await inExchange;
    // The exchange outlasts the lease many times over; the sender keeps renewing it.
    server.clock.advance(leaseMs * 10);
    const later = server.clock.now().getTime();
    await vi.waitFor(
      async () => {
        const row = await knex("mail_outbox").where({ id }).first();
        expect(row.next_attempt_at.getTime()).toBeGreaterThan(later);
      },
      { timeout: 5_000, interval: 50 },
    );
    // Another process's round finds nothing due.
    expect(await deliverDueMail(deps, leaseMs)).toBe(0);
    accept();
    expect(await firstRound).toBe(1);
    server.clock.advance(leaseMs * 10);
    expect(await deliverDueMail(deps, leaseMs)).toBe(0);
    expect(sink.received.filter((message) => message.includes("Subject: Slow server"))).toHaveLength(1);
    expect((await knex("mail_outbox").where({ id }).first()).sent_at).not.toBeNull();
  });

  it("sends the due mails of a round in the order they were queued", async () => {
    const { deps, received } = await withSmtpSink();
    const owner = server.deps.config.businessEmail;
    for (let i = 0; i < 23; i++)
      await enqueueMail(
        server.db.knex,
        { ...mail, to: owner, subject: `In order ${i}` },
        server.clock.now(),
        {
          ownerAddress: owner,
        },
      );
    expect(await deliverDueMail(deps)).toBe(23);
    const subjects = received.map((message) => /Subject: In order (\d+)/.exec(message)?.[1]);
    expect(subjects).toEqual(Array.from({ length: 23 }, (_, i) => String(i)));
  });

  it("writes .eml files under the data folder when no SMTP server is configured", async () => {
    expect(server.deps.mailer.kind).toBe("file");
    await enqueueMail(server.db.knex, mail, server.clock.now());
    await enqueueMail(server.db.knex, {
      ...mail,
      to: "bookings@alaminoscarrental.ph",
      subject: "New booking",
    });
    // The second one is due at the database's now; move past it whatever the real date is.
    server.clock.set(new Date(Math.max(Date.now(), server.clock.now().getTime()) + 60_000));
    expect(await deliverDueMail(server.deps)).toBe(2);
    const folder = path.join(server.dataDir, "mail");
    const files = (await readdir(folder)).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(2);
    const contents = await Promise.all(files.map((f) => readFile(path.join(folder, f), "utf8")));
    expect(contents.some((c) => c.includes("Subject: Booking Confirmation 3F2A6C1E"))).toBe(true);
    expect(
      contents.every((c) => c.includes("From: Alaminos Car Rental <no-reply@alaminoscarrental.ph>")),
    ).toBe(true);
    expect(await server.db.knex("mail_outbox").whereNull("sent_at").count({ n: "*" })).toEqual([{ n: "0" }]);
  });

  it("sends an address at most 5 mails a day (the rest are dropped, kept as suppressed); the owner gets every one", async () => {
    expect(MAIL_DAILY_LIMIT_PER_ADDRESS).toBe(5);
    const knex = server.db.knex;
    const owner = server.deps.config.businessEmail;
    const limits = { ownerAddress: owner };
    // Seven at once, the address spelled in two cases: the advisory lock lets only five through.
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        knex.transaction((trx) =>
          enqueueMail(
            trx,
            { ...mail, to: i % 2 ? "Victim@Example.com" : "victim@example.com" },
            server.clock.now(),
            limits,
          ),
        ),
      ),
    );
    for (let i = 0; i < 7; i++)
      await enqueueMail(knex, { ...mail, to: owner.toUpperCase() }, server.clock.now(), limits);
    const rows: { to_address: string; suppressed_at: Date | null }[] = await knex("mail_outbox").select(
      "to_address",
      "suppressed_at",
    );
    const toVictim = rows.filter((row) => row.to_address.toLowerCase() === "victim@example.com");
    expect(toVictim.filter((row) => row.suppressed_at === null)).toHaveLength(5);
    expect(toVictim.filter((row) => row.suppressed_at !== null)).toHaveLength(2);
    expect(
      rows.filter((row) => row.to_address === owner.toUpperCase() && row.suppressed_at === null),
    ).toHaveLength(7);

    // Delivery never sends a suppressed mail.
    expect(await deliverDueMail(server.deps)).toBe(12);
    expect(await deliverDueMail(server.deps)).toBe(0);

    // A day later the address may receive mail again.
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await enqueueMail(knex, { ...mail, to: "victim@example.com" }, server.clock.now(), limits);
    const latest = await knex("mail_outbox").orderBy("id", "desc").first<{ suppressed_at: Date | null }>();
    expect(latest.suppressed_at).toBeNull();
  });

  it("queues several mails in one call under the same limit, each counting for the next", async () => {
    const knex = server.db.knex;
    const owner = server.deps.config.businessEmail;
    const limits = { ownerAddress: owner };
    for (let i = 0; i < MAIL_DAILY_LIMIT_PER_ADDRESS - 1; i++)
      await enqueueMail(knex, { ...mail, to: "busy@example.com" }, server.clock.now(), limits);
    // One place left for busy@: the first of the call takes it, the second is dropped; the owner's always goes.
    const ids = await knex.transaction((trx) =>
      enqueueMails(
        trx,
        [
          { ...mail, subject: "first", to: "Busy@Example.com" },
          { ...mail, subject: "to the owner", to: owner },
          { ...mail, subject: "second", to: "busy@example.com" },
        ],
        server.clock.now(),
        limits,
      ),
    );
    expect(ids).toHaveLength(3);
    const rows: { id: string | number; subject: string; suppressed_at: Date | null }[] = await knex(
      "mail_outbox",
    ).whereIn("id", ids);
    const bySubject = new Map(rows.map((row) => [row.subject, row]));
    expect(ids.map(String)).toEqual(
      ["first", "to the owner", "second"].map((subject) => String(bySubject.get(subject)?.id)),
    );
    expect(bySubject.get("first")?.suppressed_at).toBeNull();
    expect(bySubject.get("to the owner")?.suppressed_at).toBeNull();
    expect(bySubject.get("second")?.suppressed_at).not.toBeNull();
  });

  it("keeps both of two mails in one call to an address with two places left, and drops a third", async () => {
    const knex = server.db.knex;
    const limits = { ownerAddress: server.deps.config.businessEmail };
    for (let i = 0; i < MAIL_DAILY_LIMIT_PER_ADDRESS - 2; i++)
      await enqueueMail(knex, { ...mail, to: "twice@example.com" }, server.clock.now(), limits);
    const ids = await enqueueMails(
      knex,
      [
        { ...mail, subject: "one", to: "twice@example.com" },
        { ...mail, subject: "two", to: "Twice@example.com" },
        { ...mail, subject: "three", to: "twice@example.com" },
      ],
      server.clock.now(),
      limits,
    );
    const rows: { id: string | number; subject: string; suppressed_at: Date | null }[] = await knex(
      "mail_outbox",
    ).whereIn("id", ids);
    const kept = (subject: string) => rows.find((row) => row.subject === subject)?.suppressed_at === null;
    expect([kept("one"), kept("two"), kept("three")]).toEqual([true, true, false]);
  });

  it("stores mails to different addresses in one statement, and refuses to build one for an address named twice", () => {
    expect(() =>
      insertMailsSql([
        { ...mail, to: "a@example.com" },
        { ...mail, to: "A@example.com" },
      ]),
    ).toThrow(/different limited addresses/);
    expect(() =>
      insertMailsSql(
        [
          { ...mail, to: "owner@example.com" },
          { ...mail, to: "owner@example.com" },
        ],
        undefined,
        { ownerAddress: "owner@example.com" },
      ),
    ).not.toThrow();
  });
});
