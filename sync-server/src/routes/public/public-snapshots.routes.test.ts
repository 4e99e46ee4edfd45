/**
 * The public reads served from the process's in-memory snapshots (issue #23):
 * the fleet serialised and compressed once, sent in the encoding the client
 * accepts (never compressed twice), with a strong ETag that changes with the
 * fleet; booked dates and the blocked-name check kept serialised; every write
 * through this process shows in the very next read.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { carSchema, type Car } from "@car-rental/shared/schemas/car";
import { textLimits } from "@car-rental/shared/schemas/common";
import { startTestServer, type TestServer } from "../../test-server";
import { publicCars } from "./booking-test-helpers";

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer };

/** A GET whose body comes back exactly as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const fleetSchema = z.array(carSchema.strict());

describe.each(testEngines())("public snapshots (%s)", (engine) => {
  let server: TestServer;
  let cookie: string;
  let cars: Car[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    cars = await publicCars(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends the fleet compressed once in the accepted encoding, one strong ETag per encoding", async () => {
    const plain = await rawGet(`${server.url}/api/cars`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(fleetSchema.parse(JSON.parse(plain.bytes.toString("utf8")))).toEqual(cars);

    const gzip = await rawGet(`${server.url}/api/cars`, { "Accept-Encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.bytes.length);

    const br = await rawGet(`${server.url}/api/cars`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);

    const preferGzip = await rawGet(`${server.url}/api/cars`, { "Accept-Encoding": "br;q=0.5, gzip" });
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");

    const tags = [plain, gzip, br].map((answer) => String(answer.headers.etag));
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);
    // The same bytes every time, from memory.
    const again = await rawGet(`${server.url}/api/cars`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(again.bytes.equals(br.bytes)).toBe(true);
    expect(again.headers.etag).toBe(br.headers.etag);

    // Any representation's tag revalidates (If-None-Match compares weakly).
    for (const tag of [...tags, `W/${tags[0]}`, `"other", ${tags[1]}`]) {
      const notModified = await rawGet(`${server.url}/api/cars`, {
        "Accept-Encoding": "gzip",
        "If-None-Match": tag,
      });
      expect(notModified.status).toBe(304);
      expect(notModified.bytes.length).toBe(0);
      expect(notModified.headers.etag).toBe(gzip.headers.etag);
    }
  });

  it("answers a read from memory exactly as the route that first read it did", async () => {
    const carId = cars[0]?.id ?? "";
    const checkPath = "/api/blocked-names/check?name=Juan%20Dela%20Cruz";
    for (const path of ["/api/cars", `/api/cars/${carId}/booked-dates`, checkPath, "/api/rates"]) {
      // An admin write empties the snapshots: the next read is the route's, the one after it a hit.
      const write = await server.request("POST", "/api/admin/blocked-names", {
        cookie,
        body: { fullName: `Snapshot Probe ${path.length} ${Date.now()}` },
      });
      expect(write.status).toBe(201);
      const headers = { "Accept-Encoding": "gzip, deflate, br" };
      const [read, hit] = [
        await rawGet(`${server.url}${path}`, headers),
        await rawGet(`${server.url}${path}`, headers),
      ];
      const comparable = ({ date: _date, "x-request-id": _id, ...rest }: http.IncomingHttpHeaders) => rest;
      expect(hit.status, path).toBe(read.status);
      expect(comparable(hit.headers), path).toEqual(comparable(read.headers));
      expect(hit.bytes.equals(read.bytes), path).toBe(true);
      const head = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.request(`${server.url}${path}`, { method: "HEAD", headers }, resolve).on("error", reject).end();
      });
      expect(head.statusCode, path).toBe(200);
      expect(comparable(head.headers), path).toEqual(comparable(read.headers));
    }
    // An unknown car is refused, and the refusal is not to be cached either.
    const unknown = await rawGet(
      `${server.url}/api/cars/00000000-0000-4000-8000-000000000000/booked-dates`,
      {},
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers["cache-control"]).toBe("no-cache");
    // A check the route refuses is refused even when its normalised name is in memory.
    expect((await rawGet(`${server.url}${checkPath}`, {})).status).toBe(200);
    const padded = `Juan${" ".repeat(textLimits.name)}Dela Cruz`;
    for (const query of [
      `name=${encodeURIComponent(padded)}`,
      "name=Juan%20Dela%20Cruz&name=Juan%20Dela%20Cruz",
      "fullName=Juan%20Dela%20Cruz",
    ]) {
      const refused = await rawGet(`${server.url}/api/blocked-names/check?${query}`, {});
      expect(refused.status, query).toBe(400);
    }
    // Other spellings reach the route under the canonical path, and answer what it answers.
    const spelled: [string, string][] = [
      ["/api/cars/", "/api/cars"],
      ["/api/Cars", "/api/cars"],
      [`/api/cars/${carId.toUpperCase()}/booked-dates`, `/api/cars/${carId}/booked-dates`],
    ];
    for (const [other, canonical] of spelled) {
      const [answer, expected] = await Promise.all([
        rawGet(`${server.url}${other}`, {}),
        rawGet(`${server.url}${canonical}`, {}),
      ]);
      expect(answer.status, other).toBe(200);
      expect(JSON.parse(answer.bytes.toString()), other).toEqual(JSON.parse(expected.bytes.toString()));
    }
  });

  it("shows an admin's change to a car in the very next GET /api/cars, with a new ETag", async () => {
    const car = cars[0];
    if (!car) throw new Error("no cars");
    const before = await server.request("GET", "/api/cars");
    const etag = before.headers.get("etag") ?? "";
    await before.body?.cancel();
    const put = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { dailyRate: 4321 },
      cookie,
    });
    expect(put.status).toBe(200);
    const after = await server.request("GET", "/api/cars", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const listed = fleetSchema.parse(await after.json()).find((c) => c.id === car.id);
    expect(listed?.dailyRate).toBe("4321.00");

    const removed = await server.request("DELETE", `/api/admin/cars/${car.id}`, { cookie });
    expect(removed.status).toBe(200);
    expect((await publicCars(server)).map((c) => c.id)).not.toContain(car.id);
  });

  it("answers the blocked-name check from memory per normalised name, fresh after each block and unblock", async () => {
    const check = async (name: string) => {
      const res = await server.request("GET", `/api/blocked-names/check?name=${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return (await res.json()) as unknown;
    };
    expect(await check("Pedro Penduko")).toEqual({ isBlocked: false });
    expect(await check("  pedro   PENDUKO ")).toEqual({ isBlocked: false });
    const blocked = await server.request("POST", "/api/admin/blocked-names", {
      body: { fullName: "Pedro Penduko" },
      cookie,
    });
    expect(blocked.status).toBe(201);
    const { id } = z.object({ id: z.string() }).parse(await blocked.json());
    expect(await check("pedro penduko")).toEqual({ isBlocked: true });
    expect(await check("Pedro  Penduko")).toEqual({ isBlocked: true });
    const unblocked = await server.request("DELETE", `/api/admin/blocked-names/${id}`, { cookie });
    expect(unblocked.status).toBe(200);
    expect(await check("Pedro Penduko")).toEqual({ isBlocked: false });
  });

  it("forgets the fleet when the database reports a change made outside this process's requests", async () => {
    const car = cars[2];
    if (!car) throw new Error("no cars");
    expect((await publicCars(server)).find((c) => c.id === car.id)?.seats).toBe(car.seats);
    await server.db
      .knex("cars")
      .where({ id: car.id })
      .update({ seats: car.seats + 1 });
    const deadline = Date.now() + 1_000;
    let seats = car.seats;
    while (seats === car.seats && Date.now() < deadline) {
      seats = (await publicCars(server)).find((c) => c.id === car.id)?.seats ?? 0;
      if (seats === car.seats) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seats).toBe(car.seats + 1);
  });

  it("shows a booking written outside this process's requests in the booked dates within a second", async () => {
    // Bookings commit without a notification (issue #17): a cached answer is at most half a second old.
    const car = cars[3];
    if (!car) throw new Error("no cars");
    const path = `/api/cars/${car.id}/booked-dates`;
    const read = async () =>
      z.array(z.object({ start: z.string() })).parse(await (await server.request("GET", path)).json());
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]); // answered from memory now
    const [customer] = await server.db
      .knex("customers")
      .insert({ full_name: "Elsewhere Customer", email: "elsewhere@example.ph", phone: "09170000001" })
      .returning<{ id: string }[]>("id");
    await server.db.knex("bookings").insert({
      car_id: car.id,
      customer_id: customer?.id,
      pickup_date: "2026-12-10",
      return_date: "2026-12-12",
      total_days: 2,
      daily_rate: car.dailyRate,
      subtotal: "0.00",
      total: "0.00",
      status: "confirmed",
    });
    const written = Date.now();
    let starts: string[] = [];
    while (!starts.includes("2026-12-10") && Date.now() - written < 2_000) {
      starts = (await read()).map((range) => range.start);
      if (!starts.includes("2026-12-10")) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(starts).toContain("2026-12-10");
    expect(Date.now() - written).toBeLessThan(1_000);
  });
});
