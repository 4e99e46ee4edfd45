import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import type { Car } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import {
  bookingBody,
  errorOf,
  publicCars,
  uploadDocuments,
  type DocumentPaths,
} from "../public/booking-test-helpers";

/**
 * Release-2 §C1: blocks and bookings are kept apart by one database rule, so
 * a race between them for the same days leaves exactly one winner.
 */
describe.each(testEngines())("blocks racing bookings (%s)", (engine) => {
  let server: TestServer;
  let cookie: string;
  let cars: Car[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    cars = (await publicCars(server)).filter((car) => car.available);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** 20 requests at once; `sets[i]` are the uploads of request i when it is a public booking (one set per booking). */
  const race = (car: Car, round: number, sets: DocumentPaths[]) =>
    Array.from({ length: 20 }, (_, i) => {
      const pickupDate = i % 2 === 0 ? "2027-08-10" : "2027-08-11";
      switch (i % 4) {
        case 0:
        case 1:
          return server.request("POST", `/api/admin/cars/${car.id}/blocks`, {
            cookie,
            body: { startDate: pickupDate, endDate: "2027-08-12", reason: `Racer ${i}` },
          });
        case 2:
          return server.request("POST", "/api/admin/bookings", {
            cookie,
            body: {
              customerEmail: `walkin${round}-${i}@example.ph`,
              customerName: `Walk In ${i}`,
              carName: car.name,
              pickupDate,
              returnDate: "2027-08-13",
              total: "6000",
              status: i % 8 === 2 ? "pending" : "confirmed",
            },
          });
        default:
          return server.request("POST", "/api/bookings", {
            body: bookingBody({
              documents: sets[i],
              car,
              pickupDate,
              returnDate: "2027-08-13",
              email: `racer${round}-${i}@example.ph`,
              fullName: `Racer Number ${i}`,
            }),
          });
      }
    });

  it("lets exactly one of 20 concurrent blocks and bookings of the same days win", async () => {
    for (const [round, car] of cars.slice(0, 2).entries()) {
      // Uploaded beforehand, so the requests still start together.
      const sets = await Promise.all(Array.from({ length: 20 }, () => uploadDocuments(server)));
      const responses = await Promise.all(race(car, round, sets));
      const statuses = responses.map((res) => res.status);
      expect(
        statuses.filter((status) => status === 201),
        statuses.join(" "),
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      for (const res of responses.filter((r) => r.status === 409)) {
        const error = await errorOf(res);
        expect(error.code).toBe("DATES_UNAVAILABLE");
        expect((error.details as { ranges: unknown[] }).ranges).toHaveLength(1);
      }
      const blocks = await server.db.knex("blocks").where({ car_id: car.id }).whereNull("deleted_at");
      const bookings = await server.db
        .knex("bookings")
        .where({ car_id: car.id })
        .whereIn("status", ["pending", "confirmed"]);
      expect(blocks.length + bookings.length).toBe(1);
      const occupancy = await server.db.knex("car_occupancy").where({ car_id: car.id });
      expect(occupancy).toHaveLength(1);
    }
  });
});
