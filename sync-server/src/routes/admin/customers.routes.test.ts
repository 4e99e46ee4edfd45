import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import {
  adminCustomerSchema,
  customerRecordSchema,
  type AdminCustomer,
} from "@car-rental/shared/schemas/customer";
import { DUPLICATE_EMAIL_MESSAGE } from "@car-rental/shared/messages";
import { startTestServer, type TestServer } from "../../test-server";

type BookingSeed = {
  pickupDate: string;
  returnDate: string;
  total: string;
  status?: string;
  payments?: string[];
};

/** Writes a booking (and its payments) straight into the database, as the booking services would. */
async function insertBooking(
  knex: Knex,
  customerId: string,
  carId: string,
  seed: BookingSeed,
): Promise<string> {
  const paid = (seed.payments ?? []).reduce((sum, amount) => sum + Number(amount), 0).toFixed(2);
  const [booking] = await knex("bookings")
    .insert({
      customer_id: customerId,
      car_id: carId,
      pickup_date: seed.pickupDate,
      return_date: seed.returnDate,
      pickup_time: "09:00",
      total_days: 1,
      daily_rate: seed.total,
      subtotal: seed.total,
      total: seed.total,
      amount_paid: paid,
      status: seed.status ?? "confirmed",
      source: "admin",
    })
    .returning<{ id: string }[]>("id");
  if (!booking) throw new Error("no booking");
  for (const amount of seed.payments ?? []) {
    await knex("payments").insert({ booking_id: booking.id, amount, note: null });
  }
  return booking.id;
}

describe.each(testEngines())("admin customers on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let carIds: string[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    carIds = (await server.db.knex("cars").select("id").orderBy("created_at")).map(
      (row: { id: string }) => row.id,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown) => server.request("POST", "/api/admin/customers", { cookie, body });
  const list = async (): Promise<AdminCustomer[]> => {
    const res = await server.request("GET", "/api/admin/customers", { cookie });
    expect(res.status).toBe(200);
    return adminCustomerSchema.array().parse(await res.json());
  };

  it("adds a customer from the spec's payload and answers 201 with the record", async () => {
    const res = await post({
      fullName: "  Maria Santos ",
      email: "maria.santos@example.ph",
      phone: "0917 123 4567",
      address: "Poblacion, Alaminos City",
      license: "N01-23-456789",
      licenseExpiry: "2028-05-31",
    });
    expect(res.status).toBe(201);
    const record = customerRecordSchema.parse(await res.json());
    expect(record).toMatchObject({
      fullName: "Maria Santos",
      email: "maria.santos@example.ph",
      phone: "0917 123 4567",
      address: "Poblacion, Alaminos City",
      license: "N01-23-456789",
      licenseExpiry: "2028-05-31",
      facebookProfile: null,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
      version: 1,
      deletedAt: null,
    });
  });

  it("turns blank optional fields into null", async () => {
    const res = await post({
      fullName: "Jose Rizal",
      email: "jose@example.ph",
      phone: "09181234567",
      address: "",
      license: "  ",
      licenseExpiry: "",
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ address: null, license: null, licenseExpiry: null });
  });

  it("refuses an e-mail another customer already has, whatever its case", async () => {
    const res = await post({
      fullName: "Maria Duplicate",
      email: "MARIA.Santos@Example.PH",
      phone: "09171234567",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "VALIDATION_FAILED",
        message: DUPLICATE_EMAIL_MESSAGE,
        details: { fields: { email: [DUPLICATE_EMAIL_MESSAGE] } },
      },
      code: "VALIDATION_FAILED",
      message: DUPLICATE_EMAIL_MESSAGE,
    });
  });

  it("validates with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ fullName: "  ", email: "m@example.ph", phone: "09171234567" }, "Full name is required"],
      [{ email: "m@example.ph", phone: "09171234567" }, "Full name is required"],
      [{ fullName: "Ana Cruz", email: "not-an-email", phone: "09171234567" }, "Valid email is required"],
      [{ fullName: "Ana Cruz", email: "ana@example.ph", phone: "" }, "Valid phone number is required"],
      [{ fullName: "Ana Cruz", email: "ana@example.ph" }, "Valid phone number is required"],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
  });

  it("lists customers newest first with their booking history, payments and totals", async () => {
    const created = customerRecordSchema.parse(
      await (
        await post({ fullName: "Pedro Penduko", email: "pedro@example.ph", phone: "09191234567" })
      ).json(),
    );
    const [carA = "", carB = "", carC = ""] = carIds;
    const older = await insertBooking(server.db.knex, created.id, carA, {
      pickupDate: "2026-12-01",
      returnDate: "2026-12-03",
      total: "6000.00",
      payments: ["1000.00", "500.50"],
    });
    const cancelled = await insertBooking(server.db.knex, created.id, carB, {
      pickupDate: "2026-12-05",
      returnDate: "2026-12-06",
      total: "3000.00",
      status: "cancelled",
      payments: ["200.00"],
    });
    const newest = await insertBooking(server.db.knex, created.id, carC, {
      pickupDate: "2026-12-10",
      returnDate: "2026-12-12",
      total: "4500.00",
    });

    const customers = await list();
    expect(customers[0]?.id).toBe(created.id);
    expect(customers.map((c) => c.email)).toEqual([
      "pedro@example.ph",
      "jose@example.ph",
      "maria.santos@example.ph",
    ]);

    const pedro = customers[0];
    expect(pedro?.bookings.map((b) => b.id)).toEqual([newest, cancelled, older]);
    const olderView = pedro?.bookings.find((b) => b.id === older);
    expect(olderView).toMatchObject({
      customerId: created.id,
      customerName: "Pedro Penduko",
      customerEmail: "pedro@example.ph",
      total: "6000.00",
      amountPaid: "1500.50",
    });
    expect(olderView?.payments.map((p) => [p.bookingId, p.amount])).toEqual([
      [older, "1000.00"],
      [older, "500.50"],
    ]);
    expect(pedro?.bookings.find((b) => b.id === newest)?.payments).toEqual([]);
    // The cancelled booking counts in neither the total nor the paid amount.
    expect(pedro).toMatchObject({ totalAmount: "10500.00", amountPaid: "1500.50", pendingAmount: "8999.50" });
    expect(customers.find((c) => c.email === "jose@example.ph")).toMatchObject({
      bookings: [],
      totalAmount: "0.00",
      amountPaid: "0.00",
      pendingAmount: "0.00",
    });
  });

  it("updates a customer's fields and leaves out the ones the client did not send", async () => {
    const [pedro] = await list();
    await server.db.knex("customers").where({ id: pedro?.id }).update({ facebook_profile: "fb.com/pedro" });
    const res = await server.request("PUT", `/api/admin/customers/${pedro?.id}`, {
      cookie,
      body: { fullName: "Pedro P. Penduko", email: "pedro@example.ph", phone: "09190000000", license: "X-1" },
    });
    expect(res.status).toBe(200);
    const record = customerRecordSchema.parse(await res.json());
    expect(record).toMatchObject({
      fullName: "Pedro P. Penduko",
      phone: "09190000000",
      license: "X-1",
      facebookProfile: "fb.com/pedro",
    });
    expect(record.version).toBeGreaterThan(pedro?.version ?? 0);
    // The history shows the new name.
    const [again] = await list();
    expect(again?.bookings.every((b) => b.customerName === "Pedro P. Penduko")).toBe(true);
  });

  it("refuses to give a customer another customer's e-mail, and 404s an unknown one", async () => {
    const [pedro] = await list();
    const taken = await server.request("PUT", `/api/admin/customers/${pedro?.id}`, {
      cookie,
      body: { fullName: "Pedro", email: "JOSE@example.ph", phone: "09190000000" },
    });
    expect(taken.status).toBe(400);
    expect(((await taken.json()) as { error: { message: string } }).error.message).toBe(
      DUPLICATE_EMAIL_MESSAGE,
    );

    const body = { fullName: "Nobody Here", email: "nobody@example.ph", phone: "09190000000" };
    const unknown = await server.request("PUT", `/api/admin/customers/${randomUUID()}`, { cookie, body });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    expect((await server.request("PUT", "/api/admin/customers/not-an-id", { cookie, body })).status).toBe(
      404,
    );
  });

  it("deletes a customer as a tombstone that keeps the bookings, and frees the e-mail", async () => {
    const [pedro] = await list();
    const id = pedro?.id ?? "";
    const res = await server.request("DELETE", `/api/admin/customers/${id}`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    expect((await list()).map((c) => c.id)).not.toContain(id);
    const row: { deleted_at: Date | null } | undefined = await server.db
      .knex("customers")
      .where({ id })
      .first();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(await server.db.knex("bookings").where({ customer_id: id }).count({ n: "*" })).toEqual([
      { n: "3" },
    ]);

    // A replayed delete succeeds; an unknown id is 404; an update of the deleted customer is 404.
    expect((await server.request("DELETE", `/api/admin/customers/${id}`, { cookie })).status).toBe(200);
    expect((await server.request("DELETE", `/api/admin/customers/${randomUUID()}`, { cookie })).status).toBe(
      404,
    );
    const body = { fullName: "Pedro Again", email: "pedro@example.ph", phone: "09190000000" };
    expect((await server.request("PUT", `/api/admin/customers/${id}`, { cookie, body })).status).toBe(404);
    expect((await post(body)).status).toBe(201);
  });

  it("only requires name, e-mail and phone to be given (spec §5: no minimum lengths)", async () => {
    const res = await post({ fullName: "Bo", email: "bo@example.ph", phone: "123" });
    expect(res.status).toBe(201);
    expect(customerRecordSchema.parse(await res.json())).toMatchObject({ fullName: "Bo", phone: "123" });
    const single = await post({ fullName: "X", email: "x@example.ph", phone: "1" });
    expect(single.status).toBe(201);
  });

  it("changes only the fields a PUT sends, and ignores read-only and unknown keys", async () => {
    const created = customerRecordSchema.parse(
      await (
        await post({
          fullName: "Carla Dizon",
          email: "carla@example.ph",
          phone: "09175550000",
          address: "Poblacion",
          license: "L-1",
          licenseExpiry: "2028-01-31",
          createdAt: "2001-01-01T00:00:00Z",
          photoId1Url: "/objects/documents/forged",
          id: "00000000-0000-4000-8000-000000000001",
        })
      ).json(),
    );
    // Release 2 (issue #24): the id the browser chose is the customer's id.
    expect(created.id).toBe("00000000-0000-4000-8000-000000000001");
    expect(created.createdAt).not.toBe("2001-01-01T00:00:00.000Z");
    expect(created.photoId1Url).toBeNull();

    const phoneOnly = await server.request("PUT", `/api/admin/customers/${created.id}`, {
      cookie,
      body: { phone: "0917" },
    });
    expect(phoneOnly.status).toBe(200);
    const changed = customerRecordSchema.parse(await phoneOnly.json());
    expect(changed).toMatchObject({
      fullName: "Carla Dizon",
      email: "carla@example.ph",
      phone: "0917",
      address: "Poblacion",
      license: "L-1",
      licenseExpiry: "2028-01-31",
    });

    // The whole record sent back, as a client that round-trips what it read does.
    const roundTrip = await server.request("PUT", `/api/admin/customers/${created.id}`, {
      cookie,
      body: {
        ...changed,
        id: "00000000-0000-4000-8000-000000000002",
        version: 999,
        createdAt: "2001-01-01T00:00:00Z",
        deletedAt: "2001-01-01T00:00:00Z",
        photoId1Url: "/objects/documents/forged",
        address: "Lucap",
      },
    });
    expect(roundTrip.status).toBe(200);
    const after = customerRecordSchema.parse(await roundTrip.json());
    expect(after).toMatchObject({ id: created.id, address: "Lucap", createdAt: created.createdAt });
    expect(after.deletedAt).toBeNull();
    expect(after.photoId1Url).toBeNull();
    expect(after.version).toBeLessThan(999);

    const nothing = await server.request("PUT", `/api/admin/customers/${created.id}`, { cookie, body: {} });
    expect(nothing.status).toBe(200);
    expect(customerRecordSchema.parse(await nothing.json())).toMatchObject({
      address: "Lucap",
      phone: "0917",
    });
    const blankName = await server.request("PUT", `/api/admin/customers/${created.id}`, {
      cookie,
      body: { fullName: " " },
    });
    expect(blankName.status).toBe(400);
    const empty = await server.request("PUT", `/api/admin/customers/${randomUUID()}`, { cookie, body: {} });
    expect(empty.status).toBe(404);
  });

  it("lists in a fixed number of queries, whatever the number of customers", async () => {
    const queries: string[] = [];
    const onQuery = (query: { sql: string }) => queries.push(query.sql);
    server.db.knex.on("query", onQuery);
    try {
      await list();
    } finally {
      server.db.knex.off("query", onQuery);
    }
    // The session check plus three reads (customers, bookings, payments).
    const reads = queries.filter((sql) => /from "(customers|bookings|payments)"/.test(sql));
    expect(reads).toHaveLength(3);
  });
});
