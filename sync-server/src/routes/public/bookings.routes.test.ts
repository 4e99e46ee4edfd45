import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { quote } from "@car-rental/shared/pricing";
import { BLOCKED_NAME_MESSAGE, errorMessages } from "@car-rental/shared/messages";
import { publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { priceChangedDetailsSchema } from "@car-rental/shared/schemas/error";
import { findBookingView } from "../../services/bookings/booking-view";
import { PUBLIC_BOOKING_RATE_LIMIT } from "../../services/bookings/public-booking.service";
import { startTestServer, type TestServer } from "../../test-server";
import {
  bookingBody,
  errorOf,
  errorSchema,
  insertCustomer,
  publicCars,
  uploadDocuments,
  uploadObject,
} from "./booking-test-helpers";
import type { Car } from "@car-rental/shared/schemas/car";

describe.each(testEngines())("public bookings (%s)", (engine) => {
  let server: TestServer;
  let cars: Car[];
  /** A car of the fleet no other test of this file books. */
  let nextCar = 0;
  const freshCar = (): Car => {
    const car = cars.filter((c) => c.available)[nextCar++];
    if (!car) throw new Error("the fleet ran out of cars for this test file");
    return car;
  };

  beforeAll(async () => {
    // Many bookings from one test address: the per-address limit (20 an hour) is tested on its own below.
    server = await startTestServer(engine, { config: { rateLimitScale: 10 } });
    cars = await publicCars(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown, headers?: Record<string, string>) =>
    server.request("POST", "/api/bookings", { body, ...(headers ? { headers } : {}) });

  it("books at the server's price, queues two mails and answers the typed customer, the booking and the car", async () => {
    const car = freshCar();
    const docs = await uploadDocuments(server);
    const res = await post(
      bookingBody({
        documents: docs,
        car,
        pickupDate: "2026-12-01",
        returnDate: "2026-12-04",
        pickupTime: "10:00 AM",
        driverService: "within_pangasinan",
        distanceService: "outside_pangasinan_500",
        email: "Ana.Reyes@Example.ph",
        fullName: "Ana Reyes",
      }),
    );
    expect(res.status).toBe(201);
    const raw: unknown = await res.json();
    const body = publicBookingResponseSchema.parse(raw);
    const expected = quote({
      dailyRate: car.dailyRate,
      pickupDate: "2026-12-01",
      returnDate: "2026-12-04",
      driverService: "within_pangasinan",
      distanceService: "outside_pangasinan_500",
    });
    // Release 2 A3: no customer id, in the customer part or in the booking.
    expect(body.customer).toEqual({ fullName: "Ana Reyes", email: "Ana.Reyes@Example.ph" });
    expect(raw).not.toHaveProperty("booking.customerId");
    expect(raw).not.toHaveProperty("customer.id");
    expect(body.car.id).toBe(car.id);
    expect(body.booking).toMatchObject({
      documents: docs,
      carId: car.id,
      pickupDate: "2026-12-01",
      returnDate: "2026-12-04",
      pickupTime: "10:00 AM",
      totalDays: 3,
      total: expected.total,
      distanceFee: expected.distanceFee,
      driverFee: "4500.00",
      withDriver: true,
      amountPaid: "0.00",
      status: "pending",
    });
    expect(body.bookingToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await server.db.knex("bookings").where({ id: body.booking.id }).first<{
      total: string;
      subtotal: string;
      pickup_time: string;
      booking_token_hash: string;
      source: string;
    }>();
    expect(row).toMatchObject({
      total: expected.total,
      subtotal: expected.subtotal,
      pickup_time: "10:00:00",
      source: "public",
    });
    expect(row?.booking_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.booking_token_hash).not.toContain(body.bookingToken);

    const mails = await server.db
      .knex("mail_outbox")
      .where({ booking_id: body.booking.id })
      .orderBy("id")
      .select<{ kind: string; to_address: string }[]>("kind", "to_address");
    expect(mails).toEqual([
      { kind: "booking-confirmation", to_address: "Ana.Reyes@Example.ph" },
      { kind: "booking-notice", to_address: server.deps.config.businessEmail },
    ]);
  });

  it("matches an existing customer by e-mail, case-insensitively, without overwriting the stored details", async () => {
    const customerId = await insertCustomer(server.db.knex, {
      fullName: "Jose Rizal",
      email: "Jose.Rizal@Example.ph",
      phone: "09998887777",
    });
    const res = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: freshCar(),
        pickupDate: "2026-12-10",
        returnDate: "2026-12-11",
        fullName: "Somebody Else",
        email: "jose.rizal@example.ph",
        phone: "09170001111",
        license: " N02-11-223344 ",
      }),
    );
    expect(res.status).toBe(201);
    const raw: unknown = await res.json();
    const body = publicBookingResponseSchema.parse(raw);
    // Release 2 A3: the answer never carries the existing customer's id or stored details.
    expect(body.customer).toEqual({ fullName: "Somebody Else", email: "jose.rizal@example.ph" });
    expect(JSON.stringify(raw)).not.toContain(customerId);
    expect(JSON.stringify(raw)).not.toContain("09998887777");
    expect(JSON.stringify(raw)).not.toContain("Jose Rizal");
    // The answer never shows what an earlier booking stored under this e-mail.
    expect(body.booking.customerName).toBe("Somebody Else");
    const stored = await server.db.knex("customers").where({ id: customerId }).first();
    expect(stored).toMatchObject({
      full_name: "Jose Rizal",
      email: "Jose.Rizal@Example.ph",
      phone: "09998887777",
      license: null,
    });
    // The licence typed is kept with the booking (the agreement prints it), as typed.
    expect((await findBookingView(server.db.knex, body.booking.id))?.driverLicense).toBe("N02-11-223344");
    const count = await server.db
      .knex("customers")
      .whereRaw("lower(email) = 'jose.rizal@example.ph'")
      .count<{ n: string }[]>("* as n");
    expect(Number(count[0]?.n)).toBe(1);
  });

  it("keeps the documents on the booking, and the booking token replaces them later on that booking only", async () => {
    const docs = await uploadDocuments(server);
    const res = await post(
      bookingBody({
        car: freshCar(),
        pickupDate: "2026-12-15",
        returnDate: "2026-12-17",
        email: "docs@example.ph",
        documents: docs,
      }),
    );
    expect(res.status).toBe(201);
    const body = publicBookingResponseSchema.parse(await res.json());
    const bookingRow = () =>
      server.db.knex("bookings").where({ id: body.booking.id }).first<{
        photo_id1_url: string;
        photo_id2_url: string;
        proof_of_billing_url: string;
        customer_id: string;
      }>();
    expect(await bookingRow()).toMatchObject({
      photo_id1_url: docs.photoId1Url,
      photo_id2_url: docs.photoId2Url,
      proof_of_billing_url: docs.proofOfBillingUrl,
    });

    const photoId2Url = await uploadObject(server, "document");
    const proofOfBillingUrl = await uploadObject(server, "document");
    const wrong = await server.request("PUT", `/api/bookings/${body.booking.id}/documents`, {
      body: { photoId1Url: null, photoId2Url, proofOfBillingUrl, bookingToken: "not-the-token" },
    });
    expect(wrong.status).toBe(404);
    expect((await errorOf(wrong)).code).toBe("NOT_FOUND");
    const strangerId = "00000000-0000-4000-8000-000000000001";
    const stranger = await server.request("PUT", `/api/bookings/${strangerId}/documents`, {
      body: { photoId2Url, bookingToken: body.bookingToken },
    });
    expect(stranger.status).toBe(404);

    const ok = await server.request("PUT", `/api/bookings/${body.booking.id}/documents`, {
      body: { photoId1Url: null, photoId2Url, proofOfBillingUrl, bookingToken: body.bookingToken },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      ok: true,
      id: body.booking.id,
      photoId1Url: docs.photoId1Url,
      photoId2Url,
      proofOfBillingUrl,
    });
    const row = await bookingRow();
    expect(row).toMatchObject({
      photo_id1_url: docs.photoId1Url,
      photo_id2_url: photoId2Url,
      proof_of_billing_url: proofOfBillingUrl,
    });
    // The customer record is never written by the public.
    const customer = await server.db.knex("customers").where({ id: row.customer_id }).first();
    expect(customer).toMatchObject({ photo_id1_url: null, photo_id2_url: null, proof_of_billing_url: null });
  });

  it("refuses a document that was never uploaded, and books nothing", async () => {
    const car = freshCar();
    const res = await post(
      bookingBody({
        car,
        pickupDate: "2026-12-15",
        returnDate: "2026-12-17",
        email: "fake-docs@example.ph",
        documents: {
          ...(await uploadDocuments(server)),
          photoId1Url: "/objects/documents/0b7c8a8e-1f0e-4c35-9a44-3d2f6c1e9b10",
        },
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Invalid file reference");
    expect(await server.db.knex("bookings").where({ car_id: car.id }).first()).toBeUndefined();
    expect(
      await server.db.knex("customers").where({ email: "fake-docs@example.ph" }).first(),
    ).toBeUndefined();
  });

  it("books when the total is the server's, whatever lines the client sent, and stores the server's lines", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2026-12-24",
      returnDate: "2026-12-26",
    });
    // Release-2 §E1: only a different total is PRICE_CHANGED.
    const res = await post({ ...body, booking: { ...body.booking, subtotal: "1.00", dailyRate: "1.00" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const stored = await server.db.knex("bookings").where({ car_id: car.id }).first();
    expect(Number(stored.subtotal)).toBe(Number(body.booking.subtotal));
    expect(Number(stored.daily_rate)).toBe(Number(car.dailyRate));
  });

  it("refuses totals that differ from the car's current rate with PRICE_CHANGED and the fresh quote", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2026-12-20",
      returnDate: "2026-12-22",
    });
    await server.db.knex("cars").where({ id: car.id }).update({ daily_rate: "9999.00" });
    const res = await post(body);
    expect(res.status).toBe(409);
    const answer: unknown = await res.json();
    const error = errorSchema.parse(answer).error;
    expect(error.code).toBe("PRICE_CHANGED");
    expect(error.message).toBe(errorMessages.PRICE_CHANGED);
    const details = priceChangedDetailsSchema.parse(error.details).quote;
    // The same, at the top level, for clients that read `{code, message, quote}`.
    expect(answer).toMatchObject({
      code: "PRICE_CHANGED",
      message: errorMessages.PRICE_CHANGED,
      quote: details,
    });
    expect(details).toEqual(
      quote({
        dailyRate: "9999.00",
        pickupDate: "2026-12-20",
        returnDate: "2026-12-22",
        driverService: "none",
        distanceService: "none",
      }),
    );
    expect(await server.db.knex("bookings").where({ car_id: car.id }).first()).toBeUndefined();
    // Submitting again with the new price books.
    const again = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: { ...car, dailyRate: "9999.00" },
        pickupDate: "2026-12-20",
        returnDate: "2026-12-22",
      }),
    );
    expect(again.status).toBe(201);
  });

  it("refuses overlapping dates with DATES_UNAVAILABLE and the conflicting range", async () => {
    const car = freshCar();
    expect(
      (
        await post(
          bookingBody({
            documents: await uploadDocuments(server),
            car,
            pickupDate: "2027-01-05",
            returnDate: "2027-01-08",
          }),
        )
      ).status,
    ).toBe(201);
    const res = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2027-01-07",
        returnDate: "2027-01-09",
        email: "late@example.ph",
      }),
    );
    expect(res.status).toBe(409);
    const answer: unknown = await res.json();
    const error = errorSchema.parse(answer).error;
    expect(error.code).toBe("DATES_UNAVAILABLE");
    expect(error.message).toBe(errorMessages.DATES_UNAVAILABLE);
    const ranges = [{ start: "2027-01-05", end: "2027-01-08", pickupTime: "9:00 AM" }];
    expect(error.details).toMatchObject({ ranges });
    expect(answer).toMatchObject({
      code: "DATES_UNAVAILABLE",
      message: errorMessages.DATES_UNAVAILABLE,
      ranges,
    });
  });

  it("accepts a pickup 2 hours after another rental's return and refuses one 1 hour after", async () => {
    const car = freshCar();
    expect(
      (
        await post(
          bookingBody({
            documents: await uploadDocuments(server),
            car,
            pickupDate: "2027-02-01",
            returnDate: "2027-02-03",
            pickupTime: "9:00 AM",
          }),
        )
      ).status,
    ).toBe(201);
    const oneHour = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2027-02-03",
        returnDate: "2027-02-04",
        pickupTime: "10:00 AM",
        email: "b@example.ph",
      }),
    );
    expect(oneHour.status).toBe(409);
    expect((await errorOf(oneHour)).code).toBe("DATES_UNAVAILABLE");
    const twoHours = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2027-02-03",
        returnDate: "2027-02-04",
        pickupTime: "11:00 AM",
        email: "b@example.ph",
      }),
    );
    expect(twoHours.status).toBe(201);
  });

  it("refuses a blocked name with 403 and the spec's message, whatever its case and spacing", async () => {
    await server.db.knex("blocked_names").insert({
      full_name: "Pedro Penduko",
      value: "Pedro Penduko",
      match_key: "pedro penduko",
    });
    const car = freshCar();
    for (const fullName of ["Pedro Penduko", "  PEDRO   penduko "]) {
      const res = await post(
        bookingBody({
          documents: await uploadDocuments(server),
          car,
          pickupDate: "2027-03-01",
          returnDate: "2027-03-02",
          fullName,
        }),
      );
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "NAME_BLOCKED", message: BLOCKED_NAME_MESSAGE });
    }
    expect(BLOCKED_NAME_MESSAGE).toBe(
      "Your name is blocked. Do you think this is a mistake? Please contact us.",
    );
    // An unblocked (tombstoned) entry no longer blocks.
    await server.db
      .knex("blocked_names")
      .where({ kind: "name", match_key: "pedro penduko" })
      .update({ deleted_at: new Date() });
    const res = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2027-03-01",
        returnDate: "2027-03-02",
        fullName: "Pedro Penduko",
      }),
    );
    expect(res.status).toBe(201);
  });

  it("checks a name against the blocklist revealing only isBlocked", async () => {
    await server.db
      .knex("blocked_names")
      .insert({ full_name: "Juan Tamad", value: "Juan Tamad", match_key: "juan tamad", reason: "unpaid" });
    const check = async (name: string) => {
      const res = await server.request("GET", `/api/blocked-names/check?name=${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await check(" JUAN   Tamad")).toEqual({ isBlocked: true });
    expect(await check("Juan Masipag")).toEqual({ isBlocked: false });
    expect((await server.request("GET", "/api/blocked-names/check")).status).toBe(400);
    expect((await server.request("GET", `/api/blocked-names/check?name=${"x".repeat(201)}`)).status).toBe(
      400,
    );
  });

  it("refuses a car that is rented, archived or unknown", async () => {
    const rented = freshCar();
    await server.db.knex("cars").where({ id: rented.id }).update({ available: false });
    const res = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: rented,
        pickupDate: "2027-04-01",
        returnDate: "2027-04-02",
      }),
    );
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "CAR_UNAVAILABLE", message: errorMessages.CAR_UNAVAILABLE });

    const archived = freshCar();
    await server.db.knex("cars").where({ id: archived.id }).update({ deleted_at: new Date() });
    const archivedRes = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: archived,
        pickupDate: "2027-04-01",
        returnDate: "2027-04-02",
      }),
    );
    expect(archivedRes.status).toBe(409);
    expect((await errorOf(archivedRes)).code).toBe("CAR_UNAVAILABLE");

    const unknown = { id: "00000000-0000-4000-8000-0000000000aa", dailyRate: "1000.00" };
    const unknownRes = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: unknown,
        pickupDate: "2027-04-01",
        returnDate: "2027-04-02",
      }),
    );
    expect(unknownRes.status).toBe(404);
  });

  it("refuses a past pickup and a return not after the pickup with field messages", async () => {
    const car = freshCar();
    const past = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2026-11-20",
        returnDate: "2026-11-23",
      }),
    );
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toEqual({
      code: "VALIDATION_FAILED",
      message: "Pick-up date cannot be in the past",
      details: { fields: { "booking.pickupDate": ["Pick-up date cannot be in the past"] } },
    });
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2026-12-05",
      returnDate: "2026-12-06",
    });
    const sameDay = await post({ ...body, booking: { ...body.booking, returnDate: "2026-12-05" } });
    expect(sameDay.status).toBe(400);
    const error = await errorOf(sameDay);
    expect(error.message).toBe("Return date must be after the pick-up date");
    expect(error.details).toMatchObject({
      fields: { "booking.returnDate": ["Return date must be after the pick-up date"] },
    });
    // Today (Manila) is bookable.
    expect(
      (
        await post(
          bookingBody({
            documents: await uploadDocuments(server),
            car,
            pickupDate: "2026-11-21",
            returnDate: "2026-11-22",
            pickupTime: "1:00 PM",
          }),
        )
      ).status,
    ).toBe(201);
  });

  it("ignores the read-only fields of what it answers, never storing them", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2027-08-01",
      returnDate: "2027-08-03",
      email: "extra@example.ph",
    });
    const res = await post({
      ...body,
      customer: { ...body.customer, id: "00000000-0000-4000-8000-000000000001" },
      booking: {
        ...body.booking,
        id: "00000000-0000-4000-8000-000000000002",
        status: "confirmed",
        amountPaid: "9999",
      },
    });
    expect(res.status).toBe(201);
    const answer = publicBookingResponseSchema.parse(await res.json());
    expect(answer.booking.id).not.toBe("00000000-0000-4000-8000-000000000002");
    expect(JSON.stringify(answer)).not.toContain("00000000-0000-4000-8000-000000000001");
    expect(answer.booking).toMatchObject({ status: "pending", amountPaid: "0.00" });
  });

  it("refuses a key it does not know (400, naming it) and stores nothing", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2027-08-05",
      returnDate: "2027-08-06",
      email: "typo@example.ph",
    });
    const before = await server.db.knex("bookings").count<{ n: string }[]>("* as n");
    for (const [sent, key] of [
      [{ ...body, admin: true }, "admin"],
      [{ ...body, booking: { ...body.booking, withDriverr: true } }, "booking.withDriverr"],
    ] as const) {
      const res = await post(sent);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as {
        error: { message: string; details: { fields: Record<string, string[]> } };
      };
      expect(answer.error.message).toBe(`Unrecognized key: "${key}"`);
      expect(answer.error.details.fields[key]).toEqual(["Unrecognized key"]);
    }
    expect(await server.db.knex("bookings").count<{ n: string }[]>("* as n")).toEqual(before);
  });

  it("takes the form's acceptTerms and facebookProfile, and refuses terms not accepted", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2027-08-10",
      returnDate: "2027-08-11",
      email: "fb@example.ph",
    });
    for (const refused of [
      { ...body, acceptTerms: false },
      { ...body, booking: { ...body.booking, acceptTerms: false } },
      { ...body, customer: { ...body.customer, acceptTerms: "no" } },
    ]) {
      const res = await post(refused);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe("You must accept the terms and conditions");
    }
    expect(await server.db.knex("customers").where({ email: "fb@example.ph" }).first()).toBeUndefined();

    const res = await post({
      ...body,
      acceptTerms: true,
      customer: { ...body.customer, facebookProfile: "https://facebook.com/maria.santos" },
    });
    expect(res.status).toBe(201);
    const stored = await server.db
      .knex("customers")
      .where({ email: "fb@example.ph" })
      .first<{ facebook_profile: string | null }>();
    expect(stored.facebook_profile).toBe("https://facebook.com/maria.santos");
  });

  it("takes a blank or null pickup time as the default 9:00 AM", async () => {
    const car = freshCar();
    for (const [pickupTime, pickupDate, returnDate] of [
      ["", "2027-09-01", "2027-09-02"],
      [null, "2027-09-05", "2027-09-06"],
    ] as const) {
      const body = bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate,
        returnDate,
        email: "slot@example.ph",
      });
      const res = await post({ ...body, booking: { ...body.booking, pickupTime } });
      expect(res.status, String(pickupTime)).toBe(201);
      expect(publicBookingResponseSchema.parse(await res.json()).booking.pickupTime).toBe("9:00 AM");
    }
  });

  it("answers missing fields with the spec's messages", async () => {
    const res = await post({ customer: {}, booking: {} });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("Full name is required");
    expect(error.details).toMatchObject({
      fields: {
        "customer.fullName": ["Full name is required"],
        "customer.email": ["Valid email is required"],
        "customer.phone": ["Valid phone number is required"],
        "booking.pickupDate": ["Pick-up date is required"],
        "booking.returnDate": ["Return date is required"],
      },
    });
  });

  it("books exactly one of 50 concurrent overlapping requests for one car", async () => {
    const car = freshCar();
    // Each with its own uploads (a set belongs to one booking): the dates are all they share.
    const attempts = Array.from({ length: 50 }, async (_, i) =>
      post(
        bookingBody({
          documents: await uploadDocuments(server),
          car,
          pickupDate: i % 2 === 0 ? "2027-05-10" : "2027-05-11",
          returnDate: "2027-05-13",
          email: `racer${i}@example.ph`,
          fullName: `Racer Number ${i}`,
        }),
      ),
    );
    const responses = await Promise.all(attempts);
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect((await errorOf(res)).code).toBe("DATES_UNAVAILABLE");
    }
    const rows = await server.db.knex("bookings").where({ car_id: car.id });
    expect(rows).toHaveLength(1);
  });

  it("books once when the same request is replayed with one Idempotency-Key", async () => {
    const car = freshCar();
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2027-06-10",
      returnDate: "2027-06-12",
      email: "replay@example.ph",
    });
    const headers = { "Idempotency-Key": "booking-replay-0001" };
    const first = await post(body, headers);
    const second = await post(body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await server.db.knex("bookings").where({ car_id: car.id })).toHaveLength(1);
  });

  it("creates one customer when two first bookings with one e-mail arrive together", async () => {
    const [a, b] = await Promise.all(
      [freshCar(), freshCar()].map(async (car) =>
        post(
          bookingBody({
            documents: await uploadDocuments(server),
            car,
            pickupDate: "2027-07-01",
            returnDate: "2027-07-03",
            email: "Twin@Example.ph",
          }),
        ),
      ),
    );
    expect([a?.status, b?.status]).toEqual([201, 201]);
    const customers = await server.db.knex("customers").whereRaw("lower(email) = 'twin@example.ph'");
    expect(customers).toHaveLength(1);
  });

  it("limits booking attempts per client address (429 with Retry-After)", async () => {
    await server.db
      .knex("rate_limits")
      .where("key", "like", "booking:%")
      .update({ count: PUBLIC_BOOKING_RATE_LIMIT.limit * server.deps.config.rateLimitScale });
    const res = await post(
      bookingBody({
        documents: await uploadDocuments(server),
        car: freshCar(),
        pickupDate: "2027-06-01",
        returnDate: "2027-06-02",
      }),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await errorOf(res)).code).toBe("TOO_MANY_REQUESTS");
  });
});
