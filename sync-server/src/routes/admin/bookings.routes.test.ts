import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "@car-rental/db/test-database";
import { errorMessages } from "@car-rental/shared/messages";
import { bookingViewSchema } from "@car-rental/shared/schemas/booking";
import { paymentResponseSchema } from "@car-rental/shared/schemas/payment";
import type { Car } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import { errorOf, publicCars } from "../public/booking-test-helpers";

describe.each(testEngines())("admin bookings (%s)", (engine) => {
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

  const create = (body: Record<string, unknown>) =>
    server.request("POST", "/api/admin/bookings", { body, cookie });
  const adminBooking = (car: Car, overrides: Record<string, unknown> = {}) => ({
    customerEmail: "walkin@example.ph",
    customerName: "Walk In Customer",
    carName: car.name,
    pickupDate: "2026-12-01",
    returnDate: "2026-12-04",
    total: "12000",
    status: "confirmed",
    ...overrides,
  });
  const createView = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status).toBe(201);
    return bookingViewSchema.parse(await res.json());
  };
  const pay = (id: string, body: unknown, headers?: Record<string, string>) =>
    server.request("PATCH", `/api/admin/bookings/${id}/payment`, {
      body,
      cookie,
      ...(headers ? { headers } : {}),
    });
  const paymentCount = async (bookingId: string) =>
    Number(
      (await server.db.knex("payments").where({ booking_id: bookingId }).count<{ n: string }[]>("* as n"))[0]
        ?.n,
    );

  it("answers 401 without a session", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    const calls = [
      server.request("GET", "/api/admin/bookings"),
      server.request("POST", "/api/admin/bookings", { body: adminBooking(cars[0] ?? freshCar()) }),
      server.request("PATCH", `/api/admin/bookings/${id}/status`, { body: { status: "confirmed" } }),
      server.request("PATCH", `/api/admin/bookings/${id}/payment`, { body: { amount: 100 } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: "UNAUTHORIZED", message: errorMessages.UNAUTHORIZED });
    }
    expect(await server.db.knex("bookings").first()).toBeUndefined();
  });

  it("creates a booking from the spec's payload: car by name, customer found or created, the admin's total", async () => {
    const car = freshCar();
    const view = await createView(adminBooking(car));
    expect(view).toMatchObject({
      carId: car.id,
      carName: car.name,
      customerName: "Walk In Customer",
      customerEmail: "walkin@example.ph",
      pickupDate: "2026-12-01",
      returnDate: "2026-12-04",
      pickupTime: "9:00 AM",
      totalDays: 3,
      subtotal: "12000.00",
      total: "12000.00",
      insurance: "0.00",
      driverFee: "0.00",
      amountPaid: "0.00",
      status: "confirmed",
    });
    const customer = await server.db.knex("customers").where({ id: view.customerId }).first();
    expect(customer).toMatchObject({ full_name: "Walk In Customer", phone: "" });

    // The same e-mail in another case finds the same customer; status defaults to pending.
    const { status: _status, ...noStatus } = adminBooking(car, {
      customerEmail: "WALKIN@example.ph",
      customerName: "Other Name",
      pickupDate: "2026-12-10",
      returnDate: "2026-12-11",
      carId: car.id,
      carName: "ignored when the id is given",
      pickupTime: "3:00 PM",
    });
    const second = await createView(noStatus);
    expect(second).toMatchObject({
      customerId: view.customerId,
      customerName: "Walk In Customer",
      status: "pending",
      pickupTime: "3:00 PM",
    });
  });

  it("books the customer named by customerId, whatever e-mail came along, and refuses one deleted meanwhile", async () => {
    const car = freshCar();
    const first = await createView(
      adminBooking(car, { customerEmail: "walkin.on.file@example.ph", customerName: "On File" }),
    );
    // Another device changed the customer's e-mail after this booking was queued with the old one.
    await server.db
      .knex("customers")
      .where({ id: first.customerId })
      .update({ email: "walkin.new.mail@example.ph" });
    const customersBefore = await server.db.knex("customers").count<{ n: string }[]>("* as n");
    const id = "00000000-0000-4000-8000-0000000000c1";
    const body = adminBooking(car, {
      id,
      customerId: first.customerId,
      customerEmail: "walkin.on.file@example.ph",
      customerName: "On File",
      pickupDate: "2026-12-20",
      returnDate: "2026-12-22",
    });
    const booked = await createView(body);
    expect(booked).toMatchObject({
      id,
      customerId: first.customerId,
      customerEmail: "walkin.new.mail@example.ph",
    });
    expect(await server.db.knex("customers").count<{ n: string }[]>("* as n")).toEqual(customersBefore);
    // Sent again (the outbox's retry), it is the same booking.
    expect((await createView(body)).id).toBe(id);

    await server.db.knex("customers").where({ id: first.customerId }).update({ deleted_at: new Date() });
    const gone = await create(
      adminBooking(car, { customerId: first.customerId, pickupDate: "2027-03-01", returnDate: "2027-03-02" }),
    );
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toMatchObject({ code: "NOT_FOUND", message: "Customer not found" });
    expect(await server.db.knex("bookings").where({ pickup_date: "2027-03-01" }).first()).toBeUndefined();
    expect(await server.db.knex("customers").count<{ n: string }[]>("* as n")).toEqual(customersBefore);
  });

  it("takes a blank pickup time as 9:00 AM, past dates, a short name, the browser's id, and ignores unknown keys", async () => {
    const car = freshCar();
    const view = await createView(
      adminBooking(car, {
        customerEmail: "walkin.past@example.ph",
        customerName: "Jo",
        pickupDate: "2025-03-01",
        returnDate: "2025-03-03",
        pickupTime: "",
        id: "00000000-0000-4000-8000-000000000003",
        amountPaid: "99999",
        createdAt: "2001-01-01T00:00:00Z",
      }),
    );
    expect(view).toMatchObject({ pickupTime: "9:00 AM", customerName: "Jo", amountPaid: "0.00" });
    // Release 2 (issue #24): the id the browser chose is the booking's id.
    expect(view.id).toBe("00000000-0000-4000-8000-000000000003");
    const nullTime = await createView(
      adminBooking(car, { pickupDate: "2025-04-01", returnDate: "2025-04-02", pickupTime: null }),
    );
    expect(nullTime.pickupTime).toBe("9:00 AM");
  });

  it("refuses overlapping dates, unknown cars and invalid payloads", async () => {
    const car = freshCar();
    await createView(adminBooking(car, { pickupDate: "2027-01-01", returnDate: "2027-01-05" }));
    const overlap = await create(adminBooking(car, { pickupDate: "2027-01-04", returnDate: "2027-01-06" }));
    expect(overlap.status).toBe(409);
    expect(await errorOf(overlap)).toMatchObject({
      code: "DATES_UNAVAILABLE",
      details: { ranges: [{ start: "2027-01-01", end: "2027-01-05", pickupTime: "9:00 AM" }] },
    });
    // A cancelled booking does not hold dates.
    await createView(
      adminBooking(car, { pickupDate: "2027-01-04", returnDate: "2027-01-06", status: "cancelled" }),
    );

    const rented = freshCar();
    await server.db.knex("cars").where({ id: rented.id }).update({ available: false });
    const unavailable = await create(
      adminBooking(rented, { pickupDate: "2027-01-10", returnDate: "2027-01-12" }),
    );
    expect(unavailable.status).toBe(409);
    expect((await errorOf(unavailable)).code).toBe("CAR_UNAVAILABLE");
    // Recording a rental that is already completed is still possible.
    await createView(
      adminBooking(rented, { pickupDate: "2026-11-01", returnDate: "2026-11-03", status: "completed" }),
    );

    const unknown = await create(adminBooking(car, { carName: "Batmobile" }));
    expect(unknown.status).toBe(404);
    const missing = await create({ carName: car.name });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe("Valid email is required");
    const backwards = await create(adminBooking(car, { pickupDate: "2027-02-05", returnDate: "2027-02-05" }));
    expect(backwards.status).toBe(400);
    expect((await errorOf(backwards)).message).toBe("Return date must be after the pick-up date");
  });

  it("lists booking views newest first, filtered by status, dates and text", async () => {
    const res = await server.request("GET", "/api/admin/bookings", { cookie });
    expect(res.status).toBe(200);
    const list = z.array(bookingViewSchema.strict()).parse(await res.json());
    expect(list.length).toBeGreaterThanOrEqual(4);
    const created = list.map((b) => b.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const query = async (qs: string) =>
      z
        .array(bookingViewSchema)
        .parse(await (await server.request("GET", `/api/admin/bookings?${qs}`, { cookie })).json());
    expect((await query("status=cancelled")).every((b) => b.status === "cancelled")).toBe(true);
    expect((await query("status=cancelled")).length).toBe(1);
    expect((await query("q=WALKIN")).length).toBe(list.length);
    expect((await query("q=nobody-like-this")).length).toBe(0);
    expect(
      (await query("from=2027-01-01&to=2027-01-31")).every(
        (b) => b.returnDate >= "2027-01-01" && b.pickupDate <= "2027-01-31",
      ),
    ).toBe(true);
    // Issue #23: the bookings older than the admin mirror's window, which the list reads from here.
    const older = await query("before=2026-11-04");
    expect(older.length).toBeGreaterThan(0);
    expect(older.every((b) => b.returnDate < "2026-11-04")).toBe(true);
    expect(older.length).toBe(list.filter((b) => b.returnDate < "2026-11-04").length);
    expect(await query("before=2026-11-03")).toEqual(older.filter((b) => b.returnDate < "2026-11-03"));
    expect((await server.request("GET", "/api/admin/bookings?before=soon", { cookie })).status).toBe(400);
    const someone = older[0]?.customerId ?? "";
    expect(await query(`before=2026-11-04&customerId=${someone}`)).toEqual(
      older.filter((b) => b.customerId === someone),
    );
    // …and the overview's figures over them, which the tablet adds to its own.
    const totalsAnswer = await server.request("GET", "/api/admin/booking-totals?before=2026-11-04", {
      cookie,
    });
    expect(totalsAnswer.status).toBe(200);
    const sum = (bookings: typeof older) =>
      bookings.reduce((cents, b) => cents + Math.round(Number(b.total) * 100), 0) / 100;
    expect(await totalsAnswer.json()).toEqual({
      before: "2026-11-04",
      bookings: older.length,
      pendingBookings: older.filter((b) => b.status === "pending").length,
      earnings: sum(older.filter((b) => b.status === "completed")).toFixed(2),
      pendingRevenue: sum(older.filter((b) => ["pending", "confirmed", "active"].includes(b.status))).toFixed(
        2,
      ),
    });
    expect(older.some((b) => b.status === "completed")).toBe(true);
    const none = await server.request("GET", "/api/admin/booking-totals?before=2000-01-01", { cookie });
    expect(await none.json()).toEqual({
      before: "2000-01-01",
      bookings: 0,
      pendingBookings: 0,
      earnings: "0.00",
      pendingRevenue: "0.00",
    });
    expect((await server.request("GET", "/api/admin/booking-totals", { cookie })).status).toBe(400);
    expect((await query("limit=1")).length).toBe(1);
    expect((await query("limit=1&offset=1"))[0]?.id).toBe(list[1]?.id);
    expect((await server.request("GET", "/api/admin/bookings?limit=99999", { cookie })).status).toBe(400);
    expect((await server.request("GET", "/api/admin/bookings?status=lost", { cookie })).status).toBe(400);
  });

  it("changes the status, and re-checks the dates when a booking becomes active again", async () => {
    const car = freshCar();
    const first = await createView(adminBooking(car, { pickupDate: "2027-03-01", returnDate: "2027-03-04" }));
    const cancel = await server.request("PATCH", `/api/admin/bookings/${first.id}/status`, {
      body: { status: "cancelled" },
      cookie,
    });
    expect(cancel.status).toBe(200);
    expect(bookingViewSchema.parse(await cancel.json())).toMatchObject({
      id: first.id,
      status: "cancelled",
      version: 2,
    });

    // Meanwhile someone else takes the dates.
    await createView(
      adminBooking(car, {
        pickupDate: "2027-03-02",
        returnDate: "2027-03-03",
        customerEmail: "other@example.ph",
      }),
    );
    const back = await server.request("PATCH", `/api/admin/bookings/${first.id}/status`, {
      body: { status: "confirmed" },
      cookie,
    });
    expect(back.status).toBe(409);
    expect(await errorOf(back)).toMatchObject({
      code: "DATES_UNAVAILABLE",
      details: { ranges: [{ start: "2027-03-02", end: "2027-03-03", pickupTime: "9:00 AM" }] },
    });
    expect(await server.db.knex("bookings").where({ id: first.id }).first()).toMatchObject({
      status: "cancelled",
    });

    const completed = await server.request("PATCH", `/api/admin/bookings/${first.id}/status`, {
      body: { status: "completed" },
      cookie,
    });
    expect(completed.status).toBe(200);
    const invalid = await server.request("PATCH", `/api/admin/bookings/${first.id}/status`, {
      body: { status: "lost" },
      cookie,
    });
    expect(invalid.status).toBe(400);
    const unknown = await server.request(
      "PATCH",
      "/api/admin/bookings/00000000-0000-4000-8000-0000000000cd/status",
      {
        body: { status: "confirmed" },
        cookie,
      },
    );
    expect(unknown.status).toBe(404);
  });

  it("records payments in the ledger and refuses invalid amounts and overpayment, storing nothing", async () => {
    const booking = await createView(adminBooking(freshCar(), { total: "5000.00" }));
    for (const amount of [0, -5, "abc", "", null, "12.345"]) {
      const res = await pay(booking.id, { amount });
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({ code: "PAYMENT_INVALID", message: errorMessages.PAYMENT_INVALID });
    }
    const missing = await pay(booking.id, {});
    expect(missing.status).toBe(422);

    const first = await pay(booking.id, { amount: 1500.5 });
    expect(first.status).toBe(200);
    const body = paymentResponseSchema.parse(await first.json());
    expect(body.booking).toMatchObject({ id: booking.id, amountPaid: "1500.50", version: 2 });
    expect(body.payment).toMatchObject({ bookingId: booking.id, amount: "1500.50" });

    const over = await pay(booking.id, { amount: "3500.00" });
    expect(over.status).toBe(422);
    expect(await errorOf(over)).toEqual({
      code: "PAYMENT_EXCEEDS_BALANCE",
      message: errorMessages.PAYMENT_EXCEEDS_BALANCE,
      details: { balance: "3499.50" },
    });
    const rest = await pay(booking.id, { amount: "3499.50" });
    expect(rest.status).toBe(200);
    expect(bookingViewSchema.parse(await rest.json()).amountPaid).toBe("5000.00");
    expect(await paymentCount(booking.id)).toBe(2);
    expect((await pay(booking.id, { amount: "0.01" })).status).toBe(422);
    expect((await pay("00000000-0000-4000-8000-0000000000ef", { amount: 1 })).status).toBe(404);
  });

  it("applies a payment sent twice with one Idempotency-Key once, also when both arrive together", async () => {
    const booking = await createView(adminBooking(freshCar(), { total: "9000" }));
    const key = { "Idempotency-Key": "payment-test-0001" };
    const first = await pay(booking.id, { amount: 1000 }, key);
    const again = await pay(booking.id, { amount: 1000 }, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await paymentCount(booking.id)).toBe(1);

    const reused = await pay(booking.id, { amount: 2000 }, key);
    expect(reused.status).toBe(422);
    expect((await errorOf(reused)).code).toBe("IDEMPOTENCY_KEY_REUSED");

    const together = { "Idempotency-Key": "payment-test-0002" };
    const [a, b] = await Promise.all([
      pay(booking.id, { amount: 500 }, together),
      pay(booking.id, { amount: 500 }, together),
    ]);
    const statuses = [a.status, b.status].sort();
    // The second either replays the stored answer or is told the first is still running.
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const firstBody: unknown = await (a.status === 200 ? a : b).json();
    const retry = await pay(booking.id, { amount: 500 }, together);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(firstBody);
    expect(await paymentCount(booking.id)).toBe(2);
    const stored = await server.db
      .knex("bookings")
      .where({ id: booking.id })
      .first<{ amount_paid: string }>();
    expect(stored?.amount_paid).toBe("1500.00");
  });
});
