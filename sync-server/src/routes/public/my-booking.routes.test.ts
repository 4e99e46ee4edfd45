/**
 * Release-2 §D2 and §D3: My booking's calls against the real server and
 * database: the lookup with its uniform 404 and its limit, the cancellation
 * with the 24-hour rule, the calendar file and the confirmation e-mail.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { contactSettings } from "@car-rental/shared/constants";
import { errorMessages } from "@car-rental/shared/messages";
import { publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { bookedRangeSchema } from "@car-rental/shared/schemas/booking";
import { myBookingSchema, type BookingLookupBody } from "@car-rental/shared/schemas/my-booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { z } from "zod";
import { TEST_NOW, startTestServer, type TestServer } from "../../test-server";
import { BOOKING_LOOKUP_FAILURE_LIMIT } from "../../services/bookings/my-booking.service";
import {
  bookingBody,
  errorOf,
  insertCustomer,
  publicCars,
  uploadDocuments,
  uploadObject,
  type BookingOptions,
} from "./booking-test-helpers";

const PUBLIC_URL = "http://rental.test";

describe.each(testEngines())("My booking (%s)", (engine) => {
  let server: TestServer;
  let cars: Car[];
  let nextCar = 0;
  const freshCar = (): Car => {
    const car = cars.filter((c) => c.available)[nextCar++];
    if (!car) throw new Error("the fleet ran out of cars for this test file");
    return car;
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { config: { publicUrl: PUBLIC_URL } });
    cars = await publicCars(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    server.clock.set(TEST_NOW);
    await server.db.knex("rate_limits").delete();
  });

  type BookOptions = Partial<Omit<BookingOptions, "documents" | "car">> & { car?: Car };
  const book = async (options: BookOptions = {}) => {
    const res = await server.request("POST", "/api/bookings", {
      body: bookingBody({
        // A set of uploads of its own: a set belongs to one booking.
        documents: await uploadDocuments(server),
        ...options,
        car: options.car ?? freshCar(),
        pickupDate: options.pickupDate ?? "2026-12-01",
        returnDate: options.returnDate ?? "2026-12-04",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return publicBookingResponseSchema.parse(await res.json());
  };
  const lookup = (body: BookingLookupBody) => server.request("POST", "/api/bookings/lookup", { body });
  const lookupOk = async (body: BookingLookupBody) => {
    const res = await lookup(body);
    expect(res.status, await res.clone().text()).toBe(200);
    return myBookingSchema.parse(await res.json());
  };
  const cancel = (id: string, bookingToken: string) =>
    server.request("POST", `/api/bookings/${id}/cancel`, { body: { bookingToken } });
  const mails = (bookingId: string) =>
    server.db
      .knex("mail_outbox")
      .where({ booking_id: bookingId })
      .orderBy("id")
      .select<{ kind: string; to_address: string; text_body: string; attachments: unknown }[]>(
        "kind",
        "to_address",
        "text_body",
        "attachments",
      );

  it("finds a booking by reference and e-mail (any case) or phone (09… or +639…), with status, payments and documents", async () => {
    const made = await book({ email: "Ana.Reyes@Example.ph", phone: "0917 555 1234", fullName: "Ana Reyes" });
    const reference = made.booking.reference;
    const byEmail = await lookupOk({ reference: reference.toLowerCase(), contact: "ana.reyes@example.PH" });
    expect(byEmail.booking).toMatchObject({
      id: made.booking.id,
      reference,
      status: "pending",
      amountPaid: "0.00",
      balance: made.booking.total,
      documents: { photoId1: true, photoId2: true, proofOfBilling: true, complete: true },
      cancellable: true,
      carName: made.car.name,
    });
    // The status at the top of the answer too.
    expect(byEmail.status).toBe("pending");
    expect(byEmail.customer).toEqual({ fullName: "Ana Reyes", email: "ana.reyes@example.ph" });
    expect(byEmail.booking).not.toHaveProperty("customerId");
    expect(byEmail.bookingToken.length).toBeGreaterThan(20);

    const byPhone = await lookupOk({ reference, contact: "+63 917-555-1234" });
    expect(byPhone.booking.id).toBe(made.booking.id);
    // The token of the confirmation (the e-mail's link) opens it too, and so does a lookup's.
    expect((await lookupOk({ reference, bookingToken: made.bookingToken })).bookingToken).toBe(
      made.bookingToken,
    );
    expect((await lookupOk({ reference, bookingToken: byEmail.bookingToken })).booking.id).toBe(
      made.booking.id,
    );
  });

  it("answers the same 404 for a wrong reference, a wrong contact and a wrong token", async () => {
    const made = await book({ email: "ben@example.ph", phone: "09175550001" });
    const answers = [
      await lookup({ reference: "ACR-ZZZZZZ", contact: "ben@example.ph" }),
      await lookup({ reference: made.booking.reference, contact: "someone@example.ph" }),
      await lookup({ reference: made.booking.reference, contact: "09175550002" }),
      await lookup({ reference: "not a reference", contact: "ben@example.ph" }),
      await lookup({ reference: made.booking.reference, bookingToken: "wrong-token" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({
        code: "BOOKING_NOT_FOUND",
        message: errorMessages.BOOKING_NOT_FOUND,
      });
    }
  });

  it("answers 429 after 10 failed lookups from one address in 15 minutes, even a right one", async () => {
    const made = await book();
    const right = { reference: made.booking.reference, contact: made.customer.email };
    // Successful lookups do not count.
    for (let i = 0; i < 3; i++) await lookupOk(right);
    for (let i = 0; i < BOOKING_LOOKUP_FAILURE_LIMIT.limit; i++) {
      expect((await lookup({ ...right, contact: `x${i}@example.ph` })).status).toBe(404);
    }
    const limited = await lookup(right);
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).code).toBe("TOO_MANY_REQUESTS");
    server.clock.advance(15 * 60 * 1000);
    await lookupOk(right);
  });

  it("cancels with the token: dates freed, both sides mailed, the owner notified; a repeat is 200 without a second mail", async () => {
    const car = freshCar();
    const made = await book({ car, pickupDate: "2026-12-10", returnDate: "2026-12-12" });
    const busy = async () =>
      z
        .array(bookedRangeSchema)
        .parse(await (await server.request("GET", `/api/cars/${car.id}/booked-dates`)).json())
        .some((range) => range.start === "2026-12-10");
    expect(await busy()).toBe(true);

    const res = await cancel(made.booking.id, made.bookingToken);
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = myBookingSchema.parse(await res.json());
    expect(answer.booking.status).toBe("cancelled");
    expect(answer.status).toBe("cancelled");
    expect(answer.booking.cancellable).toBe(false);
    expect(await busy()).toBe(false);
    // Another customer can take the same dates at once.
    await book({ car, pickupDate: "2026-12-10", returnDate: "2026-12-12" });

    const sent = await mails(made.booking.id);
    const cancelMails = sent.filter((mail) => mail.kind.startsWith("booking-cancelled"));
    expect(cancelMails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ["booking-cancelled", made.customer.email.toLowerCase()],
      ["booking-cancelled-notice", server.deps.config.businessEmail],
    ]);
    expect(cancelMails[0]?.text_body).toContain(made.booking.reference);
    const pushes = await server.db.knex("push_outbox").where({ kind: "cancellation" }).select("message");
    expect(JSON.stringify(pushes)).toContain(made.booking.reference);

    // Cancelling again is refused, and mails nobody again.
    const again = await cancel(made.booking.id, made.bookingToken);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({
      code: "CANCELLATION_CLOSED",
      details: { reason: "status", status: "cancelled" },
    });
    expect((await mails(made.booking.id)).length).toBe(sent.length);

    // Release-2 A3: the booking token stops working once the booking is cancelled.
    const token = encodeURIComponent(made.bookingToken);
    const documents = await uploadDocuments(server);
    for (const res of [
      await server.request("GET", `/api/bookings/${made.booking.id}/calendar.ics?token=${token}`),
      await server.request("POST", "/api/bookings/lookup", {
        body: { reference: made.booking.reference, bookingToken: made.bookingToken },
      }),
      await server.request("PUT", `/api/bookings/${made.booking.id}/documents`, {
        body: { ...documents, bookingToken: made.bookingToken },
      }),
    ]) {
      expect(res.status).toBe(404);
    }
    // Its own token is no guess: trying it again and again never reaches the failed-lookup limit.
    for (let i = 0; i <= BOOKING_LOOKUP_FAILURE_LIMIT.limit; i++) {
      const res = await lookup({ reference: made.booking.reference, bookingToken: made.bookingToken });
      expect(res.status).toBe(404);
    }
    // Looking it up by its reference and contact still shows it, cancelled.
    const found = await lookupOk({ reference: made.booking.reference, contact: made.customer.email });
    expect(found.booking.status).toBe("cancelled");
  });

  it("refuses with 409 CANCELLATION_CLOSED within 24 hours of pickup and once the booking is no longer active", async () => {
    // Now is 2026-11-21 09:30 in Manila: a 9:00 AM pickup tomorrow is 23.5 hours away.
    const soon = await book({ pickupDate: "2026-11-22", returnDate: "2026-11-24", pickupTime: "9:00 AM" });
    const found = await lookupOk({ reference: soon.booking.reference, contact: soon.customer.email });
    expect(found.booking.cancellable).toBe(false);
    const late = await cancel(soon.booking.id, found.bookingToken);
    expect(late.status).toBe(409);
    const error = await errorOf(late);
    expect(error.code).toBe("CANCELLATION_CLOSED");
    expect(error.details).toMatchObject({ reason: "too-late" });
    expect(error.message).toMatch(/less than 24 hours/);

    // 10:00 AM tomorrow is 24.5 hours away: still open.
    const inTime = await book({ pickupDate: "2026-11-22", returnDate: "2026-11-24", pickupTime: "10:00 AM" });
    expect((await cancel(inTime.booking.id, inTime.bookingToken)).status).toBe(200);

    const done = await book();
    await server.db.knex("bookings").where({ id: done.booking.id }).update({ status: "completed" });
    const refused = await cancel(done.booking.id, done.bookingToken);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).details).toMatchObject({ reason: "status", status: "completed" });
    expect((await server.db.knex("bookings").where({ id: done.booking.id }).first()).status).toBe(
      "completed",
    );
  });

  it("answers 404 BOOKING_NOT_FOUND to a cancel or calendar call with a wrong token or id", async () => {
    const made = await book();
    const other = await book();
    for (const res of [
      await cancel(made.booking.id, "wrong-token"),
      await cancel(made.booking.id, other.bookingToken),
      await cancel("not-an-id", made.bookingToken),
      await server.request("GET", `/api/bookings/${made.booking.id}/calendar.ics?token=wrong`),
      await server.request("GET", `/api/bookings/${made.booking.id}/calendar.ics`),
    ]) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("BOOKING_NOT_FOUND");
    }
    expect((await server.db.knex("bookings").where({ id: made.booking.id }).first()).status).toBe("pending");
  });

  it("takes the cancel's booking token in the address too (?token=, as calendar.ics takes it)", async () => {
    const made = await book();
    const other = await book();
    const cancelAt = (id: string, token: string, body: unknown = {}) =>
      server.request("POST", `/api/bookings/${id}/cancel?token=${encodeURIComponent(token)}`, { body });
    const wrong = await cancelAt(made.booking.id, other.bookingToken);
    expect(wrong.status).toBe(404);
    expect((await errorOf(wrong)).code).toBe("BOOKING_NOT_FOUND");
    // Without a token anywhere: 400, nothing changes.
    const none = await server.request("POST", `/api/bookings/${made.booking.id}/cancel`, { body: {} });
    expect(none.status).toBe(400);
    expect((await server.db.knex("bookings").where({ id: made.booking.id }).first()).status).toBe("pending");

    const res = await cancelAt(made.booking.id, made.bookingToken);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(myBookingSchema.parse(await res.json()).booking.status).toBe("cancelled");
  });

  it("serves the booking's calendar file: one event from pickup to return at the pickup time, at the shop", async () => {
    const made = await book({ pickupDate: "2026-12-20", returnDate: "2026-12-23", pickupTime: "2:00 PM" });
    const url = `/api/bookings/${made.booking.id}/calendar.ics?token=${encodeURIComponent(made.bookingToken)}`;
    const res = await server.request("GET", url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.headers.get("content-disposition")).toContain(`${made.booking.reference}.ics`);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Asia/Manila");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = new ICAL.Event(events[0]);
    // 2:00 PM in Manila is 06:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-20T06:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-23T06:00:00.000Z");
    expect(event.location).toBe(contactSettings.address);
    expect(event.summary).toContain(made.booking.reference);
  });

  it("mails the confirmation with the My booking link and the same calendar file attached", async () => {
    const made = await book();
    const confirmation = (await mails(made.booking.id)).find((mail) => mail.kind === "booking-confirmation");
    const link = `${PUBLIC_URL}/my-booking?ref=${made.booking.reference}&token=${made.bookingToken}`;
    expect(confirmation?.text_body).toContain(link);
    const attachments = z
      .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
      .parse(confirmation?.attachments);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]?.filename).toBe(`${made.booking.reference}.ics`);
    expect(attachments[0]?.contentType).toMatch(/^text\/calendar/);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(attachments[0]?.content ?? "")).getFirstSubcomponent("vevent") ??
        undefined,
    );
    expect(event.uid).toBe(`${made.booking.id}@alaminoscarrental.ph`);
    // The link opens the booking without typing.
    const url = new URL(link);
    const opened = await lookupOk({
      reference: url.searchParams.get("ref") ?? "",
      bookingToken: url.searchParams.get("token") ?? "",
    });
    expect(opened.booking.id).toBe(made.booking.id);
  });

  it("lets a booking the shop recorded (no documents, no token of its own) be found and its documents added", async () => {
    const cookie = await server.adminCookie();
    const car = freshCar();
    await insertCustomer(server.db.knex, {
      fullName: "Carlo Dizon",
      email: "carlo@example.ph",
      phone: "09185550123",
    });
    const created = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "carlo@example.ph",
        customerName: "Carlo Dizon",
        carName: car.name,
        carId: car.id,
        pickupDate: "2026-12-15",
        returnDate: "2026-12-17",
        total: "5000.00",
        status: "confirmed",
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { reference } = z.object({ reference: z.string() }).parse(await created.json());
    const found = await lookupOk({ reference, contact: "+639185550123" });
    expect(found.customer).toEqual({ fullName: "Carlo Dizon", email: "carlo@example.ph" });
    expect(found.booking).toMatchObject({ status: "confirmed", balance: "5000.00" });
    expect(found.booking.documents).toEqual({
      photoId1: false,
      photoId2: false,
      proofOfBilling: false,
      complete: false,
    });
    const put = await server.request("PUT", `/api/bookings/${found.booking.id}/documents`, {
      body: { bookingToken: found.bookingToken, photoId1Url: await uploadObject(server, "document") },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const again = await lookupOk({ reference, bookingToken: found.bookingToken });
    expect(again.booking.documents).toMatchObject({ photoId1: true, photoId2: false, complete: false });
  });
});
