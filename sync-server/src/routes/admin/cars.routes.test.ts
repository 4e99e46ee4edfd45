import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fleet } from "@car-rental/db";
import { testEngines } from "@car-rental/db/test-database";
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import {
  errorOf,
  insertBookingRow,
  insertCustomer,
  publicCars,
  uploadObject,
} from "../public/booking-test-helpers";

const newCar = {
  name: "Toyota Avanza 1.5 G",
  category: "MPV",
  dailyRate: "2300",
  seats: 7,
  transmission: "Automatic",
  fuel: "Gas",
  image: "toyota-avanza.svg",
  description: "A roomy seven-seater for family trips.",
  mileage: "13 km/L",
  year: 2024,
  plateNumber: "NCA 1234",
  available: true,
};

describe.each(testEngines())("admin cars (%s)", (engine) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server?.close();
  });

  const adminCars = async () => {
    const res = await server.request("GET", "/api/admin/cars", { cookie });
    expect(res.status).toBe(200);
    return z.array(adminCarSchema.strict()).parse(await res.json());
  };

  it("answers 401 without a session", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    for (const [method, path] of [
      ["GET", "/api/admin/cars"],
      ["POST", "/api/admin/cars"],
      ["PUT", `/api/admin/cars/${id}`],
      ["DELETE", `/api/admin/cars/${id}`],
    ] as const) {
      const res = await server.request(
        method,
        path,
        method === "POST" || method === "PUT" ? { body: newCar } : {},
      );
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("UNAUTHORIZED");
    }
    expect(await server.db.knex("cars").where({ name: newCar.name }).first()).toBeUndefined();
  });

  it("lists every car that is not archived, rented ones included, with version and updatedAt", async () => {
    const list = await adminCars();
    expect(list).toHaveLength(fleet.length);
    expect(list.some((car) => !car.available)).toBe(fleet.some((car) => !car.available));
    expect(list[0]).toMatchObject({ version: 1, deletedAt: null, updatedAt: expect.any(String) });
  });

  it("adds a car (201), changes it partly or wholly, and refuses unknown ids", async () => {
    const created = await server.request("POST", "/api/admin/cars", { body: newCar, cookie });
    expect(created.status).toBe(201);
    const car = adminCarSchema.parse(await created.json());
    expect(car).toMatchObject({ ...newCar, dailyRate: "2300.00", version: 1, deletedAt: null });
    expect((await publicCars(server)).map((c) => c.id)).toContain(car.id);

    const partial = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { available: false },
      cookie,
    });
    expect(partial.status).toBe(200);
    const rented = adminCarSchema.parse(await partial.json());
    // Only what was sent changes: no defaults (seats 5, Gas) overwrite the car.
    expect(rented).toMatchObject({ ...newCar, dailyRate: "2300.00", available: false, version: 2 });

    // A tab still running the previous app sends the change's `changed` list along: not a field, ignored.
    const older = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { available: true, changed: ["available"] },
      cookie,
    });
    expect(older.status).toBe(200);
    expect(adminCarSchema.parse(await older.json())).toMatchObject({ available: true, version: 3 });
    const back = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { available: false },
      cookie,
    });
    expect(back.status).toBe(200);

    const full = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { ...newCar, dailyRate: 2450.5, description: "", plateNumber: null },
      cookie,
    });
    expect(full.status).toBe(200);
    const current = adminCarSchema.parse(await full.json());
    expect(current).toMatchObject({
      dailyRate: "2450.50",
      description: null,
      plateNumber: null,
      available: true,
      version: 5,
    });

    const unknown = await server.request("PUT", "/api/admin/cars/00000000-0000-4000-8000-0000000000ab", {
      body: { available: false },
      cookie,
    });
    expect(unknown.status).toBe(404);
    const invalid = await server.request("PUT", `/api/admin/cars/${car.id}`, { body: { seats: 0 }, cookie });
    expect(invalid.status).toBe(400);

    // A client that sends back the whole record it read: the read-only fields are ignored.
    const roundTrip = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: {
        ...current,
        id: "00000000-0000-4000-8000-0000000000ac",
        version: 99,
        deletedAt: null,
        seats: 6,
      },
      cookie,
    });
    expect(roundTrip.status).toBe(200);
    expect(adminCarSchema.parse(await roundTrip.json())).toMatchObject({ id: car.id, seats: 6, version: 6 });

    // A key neither the input nor the car has (a typo) is refused by name, and changes nothing.
    const typo = await server.request("PUT", `/api/admin/cars/${car.id}`, {
      body: { seats: 7, colour: "red" },
      cookie,
    });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { error: { message: string } }).error.message).toBe(
      'Unrecognized key: "colour"',
    );
    const after = await server.request("GET", "/api/admin/cars", { cookie });
    const cars = (await after.json()) as { id: string; seats: number }[];
    expect(cars.find((c) => c.id === car.id)?.seats).toBe(6);
  });

  it("defaults the year to this year and refuses a new car without a picture or required fields", async () => {
    const { year: _year, ...withoutYear } = newCar;
    const res = await server.request("POST", "/api/admin/cars", {
      body: { ...withoutYear, name: "Kia Stonic" },
      cookie,
    });
    expect(res.status).toBe(201);
    expect(adminCarSchema.parse(await res.json()).year).toBe(2026);

    const { image: _image, ...withoutImage } = newCar;
    const noImage = await server.request("POST", "/api/admin/cars", { body: withoutImage, cookie });
    expect(noImage.status).toBe(400);
    expect((await errorOf(noImage)).message).toBe("Please upload a car image");

    const noName = await server.request("POST", "/api/admin/cars", {
      body: { ...newCar, name: "  " },
      cookie,
    });
    expect(noName.status).toBe(400);
    expect(await errorOf(noName)).toMatchObject({ code: "VALIDATION_FAILED", message: "Required" });
    const badRate = await server.request("POST", "/api/admin/cars", {
      body: { ...newCar, dailyRate: "abc" },
      cookie,
    });
    expect(badRate.status).toBe(400);
  });

  it("accepts an uploaded car image only once its bytes were stored and checked", async () => {
    const image = await uploadObject(server, "car-image", cookie);
    const res = await server.request("POST", "/api/admin/cars", {
      body: { ...newCar, name: "Uploaded", image },
      cookie,
    });
    expect(res.status).toBe(201);
    expect(adminCarSchema.parse(await res.json()).image).toBe(image);

    const never = "/objects/car-images/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
    const refused = await server.request("POST", "/api/admin/cars", {
      body: { ...newCar, name: "Ghost", image: never },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(await server.db.knex("cars").where({ name: "Ghost" }).first()).toBeUndefined();
  });

  it("deletes a car without bookings as a tombstone, and archives one with bookings keeping its history", async () => {
    const created = adminCarSchema.parse(
      await (
        await server.request("POST", "/api/admin/cars", { body: { ...newCar, name: "Short-lived" }, cookie })
      ).json(),
    );
    const del = await server.request("DELETE", `/api/admin/cars/${created.id}`, { cookie });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ ok: true, id: created.id, archived: false });
    const tombstone = await server.db
      .knex("cars")
      .where({ id: created.id })
      .first<{ deleted_at: Date | null }>();
    expect(tombstone?.deleted_at).toBeInstanceOf(Date);
    expect((await adminCars()).map((c) => c.id)).not.toContain(created.id);
    expect((await server.request("DELETE", `/api/admin/cars/${created.id}`, { cookie })).status).toBe(404);
    expect(
      (await server.request("PUT", `/api/admin/cars/${created.id}`, { body: { available: true }, cookie }))
        .status,
    ).toBe(404);

    const [withHistory] = await publicCars(server);
    if (!withHistory) throw new Error("no cars");
    const customerId = await insertCustomer(server.db.knex, {
      fullName: "Rosa Diaz",
      email: "rosa@example.ph",
    });
    const bookingId = await insertBookingRow(server.db.knex, {
      customerId,
      carId: withHistory.id,
      pickupDate: "2026-12-01",
      returnDate: "2026-12-03",
      status: "completed",
    });
    const archive = await server.request("DELETE", `/api/admin/cars/${withHistory.id}`, { cookie });
    expect(archive.status).toBe(200);
    expect(await archive.json()).toEqual({ ok: true, id: withHistory.id, archived: true });
    expect((await publicCars(server)).map((c) => c.id)).not.toContain(withHistory.id);
    expect((await adminCars()).map((c) => c.id)).not.toContain(withHistory.id);

    const bookings = await server.request("GET", "/api/admin/bookings", { cookie });
    const listed = z.array(bookingViewSchema).parse(await bookings.json());
    expect(listed.find((b) => b.id === bookingId)).toMatchObject({ carName: withHistory.name });
  });
});
