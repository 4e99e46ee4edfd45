import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { adminAccess } from "@car-rental/shared/messages";
import { adminSessionSchema } from "@car-rental/shared/schemas/session";
import {
  LOGIN_FAILURE_LIMIT,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from "../../services/admin/admin-session.service";
import { TEST_ADMIN_PASSWORD, TEST_NOW, startTestServer, type TestServer } from "../../test-server";

function sessionCookieOf(res: Response): string | undefined {
  return res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

describe.each(testEngines())("admin session on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("signs in with the right password and sets an HttpOnly, SameSite=Strict cookie", async () => {
    const res = await server.request("POST", "/api/admin/session", {
      body: { password: TEST_ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = adminSessionSchema.parse(await res.json());
    expect(body.authenticated).toBe(true);
    expect(new Date(body.expiresAt ?? 0).getTime()).toBe(TEST_NOW.getTime() + 7 * 24 * 60 * 60 * 1000);

    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    // Attribute names in their standard casing, not the lower case of the `cookies` package.
    const attributes = (cookie ?? "").split(";").map((part) => part.trim());
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Strict");
    expect(attributes).toContain("Path=/");
    expect(attributes).not.toContain("Secure"); // plain HTTP test server
    expect(cookie?.toLowerCase()).not.toContain("secure");
    expect(attributes).toContain(`Max-Age=${7 * 24 * 60 * 60}`);
    const expires = attributes.find((part) => part.startsWith("Expires="));
    expect(new Date((expires ?? "").slice("Expires=".length)).getTime()).toBe(
      new Date(body.expiresAt ?? 0).getTime(),
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  // Release 2 (A2) renames the cookie over HTTPS to `__Host-admin_session` and adds HSTS.
  it("over HTTPS names the cookie __Host-, marks it Secure for Path=/ and sends Strict-Transport-Security", async () => {
    server.deps.config.secureCookies = true;
    try {
      const res = await server.request("POST", "/api/admin/session", {
        body: { password: TEST_ADMIN_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(sessionCookieOf(res)).toBeUndefined();
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SECURE_SESSION_COOKIE}=`)) ?? "";
      const attributes = cookie.split(";").map((part) => part.trim());
      expect(attributes).toContain("Secure");
      expect(attributes).toContain("HttpOnly");
      expect(attributes).toContain("SameSite=Strict");
      expect(attributes).toContain("Path=/");
      expect(cookie.toLowerCase()).not.toContain("domain=");
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
      // The __Host- cookie opens the admin area; a plain one from before the move to https still does.
      const hostCookie = cookie.split(";")[0] ?? "";
      expect((await server.request("GET", "/api/admin/cars", { cookie: hostCookie })).status).toBe(200);
      const plain = hostCookie.replace(`${SECURE_SESSION_COOKIE}=`, `${SESSION_COOKIE}=`);
      expect((await server.request("GET", "/api/admin/cars", { cookie: plain })).status).toBe(200);
    } finally {
      server.deps.config.secureCookies = false;
    }
  });

  it("refuses a wrong password with 401 and the spec's message, and sets no cookie", async () => {
    const res = await server.request("POST", "/api/admin/session", {
      body: { password: "not the password" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "INVALID_PASSWORD", message: "Incorrect password. Please try again." },
      code: "INVALID_PASSWORD",
      message: "Incorrect password. Please try again.",
    });
    expect(adminAccess.incorrectPassword).toBe("Incorrect password. Please try again.");
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it("refuses an empty or missing password with 400", async () => {
    for (const body of [{ password: "" }, {}]) {
      const res = await server.request("POST", "/api/admin/session", { body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("says whether the cookie is valid, never answering 401", async () => {
    const anonymous = await server.request("GET", "/api/admin/session");
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ authenticated: false });

    const forged = await server.request("GET", "/api/admin/session", {
      cookie: `${SESSION_COOKIE}=forged-token`,
    });
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual({ authenticated: false });

    const cookie = await server.adminCookie();
    const signedIn = await server.request("GET", "/api/admin/session", { cookie });
    expect(signedIn.status).toBe(200);
    const body = adminSessionSchema.parse(await signedIn.json());
    expect(body.authenticated).toBe(true);
    expect(body.expiresAt).toEqual(expect.any(String));
  });

  it("logs out: the cookie is cleared and no longer opens the admin area", async () => {
    const cookie = await server.adminCookie();
    expect((await server.request("GET", "/api/admin/customers", { cookie })).status).toBe(200);

    const res = await server.request("DELETE", "/api/admin/session", { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false });
    const cleared = sessionCookieOf(res) ?? "";
    expect(cleared).toBe(
      `${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Strict`,
    );

    expect(await (await server.request("GET", "/api/admin/session", { cookie })).json()).toEqual({
      authenticated: false,
    });
    expect((await server.request("GET", "/api/admin/customers", { cookie })).status).toBe(401);
    // Logging out without a session is fine too.
    expect((await server.request("DELETE", "/api/admin/session")).status).toBe(200);
  });

  // Last of the suite: the lockout holds for this client address until the window passes.
  it("locks out repeated wrong passwords with 429, even the right one, until the window passes", async () => {
    const wrong = () => server.request("POST", "/api/admin/session", { body: { password: "guess" } });
    // One wrong attempt was already made by an earlier test of this suite.
    for (let attempt = 1; attempt < LOGIN_FAILURE_LIMIT.limit; attempt++) {
      expect((await wrong()).status).toBe(401);
    }
    const locked = await wrong();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe("TOO_MANY_REQUESTS");

    const right = await server.request("POST", "/api/admin/session", {
      body: { password: TEST_ADMIN_PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(sessionCookieOf(right)).toBeUndefined();

    server.clock.advance(LOGIN_FAILURE_LIMIT.windowSeconds * 1000);
    try {
      const later = await server.request("POST", "/api/admin/session", {
        body: { password: TEST_ADMIN_PASSWORD },
      });
      expect(later.status).toBe(200);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  // After the lockout above: this address's window holds LOGIN_FAILURE_LIMIT failures.
  it("scales the wrong-password limit with RATE_LIMIT_SCALE", async () => {
    const signIn = () =>
      server.request("POST", "/api/admin/session", { body: { password: TEST_ADMIN_PASSWORD } });
    expect((await signIn()).status).toBe(429);
    server.deps.config.rateLimitScale = 2;
    try {
      expect((await signIn()).status).toBe(200);
    } finally {
      server.deps.config.rateLimitScale = 1;
    }
  });
});
