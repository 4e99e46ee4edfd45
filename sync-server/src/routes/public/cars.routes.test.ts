import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fleet } from "@car-rental/db";
import { testEngines } from "@car-rental/db/test-database";
import { bookedRangeSchema } from "@car-rental/shared/schemas/booking";
import { carSchema, type Car } from "@car-rental/shared/schemas/car";
import { LIVE_CAR_RANGES_SQL } from "../../services/cars/cars.service";
import { startTestServer, type TestServer } from "../../test-server";
import {
  bookingBody,
  errorOf,
  insertBookingRow,
  insertCustomer,
  publicCars,
  uploadDocuments,
} from "./booking-test-helpers";

/** The first answer of `read` that is `done`, polled for up to a second (the change feed's promise). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    if (value instanceof Response) await value.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testEngines())("public cars and booked dates (%s)", (engine) => {
  let server: TestServer;
  let cars: Car[];
  let customerId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    cars = await publicCars(server);
    customerId = await insertCustomer(server.db.knex, { fullName: "Lito Lapid", email: "lito@example.ph" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the fleet in the public car shape with a strong ETag, and answers 304 to a matching If-None-Match", async () => {
    const res = await server.request("GET", "/api/cars");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = z.array(carSchema.strict()).parse(await res.json());
    expect(body).toHaveLength(fleet.length);
    expect(body.map((car) => car.name)).toEqual(fleet.map((car) => car.name));

    const again = await server.request("GET", "/api/cars", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    const other = await server.request("GET", "/api/cars", { headers: { "If-None-Match": 'W/"stale"' } });
    expect(other.status).toBe(200);
    await other.body?.cancel();

    // A change to the fleet changes the tag (a write outside the server's requests reaches its
    // snapshot through the change feed, within a second).
    const first = cars[0];
    if (!first) throw new Error("no cars");
    await server.db.knex("cars").where({ id: first.id }).update({ available: !first.available });
    const changed = await eventually(
      () => server.request("GET", "/api/cars", { headers: { "If-None-Match": etag } }),
      (res) => res.status !== 304,
    );
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    await changed.body?.cancel();
    await server.db.knex("cars").where({ id: first.id }).update({ available: first.available });
  });

  it("leaves archived cars out of the fleet", async () => {
    const car = cars[1];
    if (!car) throw new Error("no cars");
    await server.db.knex("cars").where({ id: car.id }).update({ deleted_at: new Date() });
    const listed = await eventually(
      () => publicCars(server),
      (fleetNow) => !fleetNow.some((c) => c.id === car.id),
    );
    expect(listed.map((c) => c.id)).not.toContain(car.id);
    expect(listed).toHaveLength(fleet.length - 1);
    const dates = await server.request("GET", `/api/cars/${car.id}/booked-dates`);
    expect(dates.status).toBe(404);
  });

  it("answers the active bookings from today on, sorted, with their pickup time", async () => {
    const car = cars[2];
    if (!car) throw new Error("no cars");
    const book = (
      pickupDate: string,
      returnDate: string,
      status: "pending" | "confirmed" | "cancelled" | "completed",
      pickupTime: "9:00 AM" | "2:00 PM" = "9:00 AM",
    ) =>
      insertBookingRow(server.db.knex, {
        customerId,
        carId: car.id,
        pickupDate,
        returnDate,
        status,
        pickupTime,
      });
    await book("2026-11-10", "2026-11-20", "confirmed"); // ended yesterday (Manila)
    await book("2026-11-20", "2026-11-21", "pending", "2:00 PM"); // returns today: still in the way today
    await book("2026-12-20", "2026-12-22", "confirmed");
    const cancelled = await book("2026-12-01", "2026-12-05", "pending");
    await book("2026-12-10", "2026-12-12", "cancelled");
    await book("2026-11-22", "2026-11-24", "completed");
    await server.db.knex("bookings").where({ id: cancelled }).update({ status: "cancelled" });
    const active = await book("2026-12-07", "2026-12-09", "pending");

    const res = await server.request("GET", `/api/cars/${car.id}/booked-dates`);
    expect(res.status).toBe(200);
    const ranges = z.array(bookedRangeSchema.strict()).parse(await res.json());
    expect(ranges).toEqual([
      { start: "2026-11-20", end: "2026-11-21", pickupTime: "2:00 PM" },
      { start: "2026-12-07", end: "2026-12-09", pickupTime: "9:00 AM" },
      { start: "2026-12-20", end: "2026-12-22", pickupTime: "9:00 AM" },
    ]);

    // Cancelling frees the dates at once.
    const cookie = await server.adminCookie();
    const cancel = await server.request("PATCH", `/api/admin/bookings/${active}/status`, {
      body: { status: "cancelled" },
      cookie,
    });
    expect(cancel.status).toBe(200);
    const after = z
      .array(bookedRangeSchema)
      .parse(await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json());
    expect(after.map((r) => r.start)).toEqual(["2026-11-20", "2026-12-20"]);

    // Tomorrow the booking that returned today is gone too.
    server.clock.advance(24 * 60 * 60 * 1000);
    try {
      const tomorrow = z
        .array(bookedRangeSchema)
        .parse(await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json());
      expect(tomorrow.map((r) => r.start)).toEqual(["2026-12-20"]);
    } finally {
      server.clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it("shows a booking made through the server in the very next read of the calendar", async () => {
    const car = cars.filter((c) => c.available).at(-1);
    if (!car) throw new Error("no cars");
    const read = async () =>
      z
        .array(bookedRangeSchema)
        .parse(await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json());
    expect(await read()).toEqual([]);
    expect(await read()).toEqual([]);
    const booked = await server.request("POST", "/api/bookings", {
      body: bookingBody({
        car,
        pickupDate: "2027-01-10",
        returnDate: "2027-01-12",
        email: "cache.check@example.ph",
        documents: await uploadDocuments(server),
      }),
    });
    expect(booked.status).toBe(201);
    expect(await read()).toEqual([{ start: "2027-01-10", end: "2027-01-12", pickupTime: "9:00 AM" }]);
  });

  it("answers 404 for an unknown car and for an id that is not a uuid (no such car either)", async () => {
    expect(
      (await server.request("GET", "/api/cars/00000000-0000-4000-8000-00000000ffff/booked-dates")).status,
    ).toBe(404);
    const bad = await server.request("GET", "/api/cars/not-a-uuid/booked-dates");
    expect(bad.status).toBe(404);
    expect((await errorOf(bad)).code).toBe("NOT_FOUND");
    // Answers are cached by car and day: a refused id is never kept, so asking again is refused again.
    expect((await server.request("GET", "/api/cars/not-a-uuid/booked-dates")).status).toBe(404);
    expect(
      (await server.request("GET", "/api/cars/00000000-0000-4000-8000-00000000ffff/booked-dates")).status,
    ).toBe(404);
  });

  it("reads the booked dates through the partial index bookings_car_active_return, in one query", async () => {
    const car = cars[3];
    if (!car) throw new Error("no cars");
    // Enough rows that the planner prefers an index over a scan.
    await server.db.knex.raw(
      `insert into bookings (customer_id, car_id, pickup_date, return_date, total_days, daily_rate, subtotal, total, status)
       select ?, c.id, date '2020-01-01' + g, date '2020-01-02' + g, 1, 1000, 1000, 1500, case when g % 3 = 0 then 'pending' else 'completed' end
       from cars c, generate_series(0, 399) g`,
      [customerId],
    );
    await server.db.knex.raw("analyze bookings");
    const plan = await server.db.knex.raw<{ rows: Record<string, string>[] }>(
      `explain ${LIVE_CAR_RANGES_SQL}`,
      ["2026-11-21", "2026-11-21", car.id],
    );
    const text = plan.rows.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toContain("bookings_car_active_return");
    const res = await server.request("GET", `/api/cars/${car.id}/booked-dates`);
    expect(await res.json()).toEqual([]);
  });
});
