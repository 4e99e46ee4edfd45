import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { batchResponseSchema, type BatchChange } from "@car-rental/shared/schemas/batch";
import { startTestServer, type TestServer } from "../../test-server";
import { stopsTheBatch } from "./batch.routes";

describe.each(testEngines())("POST /api/admin/batch (%s)", (engine) => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
  });
  afterAll(async () => {
    await server?.close();
  });

  const batch = (changes: unknown, withCookie = cookie) =>
    server.request("POST", "/api/admin/batch", { cookie: withCookie, body: { changes } });
  const results = async (changes: BatchChange[]) => {
    const res = await batch(changes);
    expect(res.status).toBe(200);
    return batchResponseSchema.parse(await res.json()).results;
  };
  const blockChange = (value: string, key: string = randomUUID()): BatchChange => ({
    key,
    method: "POST",
    path: "/api/admin/blocked-names",
    body: { kind: "name", value, reason: "batch test" },
  });
  const blockedValues = async (): Promise<string[]> => {
    const res = await server.request("GET", "/api/admin/blocked-names", { cookie });
    const rows = (await res.json()) as { value?: string; fullName?: string }[];
    return rows.map((row) => row.value ?? row.fullName ?? "");
  };
  const countOf = async (value: string) => (await blockedValues()).filter((v) => v === value).length;

  it("needs an admin session, like every admin call", async () => {
    const res = await batch([blockChange("Nobody Without Session")], "");
    expect(res.status).toBe(401);
    expect(await countOf("Nobody Without Session")).toBe(0);
  });

  it("applies the changes in order, each with the answer it would have had alone; a refusal stops nothing", async () => {
    const answers = await results([
      blockChange("Batch First Person"),
      { key: randomUUID(), method: "DELETE", path: `/api/admin/blocked-names/${randomUUID()}` },
      blockChange("Batch Second Person"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 404, 201]);
    expect(answers[0]?.body).toMatchObject({ value: "Batch First Person" });
    expect(answers[1]?.body).toMatchObject({ code: "NOT_FOUND" });
    expect(await countOf("Batch First Person")).toBe(1);
    expect(await countOf("Batch Second Person")).toBe(1);

    // The same refusal alone.
    const alone = await server.request("DELETE", `/api/admin/blocked-names/${randomUUID()}`, { cookie });
    expect(alone.status).toBe(404);
  });

  it("payments made offline keep their order and the time they were recorded, never later than now", async () => {
    const car = await server.db.knex("cars").whereNull("deleted_at").first("id", "name");
    const created = await server.request("POST", "/api/admin/bookings", {
      cookie,
      body: {
        customerEmail: "ledger@example.ph",
        customerName: "Ledger Person",
        carName: car.name,
        carId: car.id,
        pickupDate: "2031-02-03",
        returnDate: "2031-02-05",
        total: "9000.00",
        status: "confirmed",
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const path = `/api/admin/bookings/${id}/payment`;
    const payment = (body: Record<string, unknown>): BatchChange => ({
      key: randomUUID(),
      method: "PATCH",
      path,
      body: { id: randomUUID(), ...body },
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const answers = await results([
      payment({ amount: "1000.00", recordedAt: yesterday }),
      payment({ amount: "3000.00", kind: "deposit" }),
      payment({ amount: "3000.00", kind: "deposit-refund" }),
      payment({ amount: "500.00", recordedAt: "2099-01-01T00:00:00.000Z" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const rows: { amount: string; kind: string; created_at: Date | string }[] = await server.db
      .knex("payments")
      .where({ booking_id: id })
      .orderBy("created_at")
      .select("amount", "kind", "created_at");
    expect(rows.map((row) => `${Number(row.amount)} ${row.kind}`)).toEqual([
      "1000 rental",
      "3000 deposit",
      "3000 deposit-refund",
      "500 rental",
    ]);
    const times = rows.map((row) => new Date(row.created_at).getTime());
    expect(times[0]).toBe(new Date(yesterday).getTime());
    // Stored together, yet each later than the one before; the future is today.
    expect(times[2]).toBeGreaterThan(times[1] ?? Infinity);
    expect(times[3]).toBeGreaterThan(times[2] ?? Infinity);
    expect(times[3]).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("a replayed batch, or one of its changes sent alone, applies nothing twice", async () => {
    const first = blockChange("Batch Replayed Person");
    const second = blockChange("Batch Replayed Other");
    const once = await results([first, second]);
    const again = await results([first, second]);
    expect(again).toEqual(once.map((result) => ({ ...result, replayed: true })));
    expect(once.some((result) => result.replayed)).toBe(false);
    const alone = await server.request("POST", first.path, {
      cookie,
      body: first.body,
      headers: { "Idempotency-Key": first.key },
    });
    expect(alone.status).toBe(201);
    expect(await alone.json()).toEqual(once[0]?.body);
    expect(await countOf("Batch Replayed Person")).toBe(1);
    expect(await countOf("Batch Replayed Other")).toBe(1);
  });

  it("a refused change holds back the later changes about its rows, and only those", async () => {
    const missing = randomUUID();
    const answers = await results([
      {
        key: randomUUID(),
        method: "DELETE",
        path: `/api/admin/blocked-names/${missing}`,
        rows: [`blockedNames:${missing}`],
      },
      { ...blockChange("Batch Held Back"), rows: [`blockedNames:${missing}`] },
      { ...blockChange("Batch Not Held"), rows: [`blockedNames:${randomUUID()}`] },
    ]);
    expect(answers.map((a) => a.status)).toEqual([404, null, 201]);
    expect(await countOf("Batch Held Back")).toBe(0);
    expect(await countOf("Batch Not Held")).toBe(1);
  });

  it("a key reused for another change is refused for that change only", async () => {
    const used = blockChange("Batch Key Owner");
    await results([used]);
    const answers = await results([
      blockChange("Batch Key Thief", used.key),
      blockChange("Batch After Thief"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([422, 201]);
    expect(await countOf("Batch Key Thief")).toBe(0);
    expect(await countOf("Batch After Thief")).toBe(1);
  });

  it("an invalid change is refused as it would be alone", async () => {
    const answers = await results([
      {
        key: randomUUID(),
        method: "POST",
        path: "/api/admin/blocked-names",
        body: { kind: "name", value: "" },
      },
    ]);
    expect(answers[0]?.status).toBe(400);
    expect(answers[0]?.body).toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("a key sent twice in one batch applies once: the second answer is the first's, replayed", async () => {
    const change = blockChange("Batch Twice In One");
    const answers = await results([change, change, blockChange("Batch After Twice")]);
    expect(answers.map((a) => [a.status, a.replayed ?? false])).toEqual([
      [201, false],
      [201, true],
      [201, false],
    ]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(await countOf("Batch Twice In One")).toBe(1);
  });

  it("a change refused after its statement failed in the database rolls back alone: the batch goes on", async () => {
    const fleet = (await (await server.request("GET", "/api/cars")).json()) as { id: string; name: string }[];
    const booking = async (car: { id: string; name: string } | undefined, pickupDate: string) => {
      const res = await server.request("POST", "/api/admin/bookings", {
        cookie,
        body: {
          customerEmail: "batch.walkin@example.ph",
          customerName: "Batch Walk In",
          carName: car?.name,
          carId: car?.id,
          pickupDate,
          returnDate: pickupDate.replace(/-01$/, "-03"),
          total: "9000.00",
          status: "confirmed",
        },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const first = await booking(fleet[0], "2027-06-01");
    const second = await booking(fleet[1], "2027-07-01");
    const paymentId = randomUUID();
    const payment = (bookingId: string, id: string): BatchChange => ({
      key: randomUUID(),
      method: "PATCH",
      path: `/api/admin/bookings/${bookingId}/payment`,
      body: { id, amount: "100.00" },
      rows: [`payments:${id}`, `bookings:${bookingId}`],
    });
    const answers = await results([
      payment(first, paymentId),
      // The same payment id for another booking: the insert fails on its primary key (409 ID_TAKEN).
      payment(second, paymentId),
      payment(first, randomUUID()),
      blockChange("Batch After Failed Statement"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 409, 200, 201]);
    expect(answers[1]?.body).toMatchObject({ code: "ID_TAKEN" });
    const paid = await server.db.knex("bookings").whereIn("id", [first, second]).select("id", "amount_paid");
    expect(Object.fromEntries(paid.map((row) => [row.id, Number(row.amount_paid)]))).toEqual({
      [first]: 200,
      [second]: 0,
    });
    expect(await countOf("Batch After Failed Statement")).toBe(1);
  });

  it("a sign-out in a batch runs alone: the changes after it find the session ended and wait", async () => {
    const own = await server.adminCookie();
    const res = await batch(
      [
        blockChange("Batch Before Sign Out"),
        { key: randomUUID(), method: "DELETE", path: "/api/admin/session" },
        blockChange("Batch After Sign Out"),
      ],
      own,
    );
    expect(res.status).toBe(200);
    const answers = batchResponseSchema.parse(await res.json()).results;
    expect(answers.map((a) => a.status)).toEqual([201, 200, 401]);
    expect(await countOf("Batch Before Sign Out")).toBe(1);
    expect(await countOf("Batch After Sign Out")).toBe(0);
  });

  it("refuses a malformed batch whole, and applies none of it", async () => {
    const publicPath = { key: randomUUID(), method: "POST", path: "/api/contact", body: {} };
    const nested = { key: randomUUID(), method: "POST", path: "/api/admin/batch", body: { changes: [] } };
    // Another spelling of a path the batch treats apart (itself, the session calls) is refused too.
    const nestedSpelled = { ...nested, key: randomUUID(), path: "/API/Admin/Batch/" };
    const sessionSpelled = { key: randomUUID(), method: "DELETE", path: "/api/admin/Session" };
    const tooMany = Array.from({ length: 51 }, (_, i) => blockChange(`Batch Too Many ${i}`));
    const shortKey = { ...blockChange("Batch Short Key"), key: "short" };
    for (const changes of [
      [],
      [publicPath],
      [nested],
      [nestedSpelled],
      [blockChange("Batch Ok"), sessionSpelled],
      tooMany,
      [shortKey],
      [blockChange("Batch Ok"), { ...blockChange("x"), extra: 1 }],
    ]) {
      const res = await batch(changes);
      expect(res.status).toBe(400);
    }
    expect(await countOf("Batch Too Many 0")).toBe(0);
    expect(await countOf("Batch Ok")).toBe(0);
  });
});

describe("stopsTheBatch", () => {
  const result = (status: number, body: unknown = null) => ({ key: "k".repeat(8), status, body });
  it("stops at what asks to try again later or to sign in, not at a refusal", () => {
    for (const status of [500, 503, 401, 408, 429]) expect(stopsTheBatch(result(status))).toBe(true);
    expect(
      stopsTheBatch(
        result(409, { code: "IDEMPOTENCY_IN_PROGRESS", error: { code: "IDEMPOTENCY_IN_PROGRESS" } }),
      ),
    ).toBe(true);
    for (const status of [200, 201, 204, 400, 404, 409, 422])
      expect(stopsTheBatch(result(status))).toBe(false);
  });
});
