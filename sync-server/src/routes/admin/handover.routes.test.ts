import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { bookingViewSchema, type BookingView } from "@car-rental/shared/schemas/booking";
import { syncResponseSchema, type SyncResponse } from "@car-rental/shared/schemas/sync";
import type { Car } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import { tinyJpeg, tinyPdf } from "../../storage/test-files";
import { errorOf, publicCars, uploadObject } from "../public/booking-test-helpers";

/** A transaction id newer than every write made so far (the sync horizon must pass it). */
async function writeMark(knex: Knex): Promise<bigint> {
  const result = await knex.raw<{ rows: { xid: string }[] }>("select pg_current_xact_id()::text as xid");
  return BigInt(result.rows[0]?.xid ?? "0");
}

/** Release-2 §C3: check-out (confirmed → active) and check-in (active → completed) on both engines. */
describe.each(testEngines())("admin vehicle handover (%s)", (engine) => {
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

  const adminBooking = async (
    car: Car,
    pickupDate: string,
    returnDate: string,
    status = "confirmed",
  ): Promise<BookingView> => {
    const res = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "walkin@example.ph",
        customerName: "Walk In Customer",
        carName: car.name,
        pickupDate,
        returnDate,
        pickupTime: "9:00 AM",
        total: "6000",
        status,
      },
    });
    expect(res.status).toBe(201);
    return bookingViewSchema.parse(await res.json());
  };
  const post = (
    id: string,
    call: "check-out" | "check-in",
    body: unknown,
    headers?: Record<string, string>,
  ) =>
    server.request("POST", `/api/admin/bookings/${id}/${call}`, {
      body,
      cookie,
      ...(headers ? { headers } : {}),
    });
  const photo = () => uploadObject(server, "document");
  /** Uploads other bytes than a PNG through the same signed flow. */
  const uploadBytes = async (bytes: Buffer, contentType: string): Promise<string> => {
    const ticketRes = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "document", contentType, size: bytes.length },
      headers: { Origin: server.url },
    });
    expect(ticketRes.status).toBe(200);
    const ticket = z.object({ uploadURL: z.string(), objectPath: z.string() }).parse(await ticketRes.json());
    const put = await fetch(ticket.uploadURL, {
      method: "PUT",
      headers: { "Content-Type": contentType },
      body: bytes,
    });
    expect(put.status).toBeLessThan(300);
    return ticket.objectPath;
  };
  const checkOutBody = async (photos = 2) => ({
    odometerKm: 12000,
    fuelEighths: 6,
    notes: "Scratch on the rear bumper",
    photos: await Promise.all(Array.from({ length: photos }, photo)),
    signature: await photo(),
  });
  const handovers = (bookingId: string) =>
    server.db.knex("handovers").where({ booking_id: bookingId }).orderBy("kind", "desc");
  const statusOf = async (bookingId: string) =>
    (await server.db
      .knex("bookings")
      .where({ id: bookingId })
      .first<{ status: string; total: string }>()) ?? {
      status: "none",
      total: "0",
    };
  const sync = async (): Promise<SyncResponse> => {
    const mark = await writeMark(server.db.knex);
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await server.request("GET", "/api/admin/sync", { cookie });
      expect(res.status).toBe(200);
      const answer = syncResponseSchema.parse(await res.json());
      if (BigInt(answer.cursor) > mark) return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the sync horizon never passed ${mark}`);
  };

  it("answers 401 without a session", async () => {
    const id = randomUUID();
    for (const call of ["check-out", "check-in"]) {
      const res = await server.request("POST", `/api/admin/bookings/${id}/${call}`, {
        body: { odometerKm: 1, fuelEighths: 1, photos: [] },
      });
      expect(res.status).toBe(401);
    }
  });

  it("checks a confirmed booking out (200, active), which keeps occupying its car; a second check-out is refused", async () => {
    const car = freshCar();
    const booking = await adminBooking(car, "2026-12-01", "2026-12-04");
    const body = await checkOutBody();
    const res = await post(booking.id, "check-out", body);
    expect(res.status).toBe(200);
    const view = bookingViewSchema.parse(await res.json());
    expect(view).toMatchObject({ id: booking.id, status: "active", total: "6000.00" });

    const [record] = await handovers(booking.id);
    expect(record).toMatchObject({
      kind: "check-out",
      odometer_km: 12000,
      fuel_eighths: 6,
      notes: "Scratch on the rear bumper",
      photos: body.photos,
      signature: body.signature,
      charges: [],
    });
    // The photos and the signature are attached: the orphan clean-up never takes them.
    const keys = [...body.photos, body.signature].map((p) => p.replace("/objects/", ""));
    const attached = await server.db.knex("objects").whereIn("path", keys).whereNotNull("attached_at");
    expect(attached).toHaveLength(3);

    // Active occupies: the car's booked dates still show it, and nothing may overlap it.
    const dates = await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json();
    expect(dates).toContainEqual({ start: "2026-12-01", end: "2026-12-04", pickupTime: "9:00 AM" });
    const overlap = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "other@example.ph",
        customerName: "Other Customer",
        carName: car.name,
        pickupDate: "2026-12-02",
        returnDate: "2026-12-03",
        pickupTime: "9:00 AM",
        total: "2000",
        status: "pending",
      },
    });
    expect(overlap.status).toBe(409);
    expect((await errorOf(overlap)).code).toBe("DATES_UNAVAILABLE");

    // The same check-out again (no record id of its own) is a second check-out of an active booking.
    const again = await post(booking.id, "check-out", body);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("INVALID_TRANSITION");
    expect(await handovers(booking.id)).toHaveLength(1);
    const other = await post(booking.id, "check-out", { ...body, odometerKm: 12001 });
    expect(other.status).toBe(409);
    expect((await errorOf(other)).code).toBe("INVALID_TRANSITION");
  });

  it("answers the outbox's replay of a check-out (the same record id and readings) with the booking, once", async () => {
    const booking = await adminBooking(freshCar(), "2026-12-05", "2026-12-07");
    const body = { ...(await checkOutBody(1)), id: randomUUID() };
    expect((await post(booking.id, "check-out", body)).status).toBe(200);
    // Its answer was lost and the key's record gone: the app sends the same call again.
    const again = await post(booking.id, "check-out", body);
    expect(again.status).toBe(200);
    expect(bookingViewSchema.parse(await again.json()).status).toBe("active");
    expect(await handovers(booking.id)).toHaveLength(1);
    // The same record id with other readings is not a replay.
    const changed = await post(booking.id, "check-out", { ...body, odometerKm: 12001 });
    expect(changed.status).toBe(409);
    expect((await errorOf(changed)).code).toBe("INVALID_TRANSITION");
  });

  it("refuses a check-out of a booking that is not confirmed with 409 INVALID_TRANSITION, and 404 for no booking", async () => {
    const car = freshCar();
    const pending = await adminBooking(car, "2026-12-10", "2026-12-12", "pending");
    const completed = await adminBooking(car, "2026-12-13", "2026-12-14", "completed");
    const body = await checkOutBody(1);
    for (const booking of [pending, completed]) {
      const res = await post(booking.id, "check-out", body);
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: "INVALID_TRANSITION" });
      expect(await handovers(booking.id)).toEqual([]);
    }
    expect((await statusOf(pending.id)).status).toBe("pending");
    expect((await post(randomUUID(), "check-out", body)).status).toBe(404);
    expect((await post("not-a-uuid", "check-out", body)).status).toBe(404);
  });

  it("refuses bad readings, more than 12 photos and unusable uploads with a 4xx, changing nothing", async () => {
    const car = freshCar();
    const booking = await adminBooking(car, "2026-12-20", "2026-12-22");
    const good = await checkOutBody(1);
    const refused = async (body: unknown) => {
      const res = await post(booking.id, "check-out", body);
      return { status: res.status, error: await errorOf(res) };
    };
    const thirteen = Array.from({ length: 13 }, () => `/objects/documents/${randomUUID()}`);
    const pdf = await uploadBytes(tinyPdf, "application/pdf");
    const ticketOnly = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "document", contentType: "image/png", size: 100 },
      headers: { Origin: server.url },
    });
    const notUploaded = z.object({ objectPath: z.string() }).parse(await ticketOnly.json()).objectPath;
    const cases: [unknown, string][] = [
      [{ ...good, photos: thirteen }, "At most 12 photos"],
      [{ ...good, fuelEighths: 9 }, "Fuel level must be a whole number of eighths from 0 to 8"],
      [{ ...good, fuelEighths: 2.5 }, "Fuel level"],
      [{ ...good, odometerKm: -1 }, "odometer"],
      [{ ...good, odometerKm: undefined }, "Odometer (km) is required"],
      [{ ...good, signature: undefined }, "Invalid file reference"],
      [{ ...good, signature: "/objects/car-images/x" }, "Invalid file reference"],
      [{ ...good, photos: [good.signature, good.signature] }, "The same photo is listed twice"],
      [{ ...good, photos: [`/objects/documents/${randomUUID()}`] }, "Invalid file reference"],
      [{ ...good, photos: [notUploaded] }, "Invalid file reference"],
      [{ ...good, photos: [pdf] }, "not-an-image"],
    ];
    for (const [body, message] of cases) {
      const answer = await refused(body);
      expect(answer.status).toBe(400);
      expect(answer.error.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(answer.error)).toContain(message);
    }
    expect(await handovers(booking.id)).toEqual([]);
    expect((await statusOf(booking.id)).status).toBe("confirmed");
    // Twelve photos are fine.
    const twelve = await post(booking.id, "check-out", await checkOutBody(12));
    expect(twelve.status).toBe(200);
  });

  it("checks an active booking in (200, completed), the charges added to the total once, however often it is sent", async () => {
    const car = freshCar();
    const booking = await adminBooking(car, "2027-01-05", "2027-01-08");
    expect((await post(booking.id, "check-in", { odometerKm: 1, fuelEighths: 8 })).status).toBe(409);
    expect((await post(booking.id, "check-out", await checkOutBody(1))).status).toBe(200);

    const backwards = await post(booking.id, "check-in", { odometerKm: 11999, fuelEighths: 8 });
    expect(backwards.status).toBe(422);
    expect(await errorOf(backwards)).toMatchObject({
      code: "ODOMETER_BEFORE_CHECKOUT",
      details: { checkOutOdometerKm: 12000 },
    });
    const badCharge = await post(booking.id, "check-in", {
      odometerKm: 12500,
      fuelEighths: 4,
      charges: [{ label: "", amount: "-5" }],
    });
    expect(badCharge.status).toBe(400);
    expect((await statusOf(booking.id)).status).toBe("active");

    const body = {
      odometerKm: 12480,
      fuelEighths: 4,
      notes: "Returned late",
      photos: [await uploadBytes(tinyJpeg, "image/jpeg")],
      charges: [
        { label: "Late return", amount: "500" },
        { label: "Fuel", amount: "250.50" },
      ],
    };
    const headers = { "Idempotency-Key": randomUUID() };
    const res = await post(booking.id, "check-in", body, headers);
    expect(res.status).toBe(200);
    expect(bookingViewSchema.parse(await res.json())).toMatchObject({
      status: "completed",
      total: "6750.50",
    });
    // The same request again with its Idempotency-Key is answered again; without it, it is a second
    // check-in of a completed booking (409). Either way the charges are not added twice.
    expect((await post(booking.id, "check-in", body, headers)).status).toBe(200);
    const replay = await post(booking.id, "check-in", body);
    expect(replay.status).toBe(409);
    expect((await errorOf(replay)).code).toBe("INVALID_TRANSITION");
    expect(await statusOf(booking.id)).toMatchObject({ status: "completed" });
    expect(Number((await statusOf(booking.id)).total)).toBe(6750.5);
    const records = await handovers(booking.id);
    expect(records.map((r: { kind: string }) => r.kind)).toEqual(["check-out", "check-in"]);
    expect(records[1]).toMatchObject({
      odometer_km: 12480,
      signature: null,
      charges: [
        { label: "Late return", amount: "500.00" },
        { label: "Fuel", amount: "250.50" },
      ],
    });
    // A different check-in of the completed booking is refused.
    const other = await post(booking.id, "check-in", { ...body, charges: [] });
    expect(other.status).toBe(409);
    expect((await errorOf(other)).code).toBe("INVALID_TRANSITION");

    // Completed frees the car's days.
    const dates = await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json();
    expect(dates).not.toContainEqual(expect.objectContaining({ start: "2027-01-05" }));
  });

  it("reaches and leaves active only through the handover: the status call and the admin create answer 409 INVALID_TRANSITION", async () => {
    const car = freshCar();
    const booking = await adminBooking(car, "2027-02-01", "2027-02-03");
    const setStatus = (status: string) =>
      server.request("PATCH", `/api/admin/bookings/${booking.id}/status`, { cookie, body: { status } });
    const toActive = await setStatus("active");
    expect(toActive.status).toBe(409);
    expect((await errorOf(toActive)).code).toBe("INVALID_TRANSITION");
    expect((await post(booking.id, "check-out", await checkOutBody(0))).status).toBe(200);
    for (const status of ["completed", "confirmed", "cancelled", "pending"]) {
      const res = await setStatus(status);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("INVALID_TRANSITION");
    }
    expect((await setStatus("active")).status).toBe(200); // already active: nothing to change
    expect((await statusOf(booking.id)).status).toBe("active");

    const created = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "walkin@example.ph",
        customerName: "Walk In Customer",
        carName: car.name,
        pickupDate: "2027-02-10",
        returnDate: "2027-02-11",
        pickupTime: "9:00 AM",
        total: "1000",
        status: "active",
      },
    });
    expect(created.status).toBe(409);
    expect((await errorOf(created)).code).toBe("INVALID_TRANSITION");
  });

  it("carries the check-out and check-in records in the admin sync", async () => {
    const car = freshCar();
    const booking = await adminBooking(car, "2027-03-01", "2027-03-02");
    const body = { ...(await checkOutBody(2)), id: randomUUID() };
    expect((await post(booking.id, "check-out", body)).status).toBe(200);
    // The id the browser chose is the record's; another booking's record may not take it.
    const other = await adminBooking(car, "2027-03-05", "2027-03-06");
    const taken = await post(other.id, "check-out", body);
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe("ID_TAKEN");
    expect(
      (
        await post(booking.id, "check-in", {
          odometerKm: 12100,
          fuelEighths: 5,
          charges: [{ label: "Cleaning", amount: 300 }],
        })
      ).status,
    ).toBe(200);
    const snapshot = await sync();
    const mine = snapshot.handovers.filter((h) => h.bookingId === booking.id);
    expect(mine.map((h) => h.kind).sort()).toEqual(["check-in", "check-out"]);
    expect(mine.find((h) => h.kind === "check-out")).toMatchObject({
      id: body.id,
      odometerKm: 12000,
      fuelEighths: 6,
      photos: body.photos,
      signature: body.signature,
      charges: [],
    });
    expect(mine.find((h) => h.kind === "check-in")).toMatchObject({
      odometerKm: 12100,
      photos: [],
      signature: null,
      charges: [{ label: "Cleaning", amount: "300.00" }],
    });
    expect(snapshot.bookings.find((b) => b.id === booking.id)).toMatchObject({
      status: "completed",
      total: "6300.00",
    });
  });
});
