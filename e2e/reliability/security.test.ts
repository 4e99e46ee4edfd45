/**
 * Security checks of the product's public surface, as one suite.
 *
 * Proves:
 * - every admin route of the shared route table, and a private document
 *   object, answers 401 (with `{error: {code, message}}`) without a session,
 *   with a forged cookie, and with a session that expired (the clock moved 8
 *   days ahead: sessions last 7 days), while the same calls work with a live session;
 * - a cross-origin mutation carrying the admin's session cookie
 *   (`Origin: http://evil.example`, or `Sec-Fetch-Site: cross-site`) is refused
 *   with 403 and changes nothing;
 * - an upload URL is good for one PUT only, and not after it expired (16
 *   minutes later); a refused upload stores nothing;
 * - repeated wrong passwords get 429, and then even the right one does.
 * - 60 wrong passwords sent at once from one address, to a real server
 *   process (PGlite, and PostgreSQL when DATABASE_URL is set), get at most
 *   10 answers 401 and the rest 429, also with an Idempotency-Key and under
 *   another spelling of the path (release-2 A1);
 * - a configured ADMIN_PASSWORD shorter than 12 characters stops the server
 *   process at start with a clear message and exit code 1 (release-2 A2).
 *
 * In-process real server (`startTestServer('pglite')`) with a movable clock,
 * and real server processes on ports 4411–4413.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, routes, type RouteName } from "@car-rental/shared/api";
import {
  startTestServer,
  TEST_ADMIN_PASSWORD,
  TEST_NOW,
  type TestServer,
} from "@car-rental/sync-server/test-server";
import { uploadResponseSchema } from "@car-rental/shared/schemas/upload";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { childProcessEnv, SERVER_DATABASE_URL } from "../src/env";
import { createPostgresDatabase, errorBodySchema, listCars } from "./support/api";
import { ADMIN_PASSWORD, repoRoot, startServer, type ServerProcess } from "./support/server-process";

const DAY_MS = 24 * 60 * 60 * 1000;
const EVIL = "http://evil.example";
/** A real (tiny) PNG: the server checks magic numbers. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer("pglite");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const routeNames = Object.keys(routes).filter((name): name is RouteName => name in routes);
const adminRouteNames = routeNames.filter((name) => routes[name].auth === "admin");

/** A plausible call of each admin route (a well-formed body where it takes one). */
function adminCall(name: RouteName, id: string): { method: string; path: string; body?: unknown } {
  const route = routes[name];
  const path: string = route.path.includes(":id") ? buildPath(route.path, { id }) : route.path;
  const bodies: Partial<Record<RouteName, unknown>> = {
    createCar: { name: "Intruder Car", category: "Compact Sedan", dailyRate: "1500.00" },
    updateCar: { name: "Intruder Car", category: "Compact Sedan", dailyRate: "1.00" },
    createCustomer: { fullName: "Intruder", email: "intruder@example.ph", phone: "09171234567" },
    updateCustomer: { fullName: "Intruder", email: "intruder@example.ph", phone: "09171234567" },
    createAdminBooking: {
      customerEmail: "intruder@example.ph",
      customerName: "Intruder",
      carName: "Any",
      pickupDate: "2026-12-20",
      returnDate: "2026-12-21",
      total: "1.00",
    },
    updateBookingStatus: { status: "cancelled" },
    addPayment: { amount: "1.00" },
    blockName: { fullName: "Innocent Customer" },
  };
  const body = bodies[name];
  return { method: route.method, path, ...(body === undefined ? {} : { body }) };
}

async function uploadDocument(cookie?: string): Promise<string> {
  const ticketRes = await server.request("POST", routes.requestUpload.path, {
    body: { purpose: "document", contentType: "image/png", size: PNG.length },
    ...(cookie ? { cookie } : {}),
  });
  expect(ticketRes.status).toBe(200);
  const ticket = uploadResponseSchema.parse(await ticketRes.json());
  const put = await fetch(ticket.uploadURL, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: PNG,
  });
  expect(put.status).toBeLessThan(300);
  return ticket.objectPath;
}

async function expectUnauthorized(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(401);
  expect(errorBodySchema.parse(JSON.parse(text)).error.code, what).toBe("UNAUTHORIZED");
}

/** Counts of the rows an intruder would want to change. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["cars", "customers", "bookings", "payments", "blocked_names", "objects"]) {
    const [row]: { count: string | number }[] = await server.db.knex(table).count({ count: "*" });
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}

describe("admin routes and private documents need a live session", () => {
  it("covers every admin route of the route table", () => {
    expect(adminRouteNames.length).toBeGreaterThanOrEqual(14);
  });

  it("answers 401 without a session, with a forged cookie and with an expired one, and changes nothing", async () => {
    const cookie = await server.adminCookie();
    const cars = await listCars(server.url);
    const carId = cars[0]?.id ?? "";
    const document = await uploadDocument();
    const withSession = await server.request("GET", document, { cookie });
    expect(withSession.status).toBe(200);
    expect(Buffer.from(await withSession.arrayBuffer()).equals(PNG)).toBe(true);
    const before = await rowCounts();

    const attempts: { label: string; cookie?: string }[] = [
      { label: "no session" },
      { label: "forged cookie", cookie: "admin_session=forged-token-value" },
    ];
    for (const attempt of attempts) {
      for (const name of adminRouteNames) {
        const call = adminCall(name, carId);
        const res = await server.request(call.method, call.path, {
          ...(call.body === undefined ? {} : { body: call.body }),
          ...(attempt.cookie ? { cookie: attempt.cookie } : {}),
        });
        await expectUnauthorized(res, `${attempt.label}: ${call.method} ${call.path}`);
      }
      const res = await server.request("GET", document, attempt.cookie ? { cookie: attempt.cookie } : {});
      await expectUnauthorized(res, `${attempt.label}: GET ${document}`);
    }

    // Eight days later the week-long session has expired.
    server.clock.advance(8 * DAY_MS);
    try {
      for (const name of adminRouteNames) {
        const call = adminCall(name, carId);
        const res = await server.request(call.method, call.path, {
          cookie,
          ...(call.body === undefined ? {} : { body: call.body }),
        });
        await expectUnauthorized(res, `expired session: ${call.method} ${call.path}`);
      }
      await expectUnauthorized(
        await server.request("GET", document, { cookie }),
        `expired session: GET ${document}`,
      );
      const session = await server.request("GET", routes.adminSession.path, { cookie });
      expect(session.status).toBeLessThan(500);
      expect(await session.text()).not.toMatch(/"authenticated":\s*true/);
    } finally {
      server.clock.set(TEST_NOW);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe("cross-site requests", () => {
  it("refuses a cross-origin mutation that carries the session cookie, and changes nothing", async () => {
    const cookie = await server.adminCookie();
    const before = await rowCounts();
    const cars = await listCars(server.url);
    const carId = cars[0]?.id ?? "";
    const cases: { name: RouteName; headers: Record<string, string>; contentType?: string }[] = [
      { name: "createCar", headers: { Origin: EVIL } },
      { name: "updateCar", headers: { Origin: EVIL } },
      { name: "deleteCar", headers: { Origin: EVIL } },
      { name: "blockName", headers: { Origin: EVIL } },
      { name: "createCustomer", headers: { Origin: EVIL } },
      // A "simple" request a form on another site can send without a CORS preflight.
      { name: "createCar", headers: { Origin: EVIL }, contentType: "text/plain" },
      { name: "createCar", headers: { "Sec-Fetch-Site": "cross-site" } },
      { name: "adminLogout", headers: { Origin: EVIL } },
    ];
    for (const c of cases) {
      const call = adminCall(c.name, carId);
      const res = await server.request(call.method, call.path, {
        cookie,
        headers: { ...c.headers, ...(c.contentType ? { "Content-Type": c.contentType } : {}) },
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      const text = await res.text();
      const what = `${call.method} ${call.path} ${JSON.stringify(c.headers)}: ${text}`;
      expect(res.status, what).toBe(403);
      expect(errorBodySchema.parse(JSON.parse(text)).error.code, what).toBe("FORBIDDEN_ORIGIN");
    }
    expect(await rowCounts()).toEqual(before);
    // The session survived the refused cross-site logout, and same-site calls still work.
    const session = await server.request("GET", routes.listAdminCars.path, {
      cookie,
      headers: { Origin: server.url },
    });
    expect(session.status).toBe(200);
  });
});

describe("upload URLs", () => {
  it("are good for one PUT only", async () => {
    const ticketRes = await server.request("POST", routes.requestUpload.path, {
      body: { purpose: "document", contentType: "image/png", size: PNG.length },
    });
    const ticket = uploadResponseSchema.parse(await ticketRes.json());
    const first = await fetch(ticket.uploadURL, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: PNG,
    });
    expect(first.status).toBeLessThan(300);
    // The same URL again, with other (valid) bytes: refused, the first file stays.
    const other = Buffer.concat([PNG, Buffer.from("trailing bytes")]);
    const second = await fetch(ticket.uploadURL, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: other,
    });
    const text = await second.text();
    expect(second.status, text).toBeGreaterThanOrEqual(400);
    expect(second.status, text).toBeLessThan(500);
    expect(errorBodySchema.safeParse(JSON.parse(text)).success).toBe(true);
    const stored = await server.request("GET", ticket.objectPath, { cookie: await server.adminCookie() });
    expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("cannot be used after they expired (16 minutes later), and store nothing then", async () => {
    const ticketRes = await server.request("POST", routes.requestUpload.path, {
      body: { purpose: "document", contentType: "image/png", size: PNG.length },
    });
    const ticket = uploadResponseSchema.parse(await ticketRes.json());
    server.clock.advance(16 * 60 * 1000);
    try {
      const late = await fetch(ticket.uploadURL, {
        method: "PUT",
        headers: { "Content-Type": "image/png" },
        body: PNG,
      });
      const text = await late.text();
      expect(late.status, text).toBe(410);
      expect(errorBodySchema.parse(JSON.parse(text)).error.code).toBe("UPLOAD_EXPIRED");
      const stored = await server.request("GET", ticket.objectPath, { cookie: await server.adminCookie() });
      expect(stored.status).toBe(404);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });
});

describe("login brute force", () => {
  it("gets 429 after repeated wrong passwords, even for the right password then", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 15; n++) {
      const res = await server.request("POST", routes.adminLogin.path, { body: { password: `guess-${n}` } });
      statuses.push(res.status);
      const body = errorBodySchema.parse(await res.json());
      if (res.status === 429) {
        expect(body.error.code).toBe("TOO_MANY_REQUESTS");
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const right = await server.request("POST", routes.adminLogin.path, {
      body: { password: TEST_ADMIN_PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(
      right.headers.getSetCookie().some((c) => c.startsWith("admin_session=") && !/admin_session=;/.test(c)),
    ).toBe(false);
  });
});

const processEngines: { engine: "pglite" | "postgres"; port: number }[] = [
  { engine: "pglite", port: 4411 },
  ...(SERVER_DATABASE_URL ? [{ engine: "postgres" as const, port: 4412 }] : []),
];

describe.each(processEngines)(
  "parallel password guessing against a server process on $engine",
  ({ engine, port }) => {
    let dataDir: string;
    let postgres: { url: string; drop(): Promise<void> } | undefined;
    let proc: ServerProcess;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-guessing-"));
      postgres =
        engine === "postgres" && SERVER_DATABASE_URL
          ? await createPostgresDatabase(SERVER_DATABASE_URL)
          : undefined;
      proc = await startServer({ port, dataDir, ...(postgres ? { databaseUrl: postgres.url } : {}) });
    }, 120_000);
    afterAll(async () => {
      await proc?.stop();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("answers at most 10 of 60 simultaneous wrong passwords with 401 and the rest with 429", async () => {
      // Some in another spelling of the path and half with the header that once slipped past the
      // count (hole 1): every spelling is the same path (release 2 A1), so all 60 count together.
      const attempts = Array.from({ length: 60 }, (_, n) =>
        fetch(`${proc.url}${["/api/admin/session", "/api/admin/session/", "/API//Admin/Session"][n % 3]}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(n % 2 === 0 ? { "Idempotency-Key": `parallel-guess-${n}-${Date.now()}` } : {}),
          },
          body: JSON.stringify({ password: `wrong-guess-${n}` }),
        }).then(async (res) => {
          await res.body?.cancel();
          return res.status;
        }),
      );
      const statuses = await Promise.all(attempts);
      const unauthorized = statuses.filter((s) => s === 401).length;
      const limited = statuses.filter((s) => s === 429).length;
      expect(unauthorized).toBeLessThanOrEqual(10);
      expect(unauthorized + limited).toBe(60);
      // The address is locked now, even for the right password.
      const right = await fetch(`${proc.url}/api/admin/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password: ADMIN_PASSWORD }),
      });
      await right.body?.cancel();
      expect(right.status).toBe(429);
    });
  },
);

describe("a short ADMIN_PASSWORD", () => {
  it("stops the server process at start with a clear message and exit code 1", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-short-password-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "sync-server/src/main.ts"], {
        cwd: repoRoot,
        env: childProcessEnv({
          PORT: "4413",
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          ADMIN_PASSWORD: "short-pass1",
          PWA_DIST: path.join(dataDir, "no-pwa"),
        }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, "exit")) as [number | null];
      expect(code, output).toBe(1);
      expect(output).toContain("ADMIN_PASSWORD is too short: it has 11 characters and must have at least 12");
      expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
      // Nothing answers on its port.
      await expect(fetch("http://127.0.0.1:4413/api/health")).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
