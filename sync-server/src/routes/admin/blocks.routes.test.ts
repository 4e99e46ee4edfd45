import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { blockSchema, type Block } from "@car-rental/shared/schemas/block";
import { bookedRangeSchema } from "@car-rental/shared/schemas/booking";
import { syncResponseSchema, type SyncResponse } from "@car-rental/shared/schemas/sync";
import type { Car } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import { errorOf, publicCars } from "../public/booking-test-helpers";

/** A transaction id newer than every write made so far (the sync horizon must pass it). */
async function writeMark(knex: Knex): Promise<bigint> {
  const result = await knex.raw<{ rows: { xid: string }[] }>("select pg_current_xact_id()::text as xid");
  return BigInt(result.rows[0]?.xid ?? "0");
}

describe.each(testEngines())("admin blocks (%s)", (engine) => {
  let server: TestServer;
  let cookie: string;
  let cars: Car[];
  let nextCar = 0;
  const freshCar = (): Car => {
    const car = cars.filter((c) => c.available)[nextCar++];
    if (!car) throw new Error("the fleet ran out of cars for this test file");
    return car;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    cars = await publicCars(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const block = (carId: string, body: unknown, headers?: Record<string, string>) =>
    server.request("POST", `/api/admin/cars/${carId}/blocks`, {
      body,
      cookie,
      ...(headers ? { headers } : {}),
    });
  const createdBlock = async (carId: string, body: unknown): Promise<Block> => {
    const res = await block(carId, body);
    expect(res.status).toBe(201);
    return blockSchema.parse(await res.json());
  };
  const unblock = (id: string) => server.request("DELETE", `/api/admin/blocks/${id}`, { cookie });
  const adminBooking = (car: Car, pickupDate: string, returnDate: string, pickupTime = "9:00 AM") =>
    server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "walkin@example.ph",
        customerName: "Walk In Customer",
        carName: car.name,
        pickupDate,
        returnDate,
        pickupTime,
        total: "6000",
        status: "confirmed",
      },
    });
  const bookedDates = async (carId: string) => {
    const res = await server.request("GET", `/api/cars/${carId}/booked-dates`);
    expect(res.status).toBe(200);
    return bookedRangeSchema.array().parse(await res.json());
  };
  const sync = async (since?: string): Promise<SyncResponse> => {
    const mark = await writeMark(server.db.knex);
    const query = since === undefined ? "" : `?since=${since}`;
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await server.request("GET", `/api/admin/sync${query}`, { cookie });
      expect(res.status).toBe(200);
      const answer = syncResponseSchema.parse(await res.json());
      if (BigInt(answer.cursor) > mark) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the sync horizon never passed ${mark}`);
  };

  it("answers 401 without a session", async () => {
    const car = cars[0];
    if (!car) throw new Error("no cars");
    const create = await server.request("POST", `/api/admin/cars/${car.id}/blocks`, {
      body: { startDate: "2027-01-01", endDate: "2027-01-01" },
    });
    expect(create.status).toBe(401);
    const remove = await server.request("DELETE", `/api/admin/blocks/${randomUUID()}`);
    expect(remove.status).toBe(401);
  });

  it("blocks whole days (201), a blank reason as null, and removes the block (204)", async () => {
    const car = freshCar();
    const created = await createdBlock(car.id, {
      startDate: "2027-01-10",
      endDate: "2027-01-11",
      reason: "  ",
    });
    expect(created).toMatchObject({
      carId: car.id,
      startDate: "2027-01-10",
      endDate: "2027-01-11",
      reason: null,
      version: 1,
      deletedAt: null,
    });
    const oneDay = await createdBlock(car.id, {
      startDate: "2027-01-13",
      endDate: "2027-01-13",
      reason: " Oil change ",
    });
    expect(oneDay.reason).toBe("Oil change");
    expect(await bookedDates(car.id)).toEqual([
      { start: "2027-01-10", end: "2027-01-11", pickupTime: "9:00 AM", kind: "block" },
      { start: "2027-01-13", end: "2027-01-13", pickupTime: "9:00 AM", kind: "block" },
    ]);
    // The answer itself carries no pickup time for a block.
    const raw = await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json();
    expect(raw).toContainEqual({ start: "2027-01-13", end: "2027-01-13", kind: "block" });

    const removed = await unblock(created.id);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect((await unblock(created.id)).status).toBe(204); // a replayed delete changes nothing
    expect((await bookedDates(car.id)).map((range) => range.start)).toEqual(["2027-01-13"]);
    // Its days are free again.
    expect((await adminBooking(car, "2027-01-10", "2027-01-12")).status).toBe(201);
  });

  it("refuses invalid bodies with VALIDATION_FAILED and the spec's messages, storing nothing", async () => {
    const car = freshCar();
    const refusal = async (body: unknown) => {
      const res = await block(car.id, body);
      return { status: res.status, error: await errorOf(res) };
    };
    const backwards = await refusal({ startDate: "2027-02-05", endDate: "2027-02-04" });
    expect(backwards.status).toBe(400); // VALIDATION_FAILED is a 400 throughout (shared/src/messages.ts)
    expect(backwards.error.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(backwards.error)).toContain("The end date cannot be before the start date.");
    const missing = await refusal({ endDate: "2027-02-04" });
    expect(missing.error.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(missing.error)).toContain("Start date is required");
    const badDate = await refusal({ startDate: "2027-02-30", endDate: "2027-03-01" });
    expect(badDate.error.code).toBe("VALIDATION_FAILED");
    expect([missing.status, badDate.status]).toEqual([400, 400]);
    expect(await server.db.knex("blocks").where({ car_id: car.id }).pluck("id")).toEqual([]);
  });

  it("answers 404 for an unknown car and an unknown block", async () => {
    const unknownCar = await block(randomUUID(), { startDate: "2027-02-01", endDate: "2027-02-01" });
    expect(unknownCar.status).toBe(404);
    expect((await errorOf(unknownCar)).code).toBe("NOT_FOUND");
    expect((await block("not-a-uuid", { startDate: "2027-02-01", endDate: "2027-02-01" })).status).toBe(404);
    expect((await unblock(randomUUID())).status).toBe(404);
    expect((await unblock("nope")).status).toBe(404);
  });

  it("answers 409 DATES_UNAVAILABLE with the conflicting ranges, against a booking and against a block", async () => {
    const car = freshCar();
    expect((await adminBooking(car, "2027-03-01", "2027-03-03")).status).toBe(201);
    // The booking's car is busy until 2027-03-03 11:00 (return at 9:00 plus the turnaround).
    const overBooking = await block(car.id, { startDate: "2027-03-03", endDate: "2027-03-04" });
    expect(overBooking.status).toBe(409);
    expect(await errorOf(overBooking)).toMatchObject({
      code: "DATES_UNAVAILABLE",
      details: { ranges: [{ start: "2027-03-01", end: "2027-03-03", pickupTime: "9:00 AM" }] },
    });
    await createdBlock(car.id, { startDate: "2027-03-04", endDate: "2027-03-06" });
    const overBlock = await block(car.id, { startDate: "2027-03-06", endDate: "2027-03-08" });
    expect(overBlock.status).toBe(409);
    expect(await errorOf(overBlock)).toMatchObject({
      code: "DATES_UNAVAILABLE",
      details: { ranges: [{ start: "2027-03-04", end: "2027-03-06", kind: "block" }] },
    });
    // A booking over a block: the same answer (the one constraint refuses it).
    const bookingOverBlock = await adminBooking(car, "2027-03-06", "2027-03-07", "5:00 PM");
    expect(bookingOverBlock.status).toBe(409);
    expect(await errorOf(bookingOverBlock)).toMatchObject({
      code: "DATES_UNAVAILABLE",
      details: { ranges: [{ start: "2027-03-04", end: "2027-03-06", kind: "block" }] },
    });
    // The day after the block's last day is free from 00:00.
    expect((await adminBooking(car, "2027-03-07", "2027-03-08")).status).toBe(201);
  });

  it("honours the id the browser chose: a replay is answered the block, other content 409 ID_TAKEN", async () => {
    const car = freshCar();
    const id = randomUUID();
    const body = { id, startDate: "2027-04-01", endDate: "2027-04-02", reason: "Tyres" };
    const first = await createdBlock(car.id, body);
    expect(first.id).toBe(id);
    expect(await createdBlock(car.id, body)).toEqual(first);
    const other = await block(car.id, { ...body, reason: "Brakes" });
    expect(other.status).toBe(409);
    expect((await errorOf(other)).code).toBe("ID_TAKEN");
  });

  it("answers a repeated Idempotency-Key with the first answer, for the create and the delete", async () => {
    const car = freshCar();
    const headers = { "Idempotency-Key": randomUUID() };
    const body = { startDate: "2027-05-01", endDate: "2027-05-01", reason: null };
    const first = await block(car.id, body, headers);
    expect(first.status).toBe(201);
    const again = await block(car.id, body, headers);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const ids = await server.db.knex("blocks").where({ car_id: car.id }).pluck("id");
    expect(ids).toHaveLength(1);
    const removeHeaders = { "Idempotency-Key": randomUUID() };
    for (let attempt = 0; attempt < 2; attempt++) {
      const removed = await server.request("DELETE", `/api/admin/blocks/${String(ids[0])}`, {
        cookie,
        headers: removeHeaders,
      });
      expect(removed.status).toBe(204);
    }
    expect(await server.db.knex("blocks").where({ car_id: car.id }).whereNull("deleted_at")).toEqual([]);
  });

  it("carries blocks in the admin sync, a removed one as a tombstone", async () => {
    const car = freshCar();
    const kept = await createdBlock(car.id, {
      startDate: "2027-06-01",
      endDate: "2027-06-02",
      reason: "Paint",
    });
    const removed = await createdBlock(car.id, { startDate: "2027-06-05", endDate: "2027-06-05" });
    const snapshot = await sync();
    expect(snapshot.reset).toBe(true);
    expect(snapshot.blocks).toContainEqual(kept);
    expect(snapshot.blocks.map((b) => b.id)).toContain(removed.id);

    expect((await unblock(removed.id)).status).toBe(204);
    const delta = await sync(snapshot.cursor);
    expect(delta.reset).toBe(false);
    expect(delta.deleted).toContainEqual({ entity: "blocks", id: removed.id });
    expect(delta.blocks.map((b) => b.id)).not.toContain(removed.id);
    expect(delta.blocks.map((b) => b.id)).not.toContain(kept.id);
    const next = await sync();
    expect(next.blocks.map((b) => b.id)).toContain(kept.id);
    expect(next.blocks.map((b) => b.id)).not.toContain(removed.id);
  });
});
