/**
 * Release 2 A3 and A4: a customer's data belongs to the customer; nobody can
 * hold the fleet hostage. Each test is a hole of release 1 that must stay shut.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { errorMessages, validationMessages } from "@car-rental/shared/messages";
import { adminCustomerSchema } from "@car-rental/shared/schemas/customer";
import { bookingViewSchema, publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import type { Car } from "@car-rental/shared/schemas/car";
import { z } from "zod";
import { expirePendingBookings } from "../../services/bookings/booking-expiry.service";
import { PUBLIC_BOOKING_RATE_LIMIT } from "../../services/bookings/public-booking.service";
import { TEST_NOW, startTestServer, type TestServer } from "../../test-server";
import {
  bookingBody,
  errorOf,
  insertBookingRow,
  insertCustomer,
  publicCars,
  uploadDocuments,
  uploadObject,
  type BookingOptions,
  type DocumentPaths,
} from "./booking-test-helpers";

const HOUR = 60 * 60 * 1000;

describe.each(testEngines())("booking trust rules (%s)", (engine) => {
  let server: TestServer;
  let cars: Car[];
  let docs: DocumentPaths;
  let cookie: string;
  let nextCar = 0;
  const freshCar = (): Car => {
    const car = cars.filter((c) => c.available)[nextCar++];
    if (!car) throw new Error("the fleet ran out of cars for this test file");
    return car;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    cars = await publicCars(server);
    docs = await uploadDocuments(server);
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    server.clock.set(TEST_NOW);
    // Each test starts with a fresh per-address allowance; the limit itself is tested below.
    await server.db.knex("rate_limits").delete();
  });

  /** A public booking; without `documents`, with a set of its own uploaded for it (a set belongs to one booking). */
  const book = async (options: BookingOptions) =>
    server.request("POST", "/api/bookings", {
      body: bookingBody({ ...options, documents: options.documents ?? (await uploadDocuments(server)) }),
    });
  const bookOk = async (options: Parameters<typeof book>[0]) => {
    const res = await book(options);
    expect(res.status, await res.clone().text()).toBe(201);
    return publicBookingResponseSchema.parse(await res.json());
  };

  it("never lets a booking with an existing customer's e-mail replace that customer's documents or details", async () => {
    // The victim's own first booking creates their customer record, with their documents.
    const theirs = await uploadDocuments(server);
    const victimBooking = await bookOk({
      car: freshCar(),
      pickupDate: "2026-12-01",
      returnDate: "2026-12-03",
      email: "victim@example.ph",
      fullName: "Victim Customer",
      phone: "09175550000",
      documents: theirs,
    });
    const victimRow = await server.db.knex("customers").where({ email: "victim@example.ph" }).first();
    const victimId = String(victimRow?.id);
    const strangers = await uploadDocuments(server);
    server.clock.advance(60_000);
    const res = await book({
      car: freshCar(),
      pickupDate: "2026-12-05",
      returnDate: "2026-12-06",
      email: "VICTIM@Example.PH",
      fullName: "Mallory",
      phone: "09998887766",
      documents: strangers,
    });
    expect(res.status).toBe(201);
    const raw: unknown = await res.json();
    const text = JSON.stringify(raw);
    expect(text).not.toContain(victimId);
    expect(text).not.toContain("Victim Customer");
    expect(text).not.toContain("9175550000");
    expect(text).not.toContain(theirs.photoId1Url);
    const answer = publicBookingResponseSchema.parse(raw);

    // The stranger's token works on the stranger's booking only; the release-1 path is gone.
    const replace = await uploadDocuments(server);
    const onVictim = await server.request("PUT", `/api/bookings/${victimBooking.booking.id}/documents`, {
      body: { ...replace, bookingToken: answer.bookingToken },
    });
    expect(onVictim.status).toBe(404);
    const oldPath = await server.request("PUT", `/api/customers/${victimId}/documents`, {
      body: { ...replace, bookingToken: answer.bookingToken },
    });
    expect(oldPath.status).toBe(410);
    expect((await errorOf(oldPath)).code).toBe("GONE");

    // The customer is as it was; each booking keeps its own documents; the admin sees both.
    const stored = await server.db.knex("customers").where({ id: victimId }).first();
    expect(stored).toMatchObject({
      full_name: "Victim Customer",
      phone: victimRow?.phone,
      photo_id1_url: null,
      created_by_booking_id: victimBooking.booking.id,
    });
    const list = await server.request("GET", "/api/admin/bookings", { cookie });
    const views = z.array(bookingViewSchema).parse(await list.json());
    expect(views.find((v) => v.id === victimBooking.booking.id)?.documents).toEqual(theirs);
    expect(views.find((v) => v.id === answer.booking.id)?.documents).toEqual(strangers);
    const customers = z
      .array(adminCustomerSchema)
      .parse(await (await server.request("GET", "/api/admin/customers", { cookie })).json());
    const victim = customers.find((c) => c.id === victimId);
    // The customer record shows the documents of the booking that created it (the stranger's never), and
    // every booking's own.
    expect(victim).toMatchObject(theirs);
    expect(victim?.bookings.map((b) => b.documents)).toEqual([strangers, theirs]);
    const sync = syncResponseSchema.parse(
      await (await server.request("GET", "/api/admin/sync", { cookie })).json(),
    );
    expect(sync.bookings.find((b) => b.id === victimBooking.booking.id)?.documents).toEqual(theirs);
  });

  it("shows no booking's documents on a customer the shop entered before anyone booked with their e-mail", async () => {
    const customerId = await insertCustomer(server.db.knex, {
      fullName: "Entered By Hand",
      email: "entered@example.ph",
    });
    // Whoever books first with that e-mail may be anyone: their documents stay on their booking.
    const strangers = await uploadDocuments(server);
    // A car of another test, on days no other test books.
    const car = cars.filter((c) => c.available)[0];
    if (!car) throw new Error("no car");
    const first = await bookOk({
      car,
      pickupDate: "2027-07-01",
      returnDate: "2027-07-02",
      email: "Entered@Example.ph",
      fullName: "Not The Customer",
      documents: strangers,
    });
    const customers = z
      .array(adminCustomerSchema)
      .parse(await (await server.request("GET", "/api/admin/customers", { cookie })).json());
    const entered = customers.find((c) => c.id === customerId);
    expect(entered).toMatchObject({
      fullName: "Entered By Hand",
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
    });
    expect(entered?.bookings.map((b) => [b.id, b.documents])).toEqual([[first.booking.id, strangers]]);
    const sync = syncResponseSchema.parse(
      await (await server.request("GET", "/api/admin/sync", { cookie })).json(),
    );
    expect(sync.customers.find((c) => c.id === customerId)).toMatchObject({ photoId1Url: null });
  });

  it("keeps a customer the shop recorded without documents without them when someone books with their e-mail", async () => {
    const customerId = await insertCustomer(server.db.knex, {
      fullName: "Walk-in Customer",
      email: "walk-in@example.ph",
    });
    // A car of another test, on days no other test books.
    const car = cars.filter((c) => c.available)[0];
    if (!car) throw new Error("no car");
    const recorded = await insertBookingRow(server.db.knex, {
      customerId,
      carId: car.id,
      pickupDate: "2027-06-01",
      returnDate: "2027-06-02",
      status: "confirmed",
    });
    // Recorded by the shop the day before (the server's clock is the test's).
    await server.db
      .knex("bookings")
      .where({ id: recorded })
      .update({ created_at: new Date(server.clock.now().getTime() - 24 * HOUR) });
    const strangers = await uploadDocuments(server);
    await bookOk({
      car,
      pickupDate: "2027-06-08",
      returnDate: "2027-06-09",
      email: "walk-in@example.ph",
      fullName: "Someone Else",
      documents: strangers,
    });
    const customers = z
      .array(adminCustomerSchema)
      .parse(await (await server.request("GET", "/api/admin/customers", { cookie })).json());
    const walkIn = customers.find((c) => c.id === customerId);
    expect(walkIn).toMatchObject({ photoId1Url: null, photoId2Url: null, proofOfBillingUrl: null });
    // The stranger's booking carries its own documents, and the admin sees them on it.
    expect(walkIn?.bookings.find((b) => b.documents?.photoId1Url === strangers.photoId1Url)).toBeDefined();
  });

  it("requires the three documents (400 DOCUMENTS_REQUIRED) and books nothing without them", async () => {
    const car = freshCar();
    for (const documents of [
      { ...docs, proofOfBillingUrl: null },
      { ...docs, photoId2Url: null },
      { photoId1Url: docs.photoId1Url },
      // One upload standing in for two documents is one missing.
      { ...docs, photoId2Url: docs.photoId1Url },
      { photoId1Url: docs.photoId1Url, photoId2Url: docs.photoId1Url, proofOfBillingUrl: docs.photoId1Url },
    ]) {
      const res = await book({ car, pickupDate: "2026-12-10", returnDate: "2026-12-12", documents });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "DOCUMENTS_REQUIRED",
        message: errorMessages.DOCUMENTS_REQUIRED,
      });
    }
    const { documents: _none, ...withoutDocuments } = bookingBody({
      car,
      pickupDate: "2026-12-10",
      returnDate: "2026-12-12",
    });
    const res = await server.request("POST", "/api/bookings", { body: withoutDocuments });
    expect((await errorOf(res)).code).toBe("DOCUMENTS_REQUIRED");
    expect(await server.db.knex("bookings").where({ car_id: car.id })).toHaveLength(0);
  });

  it("books at most 30 days, with the field message for longer rentals", async () => {
    const car = freshCar();
    const res = await book({ car, pickupDate: "2026-12-01", returnDate: "2027-01-01" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Rentals longer than 30 days: please contact us.",
      details: { fields: { "booking.returnDate": ["Rentals longer than 30 days: please contact us."] } },
    });
    expect(validationMessages.onlineRentalTooLong).toBe("Rentals longer than 30 days: please contact us.");
    await bookOk({ car, pickupDate: "2026-12-01", returnDate: "2026-12-31" });
  });

  it("lets one e-mail and one phone hold at most 2 pending bookings (429 TOO_MANY_PENDING)", async () => {
    const [a, b, c] = [freshCar(), freshCar(), freshCar()];
    const dates = { pickupDate: "2027-01-10", returnDate: "2027-01-12" };
    await bookOk({ car: a, ...dates, email: "busy@example.ph" });
    const second = await bookOk({ car: b, ...dates, email: "Busy@Example.ph" });
    const third = await book({ car: c, ...dates, email: "BUSY@example.ph" });
    expect(third.status).toBe(429);
    expect(await errorOf(third)).toEqual({
      code: "TOO_MANY_PENDING",
      message: errorMessages.TOO_MANY_PENDING,
    });
    // Once the shop confirms one, the address may book again.
    const confirm = await server.request("PATCH", `/api/admin/bookings/${second.booking.id}/status`, {
      cookie,
      body: { status: "confirmed" },
    });
    expect(confirm.status).toBe(200);
    await bookOk({ car: c, ...dates, email: "busy@example.ph" });

    // One phone number, however it is written, under different e-mails.
    const dates2 = { pickupDate: "2027-01-20", returnDate: "2027-01-22" };
    await bookOk({ car: a, ...dates2, phone: "+63 917 111 2222" });
    await bookOk({ car: b, ...dates2, phone: "0917-111-2222" });
    const byPhone = await book({ car: c, ...dates2, phone: "09171112222" });
    expect(byPhone.status).toBe(429);
    expect((await errorOf(byPhone)).code).toBe("TOO_MANY_PENDING");
  });

  it("gives parallel bookings with one e-mail at most 2 pending bookings", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        book({
          car: freshCar(),
          pickupDate: "2027-02-01",
          returnDate: "2027-02-03",
          email: "racer@example.ph",
        }),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
    const pending = await server.db
      .knex("bookings")
      .where({ contact_email: "racer@example.ph", status: "pending" });
    expect(pending).toHaveLength(2);
  });

  it("books a booking sent twice at once (same contact, car, dates and uploads) once: the other is 409 DATES_UNAVAILABLE", async () => {
    const documents = await uploadDocuments(server);
    const car = freshCar();
    const attempts = await Promise.all(
      Array.from({ length: 2 }, () =>
        book({
          car,
          pickupDate: "2027-02-05",
          returnDate: "2027-02-07",
          email: "twice@example.ph",
          documents,
        }),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = attempts.find((res) => res.status === 409);
    const error = refused ? await errorOf(refused) : undefined;
    expect(error?.code).toBe("DATES_UNAVAILABLE");
    expect(error?.details).toMatchObject({ conflicts: [{ start: "2027-02-05", end: "2027-02-07" }] });
  });

  it("leaves the uploads of a booking refused for its dates free: they book other dates afterwards", async () => {
    const car = freshCar();
    await bookOk({ car, pickupDate: "2027-03-01", returnDate: "2027-03-03" });
    const documents = await uploadDocuments(server);
    const clash = await book({ car, pickupDate: "2027-03-02", returnDate: "2027-03-04", documents });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe("DATES_UNAVAILABLE");
    const paths = Object.values(documents).map((objectPath) => objectPath.replace(/^\/objects\//, ""));
    const rows = await server.db.knex("objects").whereIn("path", paths).select("booking_id", "attached_at");
    expect(rows).toEqual(paths.map(() => ({ booking_id: null, attached_at: null })));
    const later = await bookOk({ car, pickupDate: "2027-03-05", returnDate: "2027-03-07", documents });
    const owners = await server.db.knex("objects").whereIn("path", paths).pluck("booking_id");
    expect(owners).toEqual(paths.map(() => later.booking.id));
  });

  it("books in parallel with one upload set: exactly one booking gets it, the others 422 DOCUMENT_ALREADY_USED, none a deadlock's 500", async () => {
    const shared = await uploadDocuments(server);
    const car = freshCar();
    const { photoId1Url: a, photoId2Url: b, proofOfBillingUrl: c } = shared;
    // The same three uploads in other slots too: taken in any order, never a deadlock.
    const orders = [
      { photoId1Url: a, photoId2Url: b, proofOfBillingUrl: c },
      { photoId1Url: c, photoId2Url: a, proofOfBillingUrl: b },
      { photoId1Url: b, photoId2Url: c, proofOfBillingUrl: a },
      { photoId1Url: c, photoId2Url: b, proofOfBillingUrl: a },
    ];
    // One car on four dates that do not meet: the documents are the only thing the bookings share.
    const attempts = await Promise.all(
      ["2027-02-10", "2027-02-14", "2027-02-18", "2027-02-22"].map((pickupDate, n) =>
        book({ car, pickupDate, returnDate: `2027-02-${11 + 4 * n}`, documents: orders[n] }),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses, JSON.stringify(statuses)).toEqual([201, 422, 422, 422]);
    for (const res of attempts.filter((r) => r.status === 422)) {
      expect((await errorOf(res)).code).toBe("DOCUMENT_ALREADY_USED");
    }
    const holders = await server.db.knex("bookings").where({ car_id: car.id });
    expect(holders).toHaveLength(1);
  });

  it("refuses another booking's uploads with 422 DOCUMENT_ALREADY_USED, one reused file is enough, and books nothing", async () => {
    const car = freshCar();
    const theirs = await uploadDocuments(server);
    const first = await bookOk({
      car,
      pickupDate: "2027-05-01",
      returnDate: "2027-05-03",
      documents: theirs,
    });
    const mine = await uploadDocuments(server);
    const dates = { pickupDate: "2027-05-05", returnDate: "2027-05-07" };
    for (const documents of [theirs, { ...mine, photoId2Url: theirs.photoId2Url }]) {
      const res = await book({ car, ...dates, documents });
      expect(res.status).toBe(422);
      const error = await errorOf(res);
      expect(error).toMatchObject({
        code: "DOCUMENT_ALREADY_USED",
        message: errorMessages.DOCUMENT_ALREADY_USED,
      });
      const named = z.object({ objectPaths: z.array(z.string()) }).parse(error.details).objectPaths;
      expect(named.sort()).toEqual(
        documents === theirs ? Object.values(theirs).sort() : [theirs.photoId2Url],
      );
    }
    expect(
      await server.db.knex("bookings").where({ car_id: car.id, pickup_date: dates.pickupDate }),
    ).toHaveLength(0);
    // The refused booking's own uploads were not taken: they book (once).
    await bookOk({ car, ...dates, documents: mine });

    // The documents path of the retry flow refuses them too, and the first booking keeps its own.
    const second = await bookOk({ car, pickupDate: "2027-05-10", returnDate: "2027-05-12" });
    const put = await server.request("PUT", `/api/bookings/${second.booking.id}/documents`, {
      body: { photoId1Url: theirs.photoId1Url, bookingToken: second.bookingToken },
    });
    expect(put.status).toBe(422);
    expect((await errorOf(put)).code).toBe("DOCUMENT_ALREADY_USED");
    const again = await server.request("PUT", `/api/bookings/${first.booking.id}/documents`, {
      body: { ...theirs, bookingToken: first.bookingToken },
    });
    expect(again.status, await again.clone().text()).toBe(200);
    const list = await server.request("GET", "/api/admin/bookings", { cookie });
    const views = z.array(bookingViewSchema).parse(await list.json());
    expect(views.find((v) => v.id === first.booking.id)?.documents).toEqual(theirs);
    expect(views.find((v) => v.id === second.booking.id)?.documents).not.toMatchObject({
      photoId1Url: theirs.photoId1Url,
    });
  });

  it("refuses a handover photo as a booking's document, and the admin's handover still takes its uploads", async () => {
    const car = freshCar();
    const rental = await bookOk({ car, pickupDate: "2026-11-25", returnDate: "2026-11-27" });
    const confirm = await server.request("PATCH", `/api/admin/bookings/${rental.booking.id}/status`, {
      cookie,
      body: { status: "confirmed" },
    });
    expect(confirm.status).toBe(200);
    const photo = await uploadObject(server, "document", cookie);
    const signature = await uploadObject(server, "document", cookie);
    const checkOut = await server.request("POST", `/api/admin/bookings/${rental.booking.id}/check-out`, {
      cookie,
      body: { odometerKm: 1200, fuelEighths: 8, notes: null, photos: [photo], signature },
    });
    expect(checkOut.status, await checkOut.clone().text()).toBe(200);

    const mine = await uploadDocuments(server);
    const res = await book({
      car,
      pickupDate: "2027-05-20",
      returnDate: "2027-05-22",
      documents: { ...mine, proofOfBillingUrl: photo },
    });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({
      code: "DOCUMENT_ALREADY_USED",
      details: { objectPaths: [photo] },
    });
  });

  it("answers a replay of the same booking (same Idempotency-Key) with the stored answer, not DOCUMENT_ALREADY_USED", async () => {
    const body = bookingBody({
      car: freshCar(),
      pickupDate: "2027-06-01",
      returnDate: "2027-06-03",
      documents: await uploadDocuments(server),
    });
    const headers = { "Idempotency-Key": "docs-replay-0001" };
    const first = await server.request("POST", "/api/bookings", { body, headers });
    expect(first.status).toBe(201);
    const answer: unknown = await first.json();
    const replay = await server.request("POST", "/api/bookings", { body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual(answer);
    // Under another key it is another booking (here on other dates): its uploads are taken.
    const other = await server.request("POST", "/api/bookings", {
      body: { ...body, booking: { ...body.booking, pickupDate: "2027-06-10", returnDate: "2027-06-12" } },
      headers: { "Idempotency-Key": "docs-replay-0002" },
    });
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe("DOCUMENT_ALREADY_USED");
  });

  it("expires a pending booking after the hold: dates free, one mail, shown as expired; the admin may revive it", async () => {
    const car = freshCar();
    const dates = { pickupDate: "2027-03-01", returnDate: "2027-03-03" };
    const answer = await bookOk({ car, ...dates, email: "slow@example.ph" });
    const id = answer.booking.id;
    expect(server.deps.config.pendingHoldHours).toBe(24);

    server.clock.advance(23 * HOUR);
    expect(await expirePendingBookings(server.deps)).toBe(0);
    server.clock.advance(1 * HOUR + 1000);
    // Every pending booking of this file made at the same test time expires with it.
    expect(await expirePendingBookings(server.deps)).toBeGreaterThanOrEqual(1);
    // Run again (a second process, a restart): nothing more happens.
    expect(await expirePendingBookings(server.deps)).toBe(0);

    const row = await server.db.knex("bookings").where({ id }).first<{ status: string }>();
    expect(row.status).toBe("expired");
    const mails = await server.db.knex("mail_outbox").where({ booking_id: id, kind: "booking-expired" });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: "slow@example.ph" });

    // The token stops working once the booking expired.
    const more = await uploadDocuments(server);
    const put = await server.request("PUT", `/api/bookings/${id}/documents`, {
      body: { ...more, bookingToken: answer.bookingToken },
    });
    expect(put.status).toBe(404);

    // The admin sees it under expired.
    const list = await server.request("GET", "/api/admin/bookings?status=expired", { cookie });
    expect(list.status).toBe(200);
    const views = z.array(bookingViewSchema).parse(await list.json());
    expect(views.map((v) => v.id)).toContain(id);

    // The admin may revive it (not expired again by the job) ...
    const revive = await server.request("PATCH", `/api/admin/bookings/${id}/status`, {
      cookie,
      body: { status: "pending" },
    });
    expect(revive.status).toBe(200);
    server.clock.advance(48 * HOUR);
    await expirePendingBookings(server.deps);
    expect((await server.db.knex("bookings").where({ id }).first<{ status: string }>()).status).toBe(
      "pending",
    );
    // ... but not over dates taken in the meantime.
    await server.request("PATCH", `/api/admin/bookings/${id}/status`, {
      cookie,
      body: { status: "expired" },
    });
    await bookOk({ car, ...dates, email: "quick@example.ph" });
    const clash = await server.request("PATCH", `/api/admin/bookings/${id}/status`, {
      cookie,
      body: { status: "confirmed" },
    });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).code).toBe("DATES_UNAVAILABLE");
  });

  it("stops a booking token when the booking is cancelled and 30 days after its return", async () => {
    const first = await bookOk({ car: freshCar(), pickupDate: "2026-11-25", returnDate: "2026-11-27" });
    const more = await uploadDocuments(server);
    const put = (id: string, token: string) =>
      server.request("PUT", `/api/bookings/${id}/documents`, { body: { ...more, bookingToken: token } });
    // Return 2026-11-27: the token works until 2026-12-27 (Manila), not after.
    server.clock.set(new Date("2026-12-27T10:00:00+08:00"));
    expect((await put(first.booking.id, first.bookingToken)).status).toBe(200);
    server.clock.set(new Date("2026-12-28T10:00:00+08:00"));
    expect((await put(first.booking.id, first.bookingToken)).status).toBe(404);

    server.clock.set(TEST_NOW);
    const second = await bookOk({ car: freshCar(), pickupDate: "2026-12-20", returnDate: "2026-12-22" });
    await server.request("PATCH", `/api/admin/bookings/${second.booking.id}/status`, {
      cookie,
      body: { status: "cancelled" },
    });
    expect((await put(second.booking.id, second.bookingToken)).status).toBe(404);
  });

  it("takes 20 public bookings an hour from one address, then 429 until the next hour", async () => {
    expect(PUBLIC_BOOKING_RATE_LIMIT).toEqual({ limit: 20, windowSeconds: 3600 });
    const car = freshCar();
    const day = (n: number) => `2027-04-${String(n).padStart(2, "0")}`;
    for (let i = 0; i < 20; i++) {
      // Refused attempts count too: cheap ones (a past date) fill the window.
      const res = await book({ car, pickupDate: "2026-01-01", returnDate: "2026-01-02" });
      expect(res.status).toBe(400);
    }
    const over = await book({ car, pickupDate: day(1), returnDate: day(2) });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).code).toBe("TOO_MANY_REQUESTS");
    server.clock.advance(HOUR);
    await bookOk({ car, pickupDate: day(1), returnDate: day(2) });
  });

  it("counts refused attempts sent with an Idempotency-Key too (as the app sends bookings)", async () => {
    const car = freshCar();
    const withKey = (n: number, options: Parameters<typeof book>[0]) =>
      server.request("POST", "/api/bookings", {
        body: bookingBody({ documents: docs, ...options }),
        headers: { "Idempotency-Key": `trust-limit-${engine}-${n}` },
      });
    for (let i = 0; i < PUBLIC_BOOKING_RATE_LIMIT.limit; i++) {
      // Refused, so the key's transaction rolls back: the attempt stays counted all the same.
      const res = await withKey(i, { car, pickupDate: "2026-01-01", returnDate: "2026-01-02" });
      expect(res.status).toBe(400);
    }
    const over = await withKey(100, { car, pickupDate: "2027-05-01", returnDate: "2027-05-02" });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).code).toBe("TOO_MANY_REQUESTS");
    expect(await server.db.knex("bookings").where({ car_id: car.id })).toHaveLength(0);
  });
});
