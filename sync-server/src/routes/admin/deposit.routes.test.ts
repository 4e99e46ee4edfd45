import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { errorMessages } from "@car-rental/shared/messages";
import { formatPeso } from "@car-rental/shared/money";
import { quote } from "@car-rental/shared/pricing";
import { bookingViewSchema, publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { adminCarSchema, type Car } from "@car-rental/shared/schemas/car";
import { paymentResponseSchema } from "@car-rental/shared/schemas/payment";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import { startTestServer, type TestServer } from "../../test-server";
import { bookingBody, errorOf, publicCars, uploadDocuments } from "../public/booking-test-helpers";

const newCar = {
  name: "Mitsubishi Xpander GLS",
  category: "MPV",
  dailyRate: "2600",
  seats: 7,
  transmission: "Automatic",
  fuel: "Gas",
  image: "toyota-avanza.svg",
  year: 2024,
  available: true,
};

/** Release-2 §E2: the per-car security deposit and the payment kinds. */
describe.each(testEngines())("security deposit on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: { rateLimitScale: 10 } });
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server?.close();
  });

  const addCar = async (body: Record<string, unknown>) => {
    const res = await server.request("POST", "/api/admin/cars", { body, cookie });
    expect(res.status).toBe(201);
    return adminCarSchema.parse(await res.json());
  };
  const putCar = (id: string, body: unknown) =>
    server.request("PUT", `/api/admin/cars/${id}`, { body, cookie });
  const storedDeposit = async (id: string) =>
    Number((await server.db.knex("cars").where({ id }).first<{ deposit: string }>("deposit"))?.deposit);
  const pay = (id: string, body: unknown) =>
    server.request("PATCH", `/api/admin/bookings/${id}/payment`, { body, cookie });
  const paid = async (id: string, body: unknown) => {
    const res = await pay(id, body);
    expect(res.status).toBe(200);
    return paymentResponseSchema.parse(await res.json());
  };
  const paymentRows = (bookingId: string) =>
    server.db
      .knex("payments")
      .where({ booking_id: bookingId })
      .orderBy("created_at")
      .select("kind", "amount");
  const adminBooking = async (car: Car | { name: string; id: string }, total: string) => {
    const res = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "deposit.walkin@example.ph",
        customerName: "Deposit Walk In",
        carName: car.name,
        carId: car.id,
        pickupDate: "2027-04-01",
        returnDate: "2027-04-03",
        total,
        status: "confirmed",
      },
    });
    expect(res.status).toBe(201);
    return bookingViewSchema.parse(await res.json());
  };

  it("answers every car with its deposit, ₱3,000 by default, in the public and the admin lists", async () => {
    const fleet = await publicCars(server);
    expect(fleet.length).toBeGreaterThan(0);
    for (const car of fleet) expect(car.deposit).toBe("3000.00");
    const res = await server.request("GET", "/api/admin/cars", { cookie });
    const admin = z.array(adminCarSchema.strict()).parse(await res.json());
    expect(admin.every((car) => car.deposit === "3000.00")).toBe(true);
  });

  it("takes a deposit on a new car (default ₱3,000), changes it alone, and refuses a bad one changing nothing", async () => {
    const plain = await addCar({ ...newCar, name: "Deposit Default Car" });
    expect(plain.deposit).toBe("3000.00");
    const car = await addCar({ ...newCar, deposit: 4500.5 });
    expect(car.deposit).toBe("4500.50");
    expect(await storedDeposit(car.id)).toBe(4500.5);

    // A partial change leaves the deposit alone; a change of the deposit leaves the rest.
    const rented = await putCar(car.id, { available: false });
    expect(adminCarSchema.parse(await rented.json())).toMatchObject({ deposit: "4500.50", available: false });
    const changed = await putCar(car.id, { deposit: "0" });
    expect(changed.status).toBe(200);
    expect(adminCarSchema.parse(await changed.json())).toMatchObject({
      deposit: "0.00",
      dailyRate: "2600.00",
    });

    for (const deposit of [-1, "abc", "12.345", null, true]) {
      const refused = await putCar(car.id, { deposit });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe("VALIDATION_FAILED");
      const create = await server.request("POST", "/api/admin/cars", {
        body: { ...newCar, name: `Refused ${String(deposit)}`, deposit },
        cookie,
      });
      expect(create.status).toBe(400);
    }
    expect(await storedDeposit(car.id)).toBe(0);
    expect(await server.db.knex("cars").where("name", "like", "Refused %").first()).toBeUndefined();
  });

  it("shows a changed deposit in the very next GET /api/cars, with a new ETag", async () => {
    const car = await addCar({ ...newCar, name: "Deposit ETag Car", deposit: "2000" });
    const before = await server.request("GET", "/api/cars");
    const etag = before.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const cached = await server.request("GET", "/api/cars", { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect((await putCar(car.id, { deposit: "5000" })).status).toBe(200);
    const after = await server.request("GET", "/api/cars", { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const fleet = z.array(z.object({ id: z.string(), deposit: z.string() })).parse(await after.json());
    expect(fleet.find((c) => c.id === car.id)?.deposit).toBe("5000.00");
  });

  it("stores the car's deposit with a public booking, apart from the total, and keeps it when the car's changes", async () => {
    const car = await addCar({ ...newCar, name: "Deposit Booking Car", deposit: "3500" });
    const body = bookingBody({
      documents: await uploadDocuments(server),
      car,
      pickupDate: "2027-05-01",
      returnDate: "2027-05-04",
    });
    const res = await server.request("POST", "/api/bookings", { body });
    expect(res.status).toBe(201);
    const answer = publicBookingResponseSchema.parse(await res.json());
    const expected = quote({
      dailyRate: car.dailyRate,
      pickupDate: "2027-05-01",
      returnDate: "2027-05-04",
      driverService: "none",
      distanceService: "none",
    });
    expect(answer.booking).toMatchObject({ deposit: "3500.00", total: expected.total });
    expect(answer.car.deposit).toBe("3500.00");

    // The confirmation mail shows the deposit apart from the pricing summary's total.
    const mail = await server.db
      .knex("mail_outbox")
      .where({ booking_id: answer.booking.id, kind: "booking-confirmation" })
      .first<{ text_body: string; html_body: string }>("text_body", "html_body");
    expect(mail?.text_body).toContain("Security deposit: ₱3,500. Paid at pickup");
    expect(mail?.html_body).toContain("₱3,500. Paid at pickup");
    expect(mail?.text_body).toContain(`Total: ${formatPeso(expected.total)}`);

    expect((await putCar(car.id, { deposit: "9000" })).status).toBe(200);
    const list = await server.request("GET", "/api/admin/bookings", { cookie });
    const views = z.array(bookingViewSchema).parse(await list.json());
    expect(views.find((view) => view.id === answer.booking.id)).toMatchObject({
      deposit: "3500.00",
      total: expected.total,
    });
  });

  it("stores the car's deposit with an admin booking too, and 0 stays 0 for a booking made before", async () => {
    const car = await addCar({ ...newCar, name: "Deposit Admin Car", deposit: "2500" });
    const booking = await adminBooking(car, "5000");
    expect(booking).toMatchObject({ deposit: "2500.00", total: "5000.00" });
    await server.db.knex("bookings").where({ id: booking.id }).update({ deposit: 0 });
    const res = await server.request("GET", "/api/admin/bookings", { cookie });
    const views = z.array(bookingViewSchema).parse(await res.json());
    expect(views.find((view) => view.id === booking.id)?.deposit).toBe("0.00");
  });

  it("keeps deposits and refunds out of the balance; a rental payment is the default; an unknown kind is a 400", async () => {
    const car = await addCar({ ...newCar, name: "Deposit Payments Car", deposit: "3000" });
    const booking = await adminBooking(car, "5000");

    const rental = await paid(booking.id, { amount: "1000" });
    expect(rental.payment).toMatchObject({ kind: "rental", amount: "1000.00" });
    expect(rental.booking.amountPaid).toBe("1000.00");

    // A deposit is not counted in the amount paid, nor limited by the balance.
    const deposit = await paid(booking.id, { amount: "4500", kind: "deposit", note: "Cash at pickup" });
    expect(deposit.payment).toMatchObject({ kind: "deposit", amount: "4500.00", note: "Cash at pickup" });
    expect(deposit.booking).toMatchObject({ amountPaid: "1000.00", total: "5000.00" });

    // The balance still counts rental payments only: 4000 is owed, 4000.01 is too much.
    const over = await pay(booking.id, { amount: "4000.01", kind: "rental" });
    expect(over.status).toBe(422);
    expect(await errorOf(over)).toMatchObject({
      code: "PAYMENT_EXCEEDS_BALANCE",
      details: { balance: "4000.00" },
    });
    expect((await paid(booking.id, { amount: "4000", kind: "rental" })).booking.amountPaid).toBe("5000.00");

    // A refund gives back at most what is held, and does not move the amount paid.
    const tooMuch = await pay(booking.id, { amount: "4500.01", kind: "deposit-refund" });
    expect(tooMuch.status).toBe(422);
    expect(await errorOf(tooMuch)).toEqual({
      code: "PAYMENT_EXCEEDS_BALANCE",
      message: errorMessages.PAYMENT_EXCEEDS_BALANCE,
      details: { balance: "4500.00" },
    });
    const refund = await paid(booking.id, { amount: "4500", kind: "deposit-refund" });
    expect(refund.payment.kind).toBe("deposit-refund");
    expect(refund.booking.amountPaid).toBe("5000.00");

    for (const kind of ["tip", "", "RENTAL", null, 3]) {
      const refused = await pay(booking.id, { amount: "10", kind });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe("VALIDATION_FAILED");
    }
    // A negative deposit is refused like any payment amount.
    expect((await pay(booking.id, { amount: "-5", kind: "deposit" })).status).toBe(422);
    expect(await paymentRows(booking.id)).toEqual([
      { kind: "rental", amount: expect.stringMatching(/^1000(\.00)?$/) },
      { kind: "deposit", amount: expect.stringMatching(/^4500(\.00)?$/) },
      { kind: "rental", amount: expect.stringMatching(/^4000(\.00)?$/) },
      { kind: "deposit-refund", amount: expect.stringMatching(/^4500(\.00)?$/) },
    ]);

    // The admin sync carries the kinds and the booking's deposit.
    const sync = await server.request("GET", "/api/admin/sync", { cookie });
    const mirror = syncResponseSchema.parse(await sync.json());
    const kinds = mirror.payments.filter((p) => p.bookingId === booking.id).map((p) => p.kind);
    expect(kinds.sort()).toEqual(["deposit", "deposit-refund", "rental", "rental"]);
    expect(mirror.bookings.find((b) => b.id === booking.id)).toMatchObject({
      deposit: "3000.00",
      amountPaid: "5000.00",
    });
  });
});
