import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { BLOCKED_NAME_MESSAGE } from "@car-rental/shared/messages";
import { blockedNameSchema } from "@car-rental/shared/schemas/blocked-name";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import type { Car } from "@car-rental/shared/schemas/car";
import { startTestServer, type TestServer } from "../../test-server";
import {
  bookingBody,
  errorOf,
  publicCars,
  uploadDocuments,
  type BookingOptions,
} from "../public/booking-test-helpers";

/** Release-2 §E3: blocklist entries of kind name, email, phone and license. */
describe.each(testEngines())("blocklist by more than a name on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let car: Car;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: { rateLimitScale: 10 } });
    cookie = await server.adminCookie();
    const cars = await publicCars(server);
    const first = cars.find((c) => c.available);
    if (!first) throw new Error("no available car");
    car = first;
  });
  afterAll(async () => {
    await server?.close();
  });

  const block = (body: unknown) => server.request("POST", "/api/admin/blocked-names", { cookie, body });
  const unblock = (id: string) => server.request("DELETE", `/api/admin/blocked-names/${id}`, { cookie });
  /** Blocks, expecting 201, and answers the entry. */
  const blocked = async (body: unknown) => {
    const res = await block(body);
    expect(res.status).toBe(201);
    return blockedNameSchema.parse(await res.json());
  };
  /** A public booking with a set of uploads of its own (a set belongs to one booking). */
  const book = async (options: Partial<BookingOptions>) =>
    server.request("POST", "/api/bookings", {
      body: bookingBody({
        documents: await uploadDocuments(server),
        car,
        pickupDate: "2027-02-01",
        returnDate: "2027-02-03",
        ...options,
      }),
    });
  const expectRefused = async (options: Partial<BookingOptions>) => {
    const res = await book(options);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "NAME_BLOCKED", message: BLOCKED_NAME_MESSAGE });
  };
  const isBlocked = async (name: string): Promise<boolean> => {
    const res = await server.request("GET", `/api/blocked-names/check?name=${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { isBlocked: boolean }).isBlocked;
  };

  it("blocks an e-mail case-insensitively, stored lower-cased, with the release-1 403 and message", async () => {
    const entry = await blocked({ kind: "email", value: " Bad.Guy@Example.PH ", reason: "Fraud" });
    expect(entry).toMatchObject({
      kind: "email",
      value: "bad.guy@example.ph",
      fullName: "bad.guy@example.ph",
      reason: "Fraud",
      blockedBy: "admin",
    });
    expect(Date.parse(entry.createdAt)).not.toBeNaN();
    await expectRefused({ email: "bad.guy@example.ph", fullName: "Innocent Looking" });
    await expectRefused({ email: "BAD.GUY@EXAMPLE.PH", fullName: "Innocent Looking" });
    // The check endpoint answers for names only.
    expect(await isBlocked("Bad.Guy@Example.PH")).toBe(false);
    expect((await unblock(entry.id)).status).toBe(200);
  });

  it("blocks a phone whether written 0917… or +63 917…, stored as +63…", async () => {
    const entry = await blocked({ kind: "phone", value: "0917-555-0199" });
    expect(entry).toMatchObject({ kind: "phone", value: "+639175550199" });
    await expectRefused({ phone: "+63 917 555 0199" });
    await expectRefused({ phone: "09175550199" });
    // The same number typed another way is the same entry (200, not a second one).
    const again = await block({ kind: "phone", value: "+639175550199" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(entry.id);
    expect((await unblock(entry.id)).status).toBe(200);
  });

  it("blocks a licence number whatever its dashes, spaces and case", async () => {
    const entry = await blocked({ kind: "license", value: "d12-34-567890" });
    await expectRefused({ license: "D12 34 567890" });
    await expectRefused({ license: "D1234567890" });
    const other = await book({ license: "D12-34-567891" });
    expect(other.status).toBe(201);
    expect((await unblock(entry.id)).status).toBe(200);
  });

  it("blocks a name typed as kind name, and one sent the release-1 way ({fullName} alone)", async () => {
    const byKind = await blocked({ kind: "name", value: "Crispin  Basilio" });
    expect(byKind).toMatchObject({ kind: "name", value: "Crispin  Basilio", fullName: "Crispin  Basilio" });
    await expectRefused({ fullName: "crispin basilio" });
    expect(await isBlocked(" CRISPIN basilio")).toBe(true);

    const old = await blocked({ fullName: " Simoun Ibarra ", reason: null, blockedBy: "owner" });
    expect(old).toMatchObject({
      kind: "name",
      value: "Simoun Ibarra",
      fullName: "Simoun Ibarra",
      blockedBy: "owner",
    });
    await expectRefused({ fullName: "SIMOUN IBARRA" });
    expect(await isBlocked("simoun ibarra")).toBe(true);
  });

  it("answers a blocked visitor 403 before any other refusal: no documents, past dates, an unknown car", async () => {
    const entry = await blocked({ kind: "name", value: "Padre Damaso" });
    const refusedAs403 = async (body: unknown) => {
      const res = await server.request("POST", "/api/bookings", { body });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "NAME_BLOCKED", message: BLOCKED_NAME_MESSAGE });
    };
    const dates = { car, pickupDate: "2027-02-01", returnDate: "2027-02-03" };
    // The spec's release-1 payload: no documents.
    await refusedAs403(bookingBody({ ...dates, fullName: "padre damaso" }));
    await refusedAs403(
      bookingBody({ ...dates, pickupDate: "2020-01-01", returnDate: "2020-01-03", fullName: "Padre Damaso" }),
    );
    await refusedAs403(
      bookingBody({
        ...dates,
        car: { ...car, id: "00000000-0000-4000-8000-000000000000" },
        documents: await uploadDocuments(server),
        fullName: "PADRE DAMASO",
      }),
    );
    // Anyone else still hears what to fix.
    const other = await server.request("POST", "/api/bookings", { body: bookingBody(dates) });
    expect(other.status).toBe(400);
    expect((await errorOf(other)).code).toBe("DOCUMENTS_REQUIRED");
    expect((await unblock(entry.id)).status).toBe(200);
  });

  it("refuses an unusable value with 400 VALIDATION_FAILED and a field message", async () => {
    const cases = [
      [{ kind: "phone", value: "not a phone" }, "value", "Valid phone number is required"],
      [{ kind: "email", value: "nobody" }, "value", "Valid email is required"],
      [{ kind: "license", value: " - " }, "value", "Driver's license number is required"],
      [{ kind: "name", value: "  " }, "value", "Full name is required"],
      [{ fullName: "  " }, "fullName", "Full name is required"],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await block(body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; message: string; details?: { fields?: Record<string, string[]> } };
      };
      expect(error).toMatchObject({ code: "VALIDATION_FAILED", message });
      expect(error.details?.fields?.[field]).toEqual([message]);
    }
    expect((await block({ kind: "passport", value: "X1" })).status).toBe(400);
  });

  it("shows an entry stored as typed (before values were normalised) by its normalised value", async () => {
    const [row] = await server.db
      .knex("blocked_names")
      .insert({
        kind: "phone",
        value: "0917 555 0177",
        full_name: "0917 555 0177",
        match_key: "+639175550177",
        blocked_by: "admin",
      })
      .returning("id");
    const list = await server.request("GET", "/api/admin/blocked-names", { cookie });
    const rows = blockedNameSchema.array().parse(await list.json());
    expect(rows.find((entry) => entry.id === row?.id)).toMatchObject({
      kind: "phone",
      value: "+639175550177",
      fullName: "+639175550177",
    });
    await expectRefused({ phone: "0917-555-0177" });
    expect((await unblock(String(row?.id))).status).toBe(200);
  });

  it("carries kind and value in the list and the sync", async () => {
    const entry = await blocked({ kind: "license", value: "N99-00-000001", reason: "Unpaid" });
    const list = await server.request("GET", "/api/admin/blocked-names", { cookie });
    const rows = blockedNameSchema.array().parse(await list.json());
    expect(rows.find((row) => row.id === entry.id)).toMatchObject({
      kind: "license",
      value: "N9900000001",
    });

    const sync = await server.request("GET", "/api/admin/sync", { cookie });
    expect(sync.status).toBe(200);
    const raw = (await sync.json()) as { blockedNames: unknown[] };
    expect(raw.blockedNames).toContainEqual(
      expect.objectContaining({
        id: entry.id,
        kind: "license",
        value: "N9900000001",
        fullName: "N9900000001",
      }),
    );
    expect(syncResponseSchema.parse(raw).blockedNames.map((row) => row.kind)).toContain("license");
  });

  it("takes a booking without a licence number, as the spec's request has it optional (the form asks for it)", async () => {
    for (const [license, pickupDate, returnDate] of [
      [null, "2027-04-01", "2027-04-02"],
      ["   ", "2027-04-05", "2027-04-06"],
    ] as const) {
      const res = await book({ license, pickupDate, returnDate });
      expect(res.status, await res.clone().text()).toBe(201);
    }
  });
});
