/**
 * Fuzzing the API with fast-check.
 *
 * Proves, for every mutation in the shared route table (public ones, and the
 * admin ones with an admin session), that hostile or broken input — malformed
 * JSON, wrong types, huge strings (100 KB+), unknown fields, impossible dates
 * ('2026-02-30', 'yesterday'), negative and non-numeric money, arrays instead
 * of objects, null bodies, wrong content types, garbage ids — never gets a
 * 5xx: it is refused with a clear 4xx whose body is `{error: {code,
 * message}}`, and a refused request stores nothing (the content of every
 * table is unchanged). GET routes get bad query parameters and ids under the
 * same rules, and `GET /objects/...` refuses path traversal (`..%2f`,
 * `%2e%2e`, absolute paths, backslashes) without ever serving a file. Every
 * route called with a method it does not have gets a clear 4xx too, and
 * headers that lie about the body (a Content-Encoding it does not have, odd
 * charsets, malformed Idempotency-Keys) are refused like bad bodies.
 * Inputs that happen to be valid (2xx) are allowed, and not checked for "nothing stored".
 *
 * In-process real server (`startTestServer('pglite')`) on a fresh database;
 * the number of runs is fixed so the file takes well under a minute.
 */
import { randomUUID } from "node:crypto";
import fc, { type JsonValue } from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPath, routes, type RouteName } from "@car-rental/shared/api";
import { startTestServer, type TestServer } from "@car-rental/sync-server/test-server";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import {
  bookingBody,
  errorBodySchema,
  listCars,
  publicBookingAnswerSchema,
  uploadDocuments,
} from "./support/api";
import { rawRequest, type RawAnswer } from "./support/raw-http";

/** Runs per mutation route; about 20 routes. */
const RUNS_PER_ROUTE = 30;
const RUNS_PER_GET_ROUTE = 20;
/** Bookkeeping that refused requests may write by design: rate-limit counters and stored refusals of idempotency keys. */
const BOOKKEEPING_TABLES = new Set([
  "rate_limits",
  "idempotency_keys",
  "knex_migrations",
  "knex_migrations_lock",
]);

let server: TestServer;
let cookie: string;
let tables: string[];
const ids = { car: "", booking: "", customer: "", blockedName: "", bookingToken: "" };

/** What JSON.parse can give (fast-check's own type, so its JSON arbitraries fit). */
type Json = JsonValue;

/** A valid body per mutation route: the fuzzer breaks it in one or a few places. */
let templates: Partial<Record<RouteName, { [key: string]: Json }>>;

beforeAll(async () => {
  server = await startTestServer("pglite");
  cookie = await server.adminCookie();
  const result: { rows: { tablename: string }[] } = await server.db.knex.raw(
    "select tablename from pg_tables where schemaname = current_schema() order by tablename",
  );
  tables = result.rows.map((r) => r.tablename).filter((name) => !BOOKKEEPING_TABLES.has(name));

  const cars = await listCars(server.url);
  const car = cars[0];
  if (!car) throw new Error("no cars");
  ids.car = car.id;
  const today = manilaToday(server.clock.now());
  const created = await server.request("POST", routes.createBooking.path, {
    body: bookingBody(
      car,
      addDays(today, 3),
      addDays(today, 5),
      { fullName: "Fuzz Fixture", email: "fuzz@example.ph" },
      await uploadDocuments(server.url),
    ),
  });
  if (created.status !== 201) throw new Error(`fixture booking: ${created.status} ${await created.text()}`);
  const answer: unknown = await created.json();
  const parsed = publicBookingAnswerSchema.parse(answer);
  ids.booking = parsed.booking.id;
  // The public answer carries no customer id (release 2 A3): read it from the database.
  const bookingRow: { customer_id: string } = await server.db
    .knex("bookings")
    .where({ id: ids.booking })
    .first();
  ids.customer = bookingRow.customer_id;
  ids.bookingToken =
    typeof answer === "object" &&
    answer !== null &&
    "bookingToken" in answer &&
    typeof answer.bookingToken === "string"
      ? answer.bookingToken
      : "token";
  const blocked = await server.request("POST", routes.blockName.path, {
    cookie,
    body: { fullName: "Blocked Fixture" },
  });
  const blockedAnswer: unknown = await blocked.json();
  if (
    typeof blockedAnswer !== "object" ||
    blockedAnswer === null ||
    !("id" in blockedAnswer) ||
    typeof blockedAnswer.id !== "string"
  ) {
    throw new Error(`fixture blocked name: ${blocked.status}`);
  }
  ids.blockedName = blockedAnswer.id;

  const booking = bookingBody(car, addDays(today, 40), addDays(today, 42), {
    fullName: "Fuzz Visitor",
    email: "visitor@example.ph",
  });
  templates = {
    requestUpload: { purpose: "document", contentType: "image/png", size: 1000 },
    createBooking: {
      customer: { ...booking.customer, license: "N01-23-456789" },
      booking: {
        carId: car.id,
        pickupDate: addDays(today, 40),
        returnDate: addDays(today, 42),
        pickupTime: "9:00 AM",
        driverService: "none",
        distanceService: "none",
        wantsDelivery: false,
        deliveryAddress: null,
        totalDays: 2,
        dailyRate: booking.booking.dailyRate,
        driverFee: booking.booking.driverFee,
        subtotal: booking.booking.subtotal,
        insurance: booking.booking.insurance,
        total: booking.booking.total,
      },
    },
    // My booking (release-2 §D2/D3): a lookup that matches nothing, a cancel with a token that is not
    // the fixture's (a valid one would cancel it for the routes that follow).
    lookupBooking: { reference: "ACR-ZZZZZZ", contact: "fuzz@example.ph" },
    cancelBooking: { bookingToken: "not-the-fixture-token" },
    attachDocuments: {
      bookingToken: ids.bookingToken,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
    },
    sendContactMessage: {
      firstName: "Maria",
      lastName: "Santos",
      email: "maria@example.ph",
      phone: "09171234567",
      subject: "General Inquiry",
      message: "Hello",
    },
    adminLogin: { password: "not the password" },
    changeAdminPassword: { currentPassword: "not the password", newPassword: "Another-Long-Password-2027" },
    // A push service on this machine's discard port: nothing leaves the machine.
    subscribePush: { endpoint: "http://127.0.0.1:9/push/fuzz", keys: { p256dh: "BAxyz", auth: "abc" } },
    unsubscribePush: { endpoint: "http://127.0.0.1:9/push/fuzz" },
    createCar: {
      name: "Fuzz Car",
      category: "Compact Sedan",
      dailyRate: "1500.00",
      seats: 5,
      year: 2024,
      available: true,
    },
    updateCar: {
      name: "Fuzz Car",
      category: "Compact Sedan",
      dailyRate: "1500.00",
      seats: 5,
      year: 2024,
      available: true,
    },
    createCustomer: {
      fullName: "Fuzz Customer",
      email: "fuzzc@example.ph",
      phone: "09171234567",
      licenseExpiry: "2027-01-31",
    },
    updateCustomer: {
      fullName: "Fuzz Customer",
      email: "fuzzc@example.ph",
      phone: "09171234567",
      licenseExpiry: "2027-01-31",
    },
    createAdminBooking: {
      customerEmail: "walkin@example.ph",
      customerName: "Walk In",
      carName: car.name,
      carId: car.id,
      pickupDate: addDays(today, 60),
      returnDate: addDays(today, 61),
      total: "2000.00",
      status: "pending",
    },
    updateBookingStatus: { status: "confirmed" },
    addPayment: { amount: "100.00", note: "cash" },
    blockName: { fullName: "Some Name", reason: "fuzz" },
    createBlock: { startDate: addDays(today, 80), endDate: addDays(today, 81), reason: "fuzz" },
    // Release-2 §C3: the fixture booking is not confirmed-with-uploads, so a well-formed body is refused too.
    checkOutBooking: {
      odometerKm: 1000,
      fuelEighths: 8,
      notes: "fuzz",
      photos: [],
      signature: "/objects/documents/00000000-0000-4000-8000-000000000001",
    },
    checkInBooking: {
      odometerKm: 1000,
      fuelEighths: 8,
      notes: "fuzz",
      photos: [],
      charges: [{ label: "Fuel", amount: "100.00" }],
    },
    // Release-2 §E1.
    createRatePeriod: {
      name: "Fuzz Season",
      startDate: addDays(today, 300),
      endDate: addDays(today, 301),
      percent: 10,
    },
    updateRatePeriod: {
      name: "Fuzz Season",
      startDate: addDays(today, 300),
      endDate: addDays(today, 301),
      percent: 10,
    },
    updateLengthDiscounts: {
      lengthDiscounts: [
        { minDays: 7, percentOff: 10 },
        { minDays: 28, percentOff: 20 },
      ],
    },
    // Issue #23: a batch whose one change removes a block that does not exist (nothing to store).
    adminBatch: {
      changes: [
        {
          key: "fuzz-batch-0001",
          method: "DELETE",
          path: "/api/admin/blocks/00000000-0000-4000-8000-000000000009",
        },
      ],
    },
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A fingerprint of every table's content (bookkeeping tables aside). */
async function snapshot(): Promise<Record<string, string>> {
  const select = tables
    .map(
      (name) =>
        `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`,
    )
    .join(", ");
  const result: { rows: Record<string, string>[] } = await server.db.knex.raw(`select ${select}`);
  return result.rows[0] ?? {};
}

const BAD_DATES = [
  "2026-02-30",
  "yesterday",
  "2026-13-01",
  "",
  "2026/12/01",
  "01-12-2026",
  "2026-12-1",
  "0000-00-00",
  "9999-99-99",
];
const BAD_MONEY: Json[] = [
  "-5",
  "-0.01",
  "abc",
  "1e3",
  "NaN",
  "Infinity",
  "1.234",
  "",
  " ",
  -100,
  0,
  "0",
  "1,000.00",
  "₱500",
  "99999999999999",
];
const MALFORMED_JSON = [
  '{"amount":',
  "{",
  "[1,2",
  "nul",
  "{'a':1}",
  '{"a":1}}',
  "\u0000",
  "undefined",
  '{"__proto__":',
];

const hugeString = (length: number) =>
  fc.constantFrom("x", "é", "😀", "<script>").map((unit) => unit.repeat(length));

/** A value of the wrong kind, or a right-kind value that is badly wrong. */
const wrongValue: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(...BAD_DATES),
  fc.constantFrom(...BAD_MONEY),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  hugeString(60_000),
);

function leafPaths(value: Json, prefix: string[] = []): string[][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child ?? null, [...prefix, key]));
}

function withValueAt(value: Json, path: string[], replacement: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return { ...value, [head]: withValueAt(value[head] ?? null, rest, replacement) };
}

type BodyCase = { text: string; headers: Record<string, string>; label: string };

const JSON_TYPE = { "Content-Type": "application/json" };

/** Bad bodies built around a valid template. */
function badBody(template: { [key: string]: Json }): fc.Arbitrary<BodyCase> {
  const paths = leafPaths(template);
  const json = (label: string) => (value: Json) => ({
    text: JSON.stringify(value),
    headers: JSON_TYPE,
    label,
  });
  return fc.oneof(
    // wrong types, bad dates and money, huge strings in one to three fields
    fc
      .array(fc.tuple(fc.constantFrom(...paths), wrongValue), { minLength: 1, maxLength: 3 })
      .map((changes) =>
        changes.reduce<Json>((body, [path, value]) => withValueAt(body, path, value), template),
      )
      .map(json("wrong field values")),
    // unknown fields
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
      .filter(([key]) => !(key in template))
      .map(([key, value]) => ({ ...template, [key]: value }))
      .map(json("unknown field")),
    // arrays instead of objects, null, scalars, any JSON at all
    fc.constantFrom<Json>([template], [], null, 0, "body", true).map(json("not an object")),
    fc.jsonValue({ maxDepth: 3 }).map(json("random JSON")),
    // a body over the 100 KB limit
    hugeString(110_000)
      .map((huge) => ({ ...template, extra: huge }))
      .map(json("huge body")),
    // malformed JSON
    fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ maxLength: 40 })).map((text) => ({
      text,
      headers: JSON_TYPE,
      label: "malformed JSON",
    })),
    // a valid body with the wrong content type
    fc
      .constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x")
      .map((contentType) => ({
        text: JSON.stringify(template),
        headers: { "Content-Type": contentType },
        label: "wrong content type",
      })),
    // headers that lie about the body, or are malformed: encodings, charsets, idempotency keys
    fc
      .oneof(
        fc.constantFrom("gzip", "deflate", "br", "compress", "identity, gzip").map((encoding) => ({
          ...JSON_TYPE,
          "Content-Encoding": encoding,
        })),
        fc.constantFrom("latin1", "utf-16", "bogus", "").map((charset) => ({
          "Content-Type": `application/json; charset=${charset}`,
        })),
        fc
          .oneof(fc.constantFrom("short", "x".repeat(201), "has spaces in it"), fc.string())
          .filter((key) => /^[\x20-\x7e]*$/.test(key) && !/^[\w.:-]{8,200}$/.test(key))
          .map((key) => ({ ...JSON_TYPE, "Idempotency-Key": key })),
      )
      .map((headers) => ({
        text: JSON.stringify(template),
        headers,
        label: `headers ${JSON.stringify(headers)}`,
      })),
  );
}

/** Ids that name nothing (or nothing valid). */
const garbageId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom(
    "0",
    "-1",
    "null",
    "undefined",
    "../cars",
    "%00",
    "1 OR 1=1",
    "' or '1'='1",
    "a".repeat(5_000),
  ),
  fc.constant(null).map(() => randomUUID()),
);

type Checked = { status: number; body: string; label: string };

/** The rules every answer to bad input must follow: no 5xx, and a 4xx carries `{error: {code, message}}`. */
function expectClearAnswer(answer: Checked, where: string) {
  const context = `${where} (${answer.label}) answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 400) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      // not JSON: the schema check below fails with the context
    }
    expect(errorBodySchema.safeParse(parsed).success, context).toBe(true);
  }
}

async function send(name: RouteName, path: string, body: BodyCase | null): Promise<Checked> {
  await server.db.knex("rate_limits").delete(); // the fuzzer is one client; it must reach validation, not the limit
  const res = await server.request(routes[name].method, path, {
    // Logging out with the fuzzer's session would end it for the admin routes that follow.
    ...(name === "adminLogout" ? {} : { cookie }),
    ...(body ? { body: body.text, headers: body.headers } : {}),
  });
  return { status: res.status, body: await res.text(), label: body?.label ?? "no body" };
}

const routeNames = Object.keys(routes).filter((name): name is RouteName => name in routes);
const mutationRoutes = routeNames.filter((name) => routes[name].method !== "GET");

function concretePath(name: RouteName, id: string | null): string {
  const path: string = routes[name].path;
  if (!path.includes(":id")) return path;
  const valid =
    name === "attachDocuments"
      ? ids.booking
      : name === "updateCustomer" || name === "deleteCustomer"
        ? ids.customer
        : name === "unblockName"
          ? ids.blockedName
          : name === "updateCar" || name === "deleteCar" || name === "createBlock"
            ? ids.car
            : ids.booking;
  return buildPath(path, { id: id ?? valid });
}

describe("fuzzing every mutation of the route table", () => {
  it("covers every mutation route", () => {
    expect(mutationRoutes.length).toBeGreaterThanOrEqual(15);
    for (const name of mutationRoutes) {
      if (routes[name].request !== null) expect(templates[name], `a template for ${name}`).toBeDefined();
    }
  });

  it.each(mutationRoutes)("%s: bad input gets a clear 4xx and stores nothing", async (name) => {
    const route = routes[name];
    const template = templates[name];
    // Routes without a body get garbage ids only: a valid id would really delete the fixture.
    const idArb = route.path.includes(":id")
      ? template
        ? fc.option(garbageId, { freq: 3, nil: null })
        : garbageId
      : fc.constant(null);
    const bodyArb = template ? badBody(template) : fc.option(badBody({ unexpected: true }), { nil: null });
    await fc.assert(
      fc.asyncProperty(idArb, bodyArb, async (id, body) => {
        const before = await snapshot();
        const answer = await send(name, concretePath(name, id), body);
        expectClearAnswer(answer, `${route.method} ${route.path}`);
        if (answer.status >= 400)
          expect(await snapshot(), `${name} (${answer.label}) changed data`).toEqual(before);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: 7 },
    );
  });
});

describe("wrong methods", () => {
  it("every route of the table, called with another method, gets a clear 4xx and stores nothing", async () => {
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    for (const name of routeNames) {
      const route = routes[name];
      const path = concretePath(name, null);
      for (const method of methods.filter((m) => m !== route.method)) {
        if (routeNames.some((other) => routes[other].method === method && routes[other].path === route.path))
          continue;
        const before = await snapshot();
        const answer = await rawRequest(server.url, method, path, {
          headers: { Cookie: cookie, ...JSON_TYPE },
          body: JSON.stringify(templates[name] ?? {}),
        });
        const checked = { status: answer.status, body: answer.body, label: "wrong method" };
        expectClearAnswer(checked, `${method} ${path}`);
        expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(await snapshot(), `${method} ${path} changed data`).toEqual(before);
      }
    }
  });
});

describe("fuzzing reads", () => {
  const queryValue = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(
      ...BAD_DATES,
      "-1",
      "abc",
      "1e9",
      "99999999",
      "0",
      "pending'--",
      "%",
      "%zz",
      "a".repeat(600),
    ),
  );
  const knownKeys = [
    "name",
    "since",
    "status",
    "from",
    "to",
    "before",
    "q",
    "limit",
    "offset",
    "paged",
    "page",
  ];
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...knownKeys), fc.string({ maxLength: 8 })), queryValue), {
      maxLength: 4,
    })
    .map((pairs) =>
      pairs
        .map(
          ([key, value]) =>
            `${encodeURIComponent(key)}=${/^%/.test(value) ? value : encodeURIComponent(value)}`,
        )
        .join("&"),
    );
  const getRoutes = routeNames.filter((name) => routes[name].method === "GET");

  it.each(getRoutes)("%s: bad query parameters and ids get 2xx or a clear 4xx", async (name) => {
    const route = routes[name];
    const idArb = route.path.includes(":id")
      ? fc.option(garbageId, { freq: 4, nil: null })
      : fc.constant(null);
    await fc.assert(
      fc.asyncProperty(idArb, query, async (id, search) => {
        const path = route.path.includes(":id") ? buildPath(route.path, { id: id ?? ids.car }) : route.path;
        const answer: RawAnswer = await rawRequest(server.url, "GET", search ? `${path}?${search}` : path, {
          headers: { Cookie: cookie },
        });
        expectClearAnswer(
          { status: answer.status, body: answer.body, label: `query ${search}` },
          `GET ${path}`,
        );
      }),
      { numRuns: RUNS_PER_GET_ROUTE, seed: 11 },
    );
  });

  it("GET /objects/... refuses path traversal and never serves a file outside the store", async () => {
    const fixed = [
      "/objects/..%2f..%2fpackage.json",
      "/objects/%2e%2e/%2e%2e/package.json",
      "/objects/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/objects/../../etc/passwd",
      "/objects//etc/passwd",
      "/objects/%2fetc%2fpasswd",
      "/objects/documents/..%5c..%5cpackage.json",
      "/objects/documents\\..\\..\\package.json",
      "/objects/documents/%2e%2e",
      "/objects/car-images/..%252f..%252fpackage.json",
      `/objects/documents/${randomUUID()}/../../../package.json`,
      `/objects/documents/${randomUUID()}%00.png`,
      "/objects/C:%5cWindows%5cwin.ini",
      "/objects/",
    ];
    const segment = fc.oneof(
      fc.constantFrom(
        "..",
        "%2e%2e",
        "%2E%2E",
        ".%2e",
        "..%2f",
        "..%5c",
        "%252e%252e",
        "\\..",
        "documents",
        "car-images",
        "etc",
        "passwd",
        "%00",
        "",
      ),
      fc.constant(null).map(() => randomUUID()),
    );
    const generated = fc.sample(
      fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/objects/${parts.join("/")}`),
      { numRuns: 60, seed: 13 },
    );
    for (const path of [...fixed, ...generated]) {
      for (const withSession of [false, true]) {
        const answer = await rawRequest(
          server.url,
          "GET",
          path,
          withSession ? { headers: { Cookie: cookie } } : {},
        );
        const context = `GET ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`;
        expect(answer.status, context).toBeGreaterThanOrEqual(400);
        expect(answer.status, context).toBeLessThan(500);
        expect(errorBodySchema.safeParse(JSON.parse(answer.body)).success, context).toBe(true);
        expect(answer.body, context).not.toMatch(/root:x:0:0|"workspaces"|\[fonts\]/);
      }
    }
  });
});
