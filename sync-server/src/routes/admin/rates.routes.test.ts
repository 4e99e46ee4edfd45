import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";
import { publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { errorMessages } from "@car-rental/shared/messages";
import {
  LENGTH_DISCOUNTS_RECORD_ID,
  lengthDiscountListSchema,
  ratePeriodRecordSchema,
  ratesResponseSchema,
  type RatePeriodRecord,
  type RatesResponse,
} from "@car-rental/shared/schemas/rates";
import type { Car } from "@car-rental/shared/schemas/car";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import { startTestServer, type TestServer } from "../../test-server";
import { bookingBody, errorOf, publicCars, uploadDocuments } from "../public/booking-test-helpers";

/** Seasonal rates and length discounts (release-2 §E1) through the real server and database. */
describe.each(testEngines())("rates (%s)", (engine) => {
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
    server = await startTestServer(engine, { config: { rateLimitScale: 10 } });
    cookie = await server.adminCookie();
    cars = await publicCars(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rates = async (): Promise<RatesResponse> => {
    const res = await server.request("GET", "/api/rates");
    expect(res.status).toBe(200);
    return ratesResponseSchema.parse(await res.json());
  };
  const addPeriod = (body: unknown) => server.request("POST", "/api/admin/rate-periods", { body, cookie });
  const addedPeriod = async (body: unknown): Promise<RatePeriodRecord> => {
    const res = await addPeriod(body);
    expect(res.status).toBe(201);
    return ratePeriodRecordSchema.parse(await res.json());
  };
  const book = (body: unknown) => server.request("POST", "/api/bookings", { body });
  /** The form's quote for a self-drive rental of `car` without distance service. */
  const selfDriveQuote = (
    car: Car,
    dates: { pickupDate: string; returnDate: string },
    rates: RatesResponse,
  ) =>
    quoteWithRates({
      dailyRate: car.dailyRate,
      ...dates,
      driverService: "none",
      distanceService: "none",
      rates,
    });

  it("answers the seeded length discounts publicly, with an ETag and 304", async () => {
    expect(await rates()).toEqual({
      periods: [],
      lengthDiscounts: [
        { minDays: 7, percentOff: 10 },
        { minDays: 28, percentOff: 20 },
      ],
    });
    const first = await server.request("GET", "/api/rates");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const again = await server.request("GET", "/api/rates", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("refuses every admin rate call without a session", async () => {
    const period = { name: "Holy Week", startDate: "2027-03-21", endDate: "2027-03-28", percent: 30 };
    const id = randomUUID();
    const answers = await Promise.all([
      server.request("POST", "/api/admin/rate-periods", { body: period }),
      server.request("PUT", `/api/admin/rate-periods/${id}`, { body: period }),
      server.request("DELETE", `/api/admin/rate-periods/${id}`),
      server.request("PUT", "/api/admin/length-discounts", { body: { lengthDiscounts: [] } }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([401, 401, 401, 401]);
    expect(await server.db.knex("rate_periods").pluck("id")).toEqual([]);
  });

  it("adds, changes and removes a period; GET /api/rates follows at once", async () => {
    const id = randomUUID();
    const added = await addedPeriod({
      id,
      name: " Christmas ",
      startDate: "2026-12-20",
      endDate: "2026-12-31",
      percent: 20,
    });
    expect(added).toMatchObject({
      id,
      name: "Christmas",
      startDate: "2026-12-20",
      percent: 20,
      deletedAt: null,
    });
    // A replayed create answers the stored period.
    const replay = await addPeriod({
      id,
      name: "Christmas",
      startDate: "2026-12-20",
      endDate: "2026-12-31",
      percent: 20,
    });
    expect(replay.status).toBe(201);
    expect((await rates()).periods).toEqual([
      { id, name: "Christmas", startDate: "2026-12-20", endDate: "2026-12-31", percent: 20 },
    ]);

    const changed = await server.request("PUT", `/api/admin/rate-periods/${id}`, {
      cookie,
      body: { name: "Christmas", startDate: "2026-12-22", endDate: "2026-12-31", percent: 25 },
    });
    expect(changed.status).toBe(200);
    expect(ratePeriodRecordSchema.parse(await changed.json())).toMatchObject({
      startDate: "2026-12-22",
      percent: 25,
      version: 2,
    });
    expect((await rates()).periods[0]).toMatchObject({ startDate: "2026-12-22", percent: 25 });

    expect((await server.request("DELETE", `/api/admin/rate-periods/${id}`, { cookie })).status).toBe(204);
    expect((await server.request("DELETE", `/api/admin/rate-periods/${id}`, { cookie })).status).toBe(204);
    expect((await rates()).periods).toEqual([]);
    // A removed period cannot be changed; unknown ids are 404.
    const gone = await server.request("PUT", `/api/admin/rate-periods/${id}`, {
      cookie,
      body: { name: "Christmas", startDate: "2026-12-22", endDate: "2026-12-31", percent: 25 },
    });
    expect(gone.status).toBe(404);
    expect(
      (await server.request("DELETE", `/api/admin/rate-periods/${randomUUID()}`, { cookie })).status,
    ).toBe(404);
    expect((await server.request("DELETE", "/api/admin/rate-periods/not-a-uuid", { cookie })).status).toBe(
      404,
    );
  });

  it("refuses invalid periods and discounts with 400 VALIDATION_FAILED, changing nothing", async () => {
    const ok = { name: "Holy Week", startDate: "2027-03-21", endDate: "2027-03-28", percent: 30 };
    const refusal = async (res: Response) => ({ status: res.status, error: await errorOf(res) });
    const backwards = await refusal(await addPeriod({ ...ok, endDate: "2027-03-20" }));
    expect(backwards.status).toBe(400);
    expect(backwards.error.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(backwards.error)).toContain("The end date cannot be before the start date.");
    for (const body of [
      { ...ok, name: "  " },
      { ...ok, percent: 12.5 },
      { ...ok, percent: -91 },
      { ...ok, percent: 301 },
      { ...ok, startDate: "2027-02-30" },
      { ...ok, percent: "30" },
      { name: "No dates", percent: 10 },
    ]) {
      const answer = await refusal(await addPeriod(body));
      expect([answer.status, answer.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    }
    expect(await server.db.knex("rate_periods").whereNull("deleted_at").pluck("id")).toEqual([]);

    const put = (body: unknown) => server.request("PUT", "/api/admin/length-discounts", { cookie, body });
    for (const body of [
      {
        lengthDiscounts: [
          { minDays: 7, percentOff: 10 },
          { minDays: 7, percentOff: 15 },
        ],
      },
      { lengthDiscounts: [{ minDays: 1, percentOff: 10 }] },
      { lengthDiscounts: [{ minDays: 7, percentOff: 0 }] },
      { lengthDiscounts: [{ minDays: 7, percentOff: 91 }] },
      [{ minDays: 7, percentOff: 91 }],
      { discounts: [{ minDays: 7, percentOff: 10 }] },
    ]) {
      const answer = await refusal(await put(body));
      expect([answer.status, answer.error.code]).toEqual([400, "VALIDATION_FAILED"]);
    }
    expect((await rates()).lengthDiscounts).toEqual(DEFAULT_RATES.lengthDiscounts);
  });

  it("prices a booking across Holy Week day by day with the weekly discount, stores its lines, and refuses a stale total", async () => {
    await addedPeriod({ name: "Holy Week", startDate: "2026-12-24", endDate: "2026-12-26", percent: 30 });
    const current = await rates();
    const car = freshCar();
    // 2026-12-21 .. 2026-12-29: 8 days, 3 of them in the period: one line per distinct day price.
    const dates = { pickupDate: "2026-12-21", returnDate: "2026-12-29" };
    const expected = selfDriveQuote(car, dates, current);
    expect(expected.lines.map((line) => [line.days, line.periodName])).toEqual([
      [5, null],
      [3, "Holy Week"],
    ]);
    expect(expected.discount?.label).toBe("Weekly discount");

    // Priced without the period (a browser holding old rates): 409 with the fresh quote and its lines.
    const stale = await book(bookingBody({ documents: await uploadDocuments(server), car, ...dates }));
    expect(stale.status).toBe(409);
    const refusal: unknown = await stale.json();
    expect(refusal).toMatchObject({
      error: { code: "PRICE_CHANGED", message: errorMessages.PRICE_CHANGED },
      quote: { total: expected.total, subtotal: expected.subtotal, lines: expected.lines },
    });
    expect(await server.db.knex("bookings").where({ car_id: car.id }).first()).toBeUndefined();

    const res = await book(
      bookingBody({ documents: await uploadDocuments(server), car, ...dates, rates: current }),
    );
    expect(res.status).toBe(201);
    const answer = publicBookingResponseSchema.parse(await res.json());
    expect(answer.booking).toMatchObject({
      total: expected.total,
      subtotal: expected.subtotal,
      priceLines: expected.lines,
      discount: expected.discount,
    });

    // The owner raises Holy Week: the booking keeps the price it was made with.
    const [period] = current.periods;
    if (!period) throw new Error("no period");
    const raised = await server.request("PUT", `/api/admin/rate-periods/${period.id}`, {
      cookie,
      body: { name: "Holy Week", startDate: "2026-12-20", endDate: "2026-12-31", percent: 50 },
    });
    expect(raised.status).toBe(200);
    const sync = await server.request("GET", "/api/admin/sync", { cookie });
    const mirror = syncResponseSchema.parse(await sync.json());
    // The admin sync carries the periods (release-2 §E1 mirror table).
    expect(mirror.ratePeriods.find((p) => p.id === period.id)).toMatchObject({
      percent: 50,
      name: "Holy Week",
    });
    const synced = mirror.bookings.find((b) => b.id === answer.booking.id);
    expect(synced).toMatchObject({
      total: expected.total,
      priceLines: expected.lines,
      discount: expected.discount,
    });
  });

  it("prices two overlapping periods of the same adjustment as the form does: the earlier-starting one names the shared days", async () => {
    // Added in the other order than they start, so the table's own order is not the listed one.
    const fiesta = await addedPeriod({
      name: "Fiesta",
      startDate: "2027-02-05",
      endDate: "2027-02-08",
      percent: 20,
    });
    const flowers = await addedPeriod({
      name: "Flower Festival",
      startDate: "2027-02-03",
      endDate: "2027-02-06",
      percent: 20,
    });
    const current = await rates();
    const car = freshCar();
    const dates = { pickupDate: "2027-02-01", returnDate: "2027-02-10" };
    const expected = selfDriveQuote(car, dates, current);
    expect(expected.lines.map((line) => [line.days, line.periodName])).toEqual([
      [3, null],
      [4, "Flower Festival"],
      [2, "Fiesta"],
    ]);
    const res = await book(
      bookingBody({ documents: await uploadDocuments(server), car, ...dates, rates: current }),
    );
    expect(res.status).toBe(201);
    const answer = publicBookingResponseSchema.parse(await res.json());
    expect(answer.booking.priceLines).toEqual(expected.lines);
    for (const period of [fiesta, flowers]) {
      expect(
        (await server.request("DELETE", `/api/admin/rate-periods/${period.id}`, { cookie })).status,
      ).toBe(204);
    }
  });

  it("replaces the length discounts; an empty list means no discount", async () => {
    const res = await server.request("PUT", "/api/admin/length-discounts", {
      cookie,
      body: {
        lengthDiscounts: [
          { minDays: 14, percentOff: 15 },
          { minDays: 3, percentOff: 5 },
        ],
      },
    });
    expect(res.status).toBe(200);
    // The answer is the list as the admin mirror holds it: one record, by length.
    expect(lengthDiscountListSchema.parse(await res.json())).toMatchObject({
      id: LENGTH_DISCOUNTS_RECORD_ID,
      lengthDiscounts: [
        { minDays: 3, percentOff: 5 },
        { minDays: 14, percentOff: 15 },
      ],
      deletedAt: null,
    });
    expect((await rates()).lengthDiscounts).toEqual([
      { minDays: 3, percentOff: 5 },
      { minDays: 14, percentOff: 15 },
    ]);
    const car = freshCar();
    const dates = { pickupDate: "2027-01-10", returnDate: "2027-01-13" };
    const current = await rates();
    // Priced with a new database's discounts (none for 3 days): refused, the 3-day discount applies now.
    expect(
      (await book(bookingBody({ documents: await uploadDocuments(server), car, ...dates }))).status,
    ).toBe(409);
    const booked = await book(
      bookingBody({ documents: await uploadDocuments(server), car, ...dates, rates: current }),
    );
    expect(booked.status).toBe(201);
    const answer = publicBookingResponseSchema.parse(await booked.json());
    expect(answer.booking.discount).toMatchObject({ minDays: 3, percentOff: 5, label: "3-day discount" });

    const cleared = await server.request("PUT", "/api/admin/length-discounts", {
      cookie,
      body: { lengthDiscounts: [] },
    });
    expect(cleared.status).toBe(200);
    expect((await rates()).lengthDiscounts).toEqual([]);

    // The bare list is the same call.
    const bare = await server.request("PUT", "/api/admin/length-discounts", {
      cookie,
      body: [
        { minDays: 28, percentOff: 20 },
        { minDays: 7, percentOff: 10 },
      ],
    });
    expect(bare.status).toBe(200);
    expect((await rates()).lengthDiscounts).toEqual([
      { minDays: 7, percentOff: 10 },
      { minDays: 28, percentOff: 20 },
    ]);
  });

  it("syncs the length discounts to the admin mirror as one record, in a delta only when they changed, once per change", async () => {
    const sync = async (since?: string) => {
      const res = await server.request("GET", `/api/admin/sync${since ? `?since=${since}` : ""}`, { cookie });
      expect(res.status).toBe(200);
      return syncResponseSchema.parse(await res.json());
    };
    const full = await sync();
    expect(full.lengthDiscounts).toHaveLength(1);
    const [before] = full.lengthDiscounts;
    expect(before).toMatchObject({
      id: LENGTH_DISCOUNTS_RECORD_ID,
      lengthDiscounts: (await rates()).lengthDiscounts,
      deletedAt: null,
    });
    // Unchanged since: not in the delta.
    expect((await sync(full.cursor)).lengthDiscounts).toEqual([]);

    const headers = { "Idempotency-Key": randomUUID() };
    const body = {
      lengthDiscounts: [
        { minDays: 28, percentOff: 20 },
        { minDays: 7, percentOff: 15 },
      ],
    };
    const first = await server.request("PUT", "/api/admin/length-discounts", { cookie, body, headers });
    expect(first.status).toBe(200);
    const saved = lengthDiscountListSchema.parse(await first.json());
    expect(saved.version).toBe((before?.version ?? 0) + 1);
    // A replay (same key) answers the same and changes nothing more.
    const replay = await server.request("PUT", "/api/admin/length-discounts", { cookie, body, headers });
    expect(replay.status).toBe(200);
    expect(lengthDiscountListSchema.parse(await replay.json())).toEqual(saved);

    const delta = await sync(full.cursor);
    expect(delta.reset).toBe(false);
    expect(delta.lengthDiscounts).toEqual([
      {
        id: LENGTH_DISCOUNTS_RECORD_ID,
        lengthDiscounts: [
          { minDays: 7, percentOff: 15 },
          { minDays: 28, percentOff: 20 },
        ],
        version: saved.version,
        updatedAt: saved.updatedAt,
        deletedAt: null,
      },
    ]);
    expect(delta.deleted).toEqual([]);
    expect((await sync(delta.cursor)).lengthDiscounts).toEqual([]);
    expect((await rates()).lengthDiscounts).toEqual([
      { minDays: 7, percentOff: 15 },
      { minDays: 28, percentOff: 20 },
    ]);
  });

  it("lets two replacements at once both finish, one after the other", async () => {
    const put = (percentOff: number) =>
      server.request("PUT", "/api/admin/length-discounts", {
        cookie,
        body: { lengthDiscounts: [{ minDays: 7, percentOff }] },
      });
    const answers = await Promise.all([put(11), put(12), put(13)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const versions = await Promise.all(
      answers.map(async (res) => lengthDiscountListSchema.parse(await res.json()).version),
    );
    expect(new Set(versions).size).toBe(3);
    const { lengthDiscounts } = await rates();
    expect(lengthDiscounts).toHaveLength(1);
    expect([11, 12, 13]).toContain(lengthDiscounts[0]?.percentOff);
  });
});
