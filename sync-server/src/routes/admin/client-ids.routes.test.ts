/**
 * One id per record (issue #24): every admin create accepts the id the
 * browser chose, stores it, answers the stored record to a replay with the
 * same content (even under another Idempotency-Key) and refuses the id for
 * other content with 409 ID_TAKEN, changing nothing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { errorMessages } from "@car-rental/shared/messages";
import { blockedNameSchema } from "@car-rental/shared/schemas/blocked-name";
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { adminCarSchema, type Car } from "@car-rental/shared/schemas/car";
import { customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { paymentResponseSchema } from "@car-rental/shared/schemas/payment";
import { startTestServer, type TestServer } from "../../test-server";
import { errorOf, publicCars } from "../public/booking-test-helpers";

describe.each(testEngines())("creates with the browser's id (%s)", (engine) => {
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

  const post = (method: string, path: string, body: unknown, key = randomUUID()) =>
    server.request(method, path, { body, cookie, headers: { "Idempotency-Key": key } });
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await server.db.knex(table).where(where).count<{ n: string }[]>("* as n"))[0]?.n);

  /** A confirmed admin booking of `car` (a payer's), to record payments against. */
  async function confirmedBooking(
    car: Car | undefined,
    dates: { pickupDate: string; returnDate: string; total: string },
  ) {
    if (!car) throw new Error("no car");
    const res = await post("POST", "/api/admin/bookings", {
      customerEmail: "payer@example.ph",
      customerName: "Payer",
      carName: car.name,
      carId: car.id,
      status: "confirmed",
      ...dates,
    });
    return bookingViewSchema.parse(await res.json());
  }

  async function expectIdTaken(res: Response) {
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: "ID_TAKEN", message: errorMessages.ID_TAKEN });
  }

  it("stores a car under the browser's id; a replay with another key answers it, other content is refused", async () => {
    const id = randomUUID();
    const car = {
      id,
      name: "Suzuki Ertiga GL",
      category: "MPV",
      dailyRate: "2200",
      image: "toyota-avanza.svg",
      year: 2023,
    };
    const first = await post("POST", "/api/admin/cars", car);
    expect(first.status).toBe(201);
    expect(adminCarSchema.parse(await first.json())).toMatchObject({ id, name: "Suzuki Ertiga GL" });

    const replay = await post("POST", "/api/admin/cars", { ...car, dailyRate: 2200 });
    expect(adminCarSchema.parse(await replay.json())).toMatchObject({ id, dailyRate: "2200.00" });
    await expectIdTaken(await post("POST", "/api/admin/cars", { ...car, name: "Another car" }));
    expect(await count("cars", { id })).toBe(1);
    expect(await server.db.knex("cars").where({ id }).first()).toMatchObject({ name: "Suzuki Ertiga GL" });
    expect(await count("cars", { name: "Another car" })).toBe(0);
  });

  it("refuses an id that is not a UUID, and still numbers creates sent without one", async () => {
    const res = await post("POST", "/api/admin/blocked-names", { id: "temp-1", fullName: "Pedro Penduko" });
    expect(res.status).toBe(400);
    expect(await count("blocked_names", { full_name: "Pedro Penduko" })).toBe(0);
    const plain = await post("POST", "/api/admin/blocked-names", { fullName: "Pedro Penduko" });
    expect(plain.status).toBe(201);
    expect(blockedNameSchema.parse(await plain.json()).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stores a blocked name under the browser's id; the id for another name is refused", async () => {
    const id = randomUUID();
    const body = { id, fullName: "Juan Tamad", reason: "No show", blockedBy: "admin" };
    const first = await post("POST", "/api/admin/blocked-names", body);
    expect(first.status).toBe(201);
    expect(blockedNameSchema.parse(await first.json()).id).toBe(id);
    const replay = await post("POST", "/api/admin/blocked-names", body);
    expect(replay.status).toBe(200);
    expect(blockedNameSchema.parse(await replay.json()).id).toBe(id);
    await expectIdTaken(
      await post("POST", "/api/admin/blocked-names", { ...body, fullName: "Maria Makiling" }),
    );
    expect(await count("blocked_names", { id })).toBe(1);
    expect(await count("blocked_names", { full_name: "Maria Makiling" })).toBe(0);
  });

  it("stores a customer and an admin booking under the browser's ids; other content is refused", async () => {
    const customerId = randomUUID();
    const customer = {
      id: customerId,
      fullName: "Ana Reyes",
      email: "ana.reyes@example.ph",
      phone: "09171234567",
    };
    const created = await post("POST", "/api/admin/customers", customer);
    expect(created.status).toBe(201);
    expect(customerRecordSchema.parse(await created.json()).id).toBe(customerId);
    const replay = await post("POST", "/api/admin/customers", customer);
    expect(customerRecordSchema.parse(await replay.json()).id).toBe(customerId);
    await expectIdTaken(
      await post("POST", "/api/admin/customers", { ...customer, email: "other@example.ph" }),
    );
    expect(await count("customers", { id: customerId })).toBe(1);
    expect(await count("customers", { email: "other@example.ph" })).toBe(0);

    const car = cars[0];
    if (!car) throw new Error("no car");
    const bookingId = randomUUID();
    const booking = {
      id: bookingId,
      customerEmail: customer.email,
      customerName: customer.fullName,
      carName: car.name,
      carId: car.id,
      pickupDate: "2027-01-10",
      returnDate: "2027-01-12",
      total: "5000",
      status: "confirmed",
    };
    const made = await post("POST", "/api/admin/bookings", booking);
    expect(made.status).toBe(201);
    expect(bookingViewSchema.parse(await made.json())).toMatchObject({ id: bookingId, customerId });
    const again = await post("POST", "/api/admin/bookings", booking);
    expect(bookingViewSchema.parse(await again.json()).id).toBe(bookingId);
    await expectIdTaken(await post("POST", "/api/admin/bookings", { ...booking, total: "9000" }));
    expect(await count("bookings", { id: bookingId })).toBe(1);
    expect(await server.db.knex("bookings").where({ id: bookingId }).first()).toMatchObject({
      status: "confirmed",
    });
  });

  it("records a payment under the browser's id once; a replay with another key is not added again", async () => {
    const booking = await confirmedBooking(cars[1], {
      pickupDate: "2027-02-01",
      returnDate: "2027-02-03",
      total: "3000",
    });
    const paymentId = randomUUID();
    const path = `/api/admin/bookings/${booking.id}/payment`;
    const first = await post("PATCH", path, { id: paymentId, amount: "1000" });
    expect(first.status).toBe(200);
    expect(paymentResponseSchema.parse(await first.json())).toMatchObject({
      payment: { id: paymentId, amount: "1000.00" },
      booking: { amountPaid: "1000.00" },
    });
    // The balance left (2000) would refuse nothing here, but a replay must not add 1000 again.
    const replay = await post("PATCH", path, { id: paymentId, amount: 1000 });
    expect(replay.status).toBe(200);
    expect(paymentResponseSchema.parse(await replay.json())).toMatchObject({
      payment: { id: paymentId },
      booking: { amountPaid: "1000.00" },
    });
    await expectIdTaken(await post("PATCH", path, { id: paymentId, amount: "500" }));
    expect(await count("payments", { booking_id: booking.id })).toBe(1);
    expect(await server.db.knex("bookings").where({ id: booking.id }).first()).toMatchObject({
      amount_paid: expect.stringMatching(/^1000(\.00)?$/),
    });
  });

  it("answers a replayed payment that paid the whole balance with it, and refuses its id on another booking", async () => {
    const booking = await confirmedBooking(cars[2], {
      pickupDate: "2027-03-01",
      returnDate: "2027-03-02",
      total: "2000",
    });
    const other = await confirmedBooking(cars[2], {
      pickupDate: "2027-03-10",
      returnDate: "2027-03-11",
      total: "2000",
    });
    const paymentId = randomUUID();
    const path = `/api/admin/bookings/${booking.id}/payment`;
    const first = await post("PATCH", path, {
      id: paymentId,
      amount: "2000",
      recordedAt: "2027-01-05T02:00:00.000Z",
    });
    expect(first.status).toBe(200);
    const recorded = paymentResponseSchema.parse(await first.json());
    expect(recorded).toMatchObject({
      payment: { id: paymentId, amount: "2000.00" },
      booking: { amountPaid: "2000.00" },
    });
    // Nothing is owed any more: the same payment sent again (its answer was lost) is answered, not refused.
    const replay = await post("PATCH", path, { id: paymentId, amount: "2000.00" });
    expect(replay.status).toBe(200);
    expect(paymentResponseSchema.parse(await replay.json())).toMatchObject({
      payment: { id: paymentId, createdAt: recorded.payment.createdAt },
      booking: { amountPaid: "2000.00" },
    });
    // A new payment on the paid booking is still refused; the id on another booking is taken.
    const more = await post("PATCH", path, { id: randomUUID(), amount: "1" });
    expect(more.status).toBe(422);
    expect(await errorOf(more)).toMatchObject({
      code: "PAYMENT_EXCEEDS_BALANCE",
      details: { balance: "0.00" },
    });
    await expectIdTaken(
      await post("PATCH", `/api/admin/bookings/${other.id}/payment`, { id: paymentId, amount: "2000" }),
    );
    expect(await count("payments", { booking_id: booking.id })).toBe(1);
    expect(await count("payments", { booking_id: other.id })).toBe(0);
    const stored = await server.db
      .knex("bookings")
      .whereIn("id", [booking.id, other.id])
      .orderBy("pickup_date");
    expect(stored.map((row: { amount_paid: string }) => Number(row.amount_paid))).toEqual([2000, 0]);
  });
});
