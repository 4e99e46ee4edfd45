/**
 * Release 2, A1, A2 and A5 (server): sign-in limits that cannot be dodged or
 * undone, the device cookie, the client address behind a proxy, password
 * change, the absolute session lifetime and who may replay an idempotency key.
 * A real server on PGlite and (with DATABASE_URL) PostgreSQL; every test
 * speaks from its own client address (TRUST_PROXY on, X-Forwarded-For).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import {
  DEVICE_COOKIE,
  LOGIN_FAILURE_LIMIT,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_COOKIE,
  ensureAdminPassword,
} from "../../services/admin/admin-session.service";
import { IDEMPOTENCY_RETENTION_MS, pruneIdempotencyKeys } from "../../services/idempotency.service";
import { TEST_ADMIN_PASSWORD, TEST_NOW, startTestServer, type TestServer } from "../../test-server";

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = "tamarind-sunset-4-kayak";
let addressCounter = 0;
/** A client address of its own for each test (the test server trusts X-Forwarded-For). */
const freshAddress = () => `203.0.113.${++addressCounter}`;

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe.each(testEngines())("sign-in, password and replay rules on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: { trustProxy: true } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const from = (address: string, extra: Record<string, string> = {}) => ({
    "X-Forwarded-For": address,
    ...extra,
  });
  const signIn = (password: string, address: string, cookie?: string, headers: Record<string, string> = {}) =>
    server.request("POST", "/api/admin/session", {
      body: { password },
      headers: from(address, headers),
      ...(cookie ? { cookie } : {}),
    });
  /** Signs in and returns the session and device cookies. */
  async function signedIn(address: string): Promise<{ session: string; device: string }> {
    const res = await signIn(TEST_ADMIN_PASSWORD, address);
    expect(res.status).toBe(200);
    return { session: cookieOf(res, SESSION_COOKIE) ?? "", device: cookieOf(res, DEVICE_COOKIE) ?? "" };
  }

  it("meets the same rules under every spelling of an API path (case, trailing slash, empty segment, escapes)", async () => {
    const address = freshAddress();
    const { session } = await signedIn(address);
    const carsSpellings = [
      "/api/admin/cars/",
      "/API/ADMIN/CARS",
      "/api//admin/cars",
      "/api/admin/%63ars",
      "/Api/Admin/Cars//",
    ];
    const canonical = await server.request("GET", "/api/admin/cars", {
      cookie: session,
      headers: from(address),
    });
    expect(canonical.status).toBe(200);
    const fleet = await canonical.json();
    for (const path of carsSpellings) {
      // Without a session: the admin guard, as on the canonical path.
      const anonymous = await server.request("GET", path, { headers: from(address) });
      expect(anonymous.status, path).toBe(401);
      expect(await codeOf(anonymous)).toBe("UNAUTHORIZED");
      // With one: the same answer as the canonical path.
      const signed = await server.request("GET", path, { cookie: session, headers: from(address) });
      expect(signed.status, path).toBe(200);
      expect(await signed.json()).toEqual(fleet);
    }
    const publicFleet = await server.request("GET", "/Api/Cars/", { headers: from(address) });
    expect(publicFleet.status).toBe(200);

    // Wrong passwords count together whatever the spelling, and are never stored as replays.
    const guesser = freshAddress();
    const sessionSpellings = [
      "/api/admin/session/",
      "/API/admin/session",
      "/api/Admin/Session",
      "/api//admin/session",
      "/api/admin/%73ession",
    ];
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
      const path = sessionSpellings[n % sessionSpellings.length] ?? "/api/admin/session/";
      const res = await server.request("POST", path, {
        body: { password: `wrong-guess-${n}` },
        headers: from(guesser, { "Idempotency-Key": `spelling-${n}-key` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(LOGIN_FAILURE_LIMIT.limit).fill(401));
    const locked = await server.request("POST", "/API/ADMIN/SESSION/", {
      body: { password: TEST_ADMIN_PASSWORD },
      headers: from(guesser),
    });
    expect(locked.status).toBe(429);
    expect(await server.db.knex("idempotency_keys").where("key", "like", "spelling-%")).toEqual([]);

    // What no API path is spelled like stays unknown.
    for (const path of [
      "/api/admin/cars.json",
      "/api/admin/ca%20rs",
      "/api/admin/%ZZ",
      "/api/admin/cars/x_y",
    ]) {
      const res = await server.request("GET", path, { cookie: session, headers: from(address) });
      expect(res.status, path).toBe(404);
      expect(await codeOf(res)).toBe("NOT_FOUND");
    }
  });

  it("counts wrong passwords sent with an Idempotency-Key: 10 × 401, then 429 (never rolled back)", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 16; n++) {
      const res = await signIn(`guess-${n}`, address, undefined, {
        "Idempotency-Key": `login-attempt-${n}-x`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_FAILURE_LIMIT.limit)).toEqual(Array(10).fill(401));
    expect(statuses.slice(LOGIN_FAILURE_LIMIT.limit)).toEqual(Array(6).fill(429));
  });

  it("behind the trusted proxy, treats a request the proxy says came over https as https: __Host- cookies and HSTS", async () => {
    const overHttps = await signIn(TEST_ADMIN_PASSWORD, "198.51.100.40", undefined, {
      "X-Forwarded-Proto": "https",
    });
    expect(overHttps.status).toBe(200);
    const cookies = overHttps.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith(`__Host-${SESSION_COOKIE}=`)) ?? "";
    expect(session.split(";").map((part) => part.trim())).toEqual(
      expect.arrayContaining(["Secure", "HttpOnly", "Path=/", "SameSite=Strict"]),
    );
    expect(cookies.some((cookie) => cookie.startsWith(`__Host-${DEVICE_COOKIE}=`))).toBe(true);
    expect(cookieOf(overHttps, SESSION_COOKIE)).toBeUndefined();
    expect(overHttps.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);

    const overHttp = await signIn(TEST_ADMIN_PASSWORD, "198.51.100.41", undefined, {
      "X-Forwarded-Proto": "http",
    });
    expect(cookieOf(overHttp, SESSION_COOKIE)).toBeDefined();
    expect(overHttp.headers.get("strict-transport-security")).toBeNull();
  });

  it("takes the client address from X-Forwarded-For counting TRUST_PROXY_HOPS from the right", async () => {
    const real = freshAddress();
    // Whatever a client writes on the left is ignored: 10 failures from `real` lock `real`.
    for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
      expect((await signIn("wrong-guess", `198.51.100.${n}, ${real}`)).status).toBe(401);
    }
    expect((await signIn("wrong-guess", `198.51.100.99, ${real}`)).status).toBe(429);
    expect((await signIn(TEST_ADMIN_PASSWORD, real)).status).toBe(429);
  });

  it("with TRUST_PROXY_HOPS=2 takes the second entry from the right", async () => {
    const twoHops = await startTestServer(engine, { config: { trustProxy: true, trustProxyHops: 2 } });
    try {
      const attempt = (password: string, forwardedFor: string) =>
        twoHops.request("POST", "/api/admin/session", {
          body: { password },
          headers: { "X-Forwarded-For": forwardedFor },
        });
      const real = freshAddress();
      for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
        expect((await attempt("wrong-guess", `198.51.100.${n}, ${real}, 10.0.0.${n}`)).status).toBe(401);
      }
      expect((await attempt(TEST_ADMIN_PASSWORD, `${real}, 10.0.0.1`)).status).toBe(429);
      expect((await attempt(TEST_ADMIN_PASSWORD, `${freshAddress()}, ${real}`)).status).toBe(200);
    } finally {
      await twoHops.close();
    }
  });

  it("limits a browser with a valid device cookie per device: others' guesses from its address do not lock it out", async () => {
    const shared = freshAddress();
    const { device } = await signedIn(shared);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{22}\\.\\d+\\.[\\w-]{43}$`));
    // A stranger on the same mobile-network address locks the address…
    for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
      expect((await signIn("wrong-guess", shared)).status).toBe(401);
    }
    expect((await signIn(TEST_ADMIN_PASSWORD, shared)).status).toBe(429);
    // …and a forged or tampered device cookie is no way round it…
    const tampered = `${device.slice(0, -3)}abc`;
    expect((await signIn(TEST_ADMIN_PASSWORD, shared, tampered)).status).toBe(429);
    // …but the owner's browser, with its device cookie, still signs in.
    const owner = await signIn(TEST_ADMIN_PASSWORD, shared, device);
    expect(owner.status).toBe(200);
    // A device that already has a valid cookie is not given a new one.
    expect(cookieOf(owner, DEVICE_COOKIE)).toBeUndefined();
  });

  it("locks out a device cookie that collects too many failures, from any address", async () => {
    const { device } = await signedIn(freshAddress());
    for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
      expect((await signIn("wrong-guess", freshAddress(), device)).status).toBe(401);
    }
    expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress(), device)).status).toBe(429);
    // Without the device cookie, a fresh address is judged on its own.
    expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress())).status).toBe(200);
  });

  it("ends a session 30 days after sign-in however active it stays", async () => {
    const { session } = await signedIn(freshAddress());
    try {
      // Used every 6 days: the sliding week never runs out…
      for (let day = 6; day < 30; day += 6) {
        server.clock.set(new Date(TEST_NOW.getTime() + day * DAY_MS));
        expect((await server.request("GET", "/api/admin/cars", { cookie: session })).status).toBe(200);
      }
      // …and the cookie never promises more than the 30 days.
      server.clock.set(new Date(TEST_NOW.getTime() + 29 * DAY_MS));
      const state = (await (
        await server.request("GET", "/api/admin/session", { cookie: session })
      ).json()) as {
        expiresAt: string;
      };
      expect(Date.parse(state.expiresAt)).toBe(TEST_NOW.getTime() + SESSION_ABSOLUTE_TTL_MS);
      server.clock.set(new Date(TEST_NOW.getTime() + SESSION_ABSOLUTE_TTL_MS + 1000));
      expect((await server.request("GET", "/api/admin/cars", { cookie: session })).status).toBe(401);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  describe("PUT /api/admin/password", () => {
    const change = (body: unknown, cookie: string | undefined, address: string, key?: string) =>
      server.request("PUT", "/api/admin/password", {
        body,
        ...(cookie ? { cookie } : {}),
        headers: from(address, key ? { "Idempotency-Key": key } : {}),
      });

    it("answers 401 without a session and 400 on a malformed body", async () => {
      const address = freshAddress();
      const res = await change(
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
        undefined,
        address,
      );
      expect(res.status).toBe(401);
      const { session } = await signedIn(address);
      expect((await change({ currentPassword: TEST_ADMIN_PASSWORD }, session, address)).status).toBe(400);
      expect(
        (await change({ currentPassword: "", newPassword: NEW_PASSWORD }, session, address)).status,
      ).toBe(400);
    });

    it("refuses a weak new password with 422 PASSWORD_TOO_WEAK and keeps the old one", async () => {
      const address = freshAddress();
      const { session } = await signedIn(address);
      for (const weak of ["short-pw1", "password1234", "qwertyuiop123", "123456789012", "iloveyou12345"]) {
        const res = await change(
          { currentPassword: TEST_ADMIN_PASSWORD, newPassword: weak },
          session,
          address,
        );
        expect(res.status, weak).toBe(422);
        expect(await codeOf(res)).toBe("PASSWORD_TOO_WEAK");
      }
      expect((await signIn(TEST_ADMIN_PASSWORD, address)).status).toBe(200);
    });

    it("counts a wrong current password as a failed sign-in: 401, and 429 past the limit", async () => {
      const address = freshAddress();
      const { session } = await signedIn(address);
      // Sent with an Idempotency-Key: still counted, never stored.
      for (let n = 0; n < LOGIN_FAILURE_LIMIT.limit; n++) {
        const res = await change(
          { currentPassword: `wrong-${n}`, newPassword: NEW_PASSWORD },
          session,
          address,
          `pw-change-${n}-x`,
        );
        expect(res.status).toBe(401);
        expect(await codeOf(res)).toBe("INVALID_PASSWORD");
      }
      const locked = await change(
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
        session,
        address,
      );
      expect(locked.status).toBe(429);
      expect(await server.db.knex("idempotency_keys").where("key", "like", "pw-change-%")).toEqual([]);
      // The session itself is untouched by the refusals.
      expect((await server.request("GET", "/api/admin/cars", { cookie: session })).status).toBe(200);
    });

    // Last of this group: it changes the password (and puts the test password back).
    it("changes the password (204), ends every other session and keeps this one", async () => {
      const address = freshAddress();
      const mine = await signedIn(address);
      const other = await signedIn(freshAddress());
      const res = await change(
        { currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD },
        mine.session,
        address,
      );
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect((await server.request("GET", "/api/admin/cars", { cookie: mine.session })).status).toBe(200);
      expect((await server.request("GET", "/api/admin/cars", { cookie: other.session })).status).toBe(401);
      expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress())).status).toBe(401);
      expect((await signIn(NEW_PASSWORD, freshAddress())).status).toBe(200);

      // ADMIN_PASSWORD unchanged since the last start: the password set in the app wins…
      expect(await ensureAdminPassword(server.db.knex, TEST_ADMIN_PASSWORD)).toEqual({
        source: "changed-in-app",
      });
      expect((await signIn(NEW_PASSWORD, freshAddress())).status).toBe(200);
      // …until the variable's value changes: then the new value applies and every session ends.
      expect(await ensureAdminPassword(server.db.knex, "a-new-configured-secret")).toEqual({
        source: "config",
      });
      expect((await server.request("GET", "/api/admin/cars", { cookie: mine.session })).status).toBe(401);
      expect((await signIn(NEW_PASSWORD, freshAddress())).status).toBe(401);
      expect((await signIn("a-new-configured-secret", freshAddress())).status).toBe(200);
      expect(await ensureAdminPassword(server.db.knex, TEST_ADMIN_PASSWORD)).toEqual({ source: "config" });
      expect((await signIn(TEST_ADMIN_PASSWORD, freshAddress())).status).toBe(200);
    });
  });

  describe("idempotency keys are bound to whoever used them first", () => {
    it("answers 401 to an admin key replayed without a valid admin session", async () => {
      const address = freshAddress();
      const { session } = await signedIn(address);
      const key = `admin-owned-${Date.now()}`;
      const body = { fullName: "Key Owner Test" };
      const first = await server.request("POST", "/api/admin/blocked-names", {
        body,
        cookie: session,
        headers: from(address, { "Idempotency-Key": key }),
      });
      expect(first.status).toBeLessThan(300);
      const replay = (cookie?: string, at = address) =>
        server.request("POST", "/api/admin/blocked-names", {
          body,
          ...(cookie ? { cookie } : {}),
          headers: from(at, { "Idempotency-Key": key }),
        });
      const again = await replay(session, freshAddress());
      expect(again.status).toBe(first.status);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const anonymous = await replay();
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("idempotent-replayed")).toBeNull();
      expect(await codeOf(anonymous)).toBe("UNAUTHORIZED");
      expect((await replay(`${SESSION_COOKIE}=${"x".repeat(43)}`)).status).toBe(401);
    });

    it("answers 422 to a public key replayed from another client address", async () => {
      const address = freshAddress();
      const key = `public-owned-${Date.now()}`;
      const send = (at: string) =>
        server.request("POST", "/api/objects/upload", {
          body: { purpose: "document", contentType: "image/png", size: 100 },
          headers: from(at, { "Idempotency-Key": key }),
        });
      const first = await send(address);
      expect(first.status).toBe(200);
      const ticket: unknown = await first.json();
      const mine = await send(address);
      expect(mine.status).toBe(200);
      expect(await mine.json()).toEqual(ticket);
      const stranger = await send(freshAddress());
      expect(stranger.status).toBe(422);
      expect(await codeOf(stranger)).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(JSON.stringify(await server.db.knex("idempotency_keys").where({ key }).first())).toContain(
        `public:${address}`,
      );
    });

    it("does not keep the refusals of public requests (endless fresh keys cannot fill the table)", async () => {
      const key = `public-refusal-${Date.now()}`;
      const res = await server.request("POST", "/api/contact", {
        body: { name: "" },
        headers: from(freshAddress(), { "Idempotency-Key": key }),
      });
      expect(res.status).toBe(400);
      expect(await server.db.knex("idempotency_keys").where({ key }).first()).toBeUndefined();
    });

    it("keeps keys 90 days", async () => {
      expect(IDEMPOTENCY_RETENTION_MS).toBe(90 * DAY_MS);
      const key = `retention-${Date.now()}`;
      await server.db.knex("idempotency_keys").insert({
        key,
        method: "POST",
        path: "/api/contact",
        request_hash: "h",
        status: 200,
        response_body: "{}",
        created_at: TEST_NOW,
        owner: "public:203.0.113.250",
      });
      await pruneIdempotencyKeys(server.db.knex, new Date(TEST_NOW.getTime() + 89 * DAY_MS));
      expect(await server.db.knex("idempotency_keys").where({ key }).first()).toBeDefined();
      await pruneIdempotencyKeys(server.db.knex, new Date(TEST_NOW.getTime() + 91 * DAY_MS));
      expect(await server.db.knex("idempotency_keys").where({ key }).first()).toBeUndefined();
    });
  });
});
