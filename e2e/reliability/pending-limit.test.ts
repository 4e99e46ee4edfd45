/**
 * Nobody holds the fleet hostage (release 2 A4), under real parallel load.
 *
 * Proves: one e-mail address (any letter case) and one phone number (any
 * spelling) never hold more than 2 pending bookings, even when many bookings
 * for them arrive at the same moment — on PostgreSQL through two server
 * processes sharing the database (the advisory lock per contact lives in the
 * database, not in a process). Without DATABASE_URL, one process on PGlite.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { SERVER_DATABASE_URL } from "../src/env";
import {
  bookingBody,
  createPostgresDatabase,
  daysFromToday,
  errorBodySchema,
  listCars,
  sendJson,
  uploadDocumentSets,
} from "./support/api";
import { freePort, startServer, type ServerProcess } from "./support/server-process";

const PARALLEL = 12;

let dataDirs: string[] = [];
let servers: ServerProcess[] = [];
let postgres: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  postgres = SERVER_DATABASE_URL ? await createPostgresDatabase(SERVER_DATABASE_URL) : undefined;
  const processes = postgres ? 2 : 1;
  for (let i = 0; i < processes; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "car-rental-pending-"));
    dataDirs.push(dataDir);
    // Sequential starts: the first one migrates, the second finds nothing left to do.
    servers.push(
      await startServer({
        port: await freePort(),
        dataDir,
        // Every request comes from 127.0.0.1: this test is about contacts, not addresses.
        rateLimitScale: 10,
        ...(postgres ? { databaseUrl: postgres.url } : {}),
      }),
    );
  }
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await postgres?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  servers = [];
  dataDirs = [];
});

/** Sends `PARALLEL` bookings at once, spread over the servers, each on its own week. */
async function burst(
  firstWeek: number,
  contact: (n: number) => { fullName: string; email: string; phone: string },
): Promise<number[]> {
  const first = servers[0];
  if (!first) throw new Error("no server");
  const cars = await listCars(first.url);
  const car = cars[0];
  if (!car) throw new Error("no cars");
  // A document set per booking (a set belongs to one booking), uploaded before the burst.
  const documents = await uploadDocumentSets(first.url, PARALLEL);
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, n) => {
      const server = servers[n % servers.length] ?? first;
      const week = firstWeek + n;
      return sendJson(
        server.url,
        "POST",
        routes.createBooking.path,
        bookingBody(car, daysFromToday(7 * week), daysFromToday(7 * week + 2), contact(n), documents[n]),
      );
    }),
  );
  const statuses: number[] = [];
  for (const res of answers) {
    statuses.push(res.status);
    if (res.status !== 201) {
      expect(res.status, await res.clone().text()).toBe(429);
      expect(errorBodySchema.parse(await res.json()).error.code).toBe("TOO_MANY_PENDING");
    }
  }
  return statuses;
}

describe("the pending-bookings limit under parallel bookings", () => {
  it("lets one e-mail, in any letter case, hold exactly 2 of 12 parallel bookings", async () => {
    const statuses = await burst(2, (n) => ({
      fullName: `Hoarder ${n}`,
      email: n % 2 ? "HOARDER@example.ph" : "hoarder@Example.PH",
      phone: `0919${String(n).padStart(7, "0")}`,
    }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(PARALLEL - 2);
  });

  it("lets one phone number, however it is written, hold exactly 2 of 12 parallel bookings", async () => {
    const spellings = ["+63 920 555 0101", "0920-555-0101", "09205550101", "(0920) 555 0101"];
    const statuses = await burst(20, (n) => ({
      fullName: `Caller ${n}`,
      email: `caller${n}@example.ph`,
      phone: spellings[n % spellings.length] ?? "09205550101",
    }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(PARALLEL - 2);
  });
});
