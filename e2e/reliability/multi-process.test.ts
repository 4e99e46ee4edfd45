/**
 * Several server processes on one PostgreSQL database (release-2 §B3).
 *
 * Two real server processes (`sync-server/src/main.ts`) are started at the
 * same moment on one fresh database of a private PostgreSQL, without
 * ADMIN_PASSWORD, with one slow SMTP server and a mail claim lease shorter
 * than a delivery round. Proves: the generated admin password is created and
 * printed by exactly one of them; a booking race split across both has exactly
 * one winner; wrong passwords count against one shared limit; a booking made
 * through one shows in the other's (cached) booked dates within 1 s, and a car
 * changed through one in the other's fleet snapshot (GET /api/cars); every
 * mail is sent exactly once although sending all of them outlasts the lease;
 * WEB_CONCURRENCY=2 serves from two workers on PostgreSQL and is refused on
 * the embedded database.
 */
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { bookingBody, daysFromToday, listCars, sendJson, uploadDocuments } from "./support/api";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";
import { freePort, sleep, spawnServer, startServer, type ServerProcess } from "./support/server-process";

/** Each mail takes this long to be accepted; with the lease below, one process's round of them outlasts its claim. */
const SMTP_DELAY_MS = 400;
const MAIL_CLAIM_LEASE_MS = 1_500;
const GENERATED = "generated now and shown only once";

type Received = { to: string; subject: string; messageId: string };

let postgres: PrivatePostgres;
let databaseUrl: string;
let dataDirs: string[] = [];
let servers: ServerProcess[] = [];
let sink: SMTPServer;
const received: Received[] = [];

async function startSlowSink(port: number): Promise<SMTPServer> {
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
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(","),
            subject: /^Subject: (.*)$/im.exec(raw)?.[1] ?? "",
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1] ?? "",
          });
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  smtp.listen(port, "127.0.0.1");
  await once(smtp.server, "listening");
  return smtp;
}

async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase("multi");
  const smtpPort = await freePort();
  sink = await startSlowSink(smtpPort);
  dataDirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), "car-rental-multi-"))));
  const started = await Promise.all(
    dataDirs.map(async (dataDir) =>
      spawnServer({
        port: await freePort(),
        dataDir,
        databaseUrl,
        adminPassword: "",
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        env: { MAIL_CLAIM_LEASE_MS: String(MAIL_CLAIM_LEASE_MS), BACKUP_KEEP: "0" },
      }),
    ),
  );
  await Promise.all(started.map((server) => server.healthy()));
  servers = started;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (sink) await new Promise<void>((resolve) => sink.close(() => resolve()));
  await postgres?.destroy();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const [first, second] = [() => servers[0] as ServerProcess, () => servers[1] as ServerProcess];

describe("two server processes on one PostgreSQL database", () => {
  it("creates and prints the generated admin password exactly once", async () => {
    // The banner follows `listening`; give the pipes a moment to deliver it.
    const deadline = Date.now() + 5_000;
    while (!servers.some((server) => server.output().includes(GENERATED)) && Date.now() < deadline)
      await sleep(100);
    await sleep(500);
    const printed = servers.filter((server) => server.output().includes(GENERATED));
    expect(printed, servers.map((s) => s.output()).join("\n---\n")).toHaveLength(1);
    const rows = await query<{ n: string }>(
      "select count(*) as n from app_settings where key like '%password%'",
    );
    expect(rows[0]?.n).toBe("1");
  });

  it("generates the Web Push keys at first start, one pair for both processes (release-2 D4)", async () => {
    // Stored before anyone asked for them: no request has touched push yet.
    const rows = await query<{ value: string }>("select value from app_settings where key = 'vapid_keys'");
    expect(rows).toHaveLength(1);
    const stored = JSON.parse(rows[0]?.value ?? "{}") as { publicKey?: string };
    expect(stored.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it("lets exactly one of a booking race split across both processes win", async () => {
    const [car] = await listCars(first().url);
    if (!car) throw new Error("no car");
    const pickup = daysFromToday(40);
    const ret = daysFromToday(43);
    // The documents each booking requires (release-2 A4), uploaded before the race.
    const documents = await Promise.all(Array.from({ length: 8 }, () => uploadDocuments(first().url)));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        sendJson(
          (n % 2 === 0 ? first() : second()).url,
          "POST",
          routes.createBooking.path,
          bookingBody(
            car,
            pickup,
            ret,
            { fullName: `Race Driver ${n}`, email: `race${n}@example.ph` },
            documents[n],
          ),
        ),
      ),
    );
    // Every status, so a failure shows what the losers got (a 503, a 429…), not only how many were not 409.
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it("shows a booking made through one process in the other's booked dates within 1 second", async () => {
    const cars = await listCars(second().url);
    const car = cars[3];
    if (!car) throw new Error("no car");
    const path = routes.carBookedDates.path.replace(":id", car.id);
    const before = await fetch(second().url + path);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual([]); // now cached by the second process
    const pickup = daysFromToday(50);
    const res = await sendJson(
      first().url,
      "POST",
      routes.createBooking.path,
      bookingBody(
        car,
        pickup,
        daysFromToday(52),
        { fullName: "Visible Elsewhere", email: "visible@example.ph" },
        await uploadDocuments(first().url),
      ),
    );
    expect(res.status).toBe(201);
    const madeAt = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - madeAt < 3_000) {
      const ranges: { start: string }[] = await (await fetch(second().url + path)).json();
      if (ranges.some((range) => range.start === pickup)) {
        seenAfter = Date.now() - madeAt;
        break;
      }
      await sleep(50);
    }
    console.info(
      `multi-process: a booking made through one process showed through the other after ${seenAfter} ms`,
    );
    expect(seenAfter).toBeLessThan(1_000);
  });

  it("shows a car changed through one process in the other's GET /api/cars (its snapshot) within 1 second", async () => {
    // Before the wrong-password test below uses up the shared sign-in limit.
    // The process that generated it prints it; the other says it uses the password "printed at first start".
    const printer = servers.find((server) => server.output().includes(GENERATED));
    const password = /with the password (\S+)\s+\(generated now/.exec(printer?.output() ?? "")?.[1];
    if (!password) throw new Error("no generated admin password printed");
    const login = await sendJson(first().url, "POST", routes.adminLogin.path, { password });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const [car] = await listCars(second().url); // the second process now holds its snapshot
    if (!car) throw new Error("no car");
    const before = await fetch(`${second().url}/api/cars`);
    const etag = before.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    await before.arrayBuffer();
    const put = await sendJson(
      first().url,
      "PUT",
      routes.updateCar.path.replace(":id", car.id),
      { dailyRate: 7654 },
      { Cookie: cookie, Origin: first().url },
    );
    expect(put.status, await put.clone().text()).toBe(200);
    const madeAt = Date.now();
    let seenAfter = Number.POSITIVE_INFINITY;
    while (Date.now() - madeAt < 3_000) {
      const res = await fetch(`${second().url}/api/cars`, { headers: { "If-None-Match": etag } });
      if (res.status === 200) {
        const cars: { id: string; dailyRate: string }[] = await res.json();
        if (cars.find((c) => c.id === car.id)?.dailyRate === "7654.00") {
          expect(res.headers.get("etag")).not.toBe(etag);
          seenAfter = Date.now() - madeAt;
          break;
        }
      } else {
        await res.arrayBuffer();
      }
      await sleep(50);
    }
    console.info(
      `multi-process: a car changed through one process showed through the other after ${seenAfter} ms`,
    );
    expect(seenAfter).toBeLessThan(1_000);
  });

  it("counts wrong passwords against one limit shared by both processes", async () => {
    const tryLogin = (server: ServerProcess) =>
      sendJson(server.url, "POST", routes.adminLogin.path, { password: "not the password" });
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await tryLogin(n % 2 === 0 ? first() : second())).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // The eleventh attempt is refused by either process.
    expect((await tryLogin(first())).status).toBe(429);
    expect((await tryLogin(second())).status).toBe(429);
  });

  it("sends every mail exactly once although a round of them outlasts its claim", async () => {
    const cars = await listCars(first().url);
    for (let n = 0; n < 4; n += 1) {
      const car = cars[5 + n];
      if (!car) throw new Error("not enough cars");
      const res = await sendJson(
        (n % 2 === 0 ? first() : second()).url,
        "POST",
        routes.createBooking.path,
        bookingBody(
          car,
          daysFromToday(60),
          daysFromToday(62),
          { fullName: `Mail Once ${n}`, email: `mail.once${n}@example.ph` },
          await uploadDocuments((n % 2 === 0 ? first() : second()).url),
        ),
      );
      expect(res.status).toBe(201);
    }
    const queued = Number((await query<{ n: string }>("select count(*) as n from mail_outbox"))[0]?.n);
    // Sending them one after another takes longer than the lease (a claim of the whole batch would expire).
    expect(queued * SMTP_DELAY_MS).toBeGreaterThan(MAIL_CLAIM_LEASE_MS * 2);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const unsent = await query<{ n: string }>(
        "select count(*) as n from mail_outbox where sent_at is null",
      );
      if (unsent[0]?.n === "0") break;
      await sleep(250);
    }
    // Another lease and delivery round: nothing comes twice.
    await sleep(MAIL_CLAIM_LEASE_MS + 6_000);
    const keys = received.map((mail) => `${mail.to} ${mail.subject}`);
    expect(new Set(keys).size, keys.join("\n")).toBe(keys.length);
    expect(received).toHaveLength(queued);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("starts N workers sharing one port on PostgreSQL", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-cluster-"));
    const server = await startServer({
      port: await freePort(),
      dataDir,
      databaseUrl,
      env: { WEB_CONCURRENCY: "2", BACKUP_KEEP: "0" },
    });
    try {
      // The primary prints its banner once both workers listen.
      const deadline = Date.now() + 60_000;
      while (!server.output().includes("(2 worker processes)") && Date.now() < deadline) await sleep(100);
      expect(server.output()).toContain("(2 worker processes)");
      const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${server.url}/api/cars`)));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("is refused with a clear message on the embedded database", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-cluster-"));
    const server = spawnServer({ port: await freePort(), dataDir, env: { WEB_CONCURRENCY: "2" } });
    await server.exited();
    expect(server.exit()?.code).toBe(1);
    expect(server.output()).toContain(
      "WEB_CONCURRENCY=2 needs PostgreSQL (set DATABASE_URL): the embedded database serves one process only",
    );
    await rm(dataDir, { recursive: true, force: true });
  });
});
