import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { routes, type RouteDefinition } from "@car-rental/shared/api";
import { SESSION_COOKIE, SESSION_TTL_MS } from "../../services/admin/admin-session.service";
import { TEST_NOW, startTestServer, type TestServer } from "../../test-server";

const adminRoutes: RouteDefinition[] = Object.values(routes).filter((route) => route.auth === "admin");

function concretePath(route: RouteDefinition): string {
  return route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
}

async function call(server: TestServer, route: RouteDefinition, cookie?: string): Promise<Response> {
  const sendsBody = route.method === "POST" || route.method === "PUT" || route.method === "PATCH";
  return server.request(route.method, concretePath(route), { cookie, ...(sendsBody ? { body: {} } : {}) });
}

async function expectUnauthorized(res: Response, label: string): Promise<void> {
  expect(res.status, label).toBe(401);
  expect(await res.json(), label).toEqual({
    error: { code: "UNAUTHORIZED", message: expect.any(String) },
    code: "UNAUTHORIZED",
    message: expect.any(String),
  });
}

describe.each(testEngines())("admin access on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("has admin routes to guard", () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
    // The session calls are how a session starts: they stay public.
    expect(
      Object.values(routes)
        .filter((route) => route.path === "/api/admin/session")
        .map((r) => r.auth),
    ).toEqual(["public", "public", "public"]);
  });

  it("answers 401 on every admin route without a session cookie", async () => {
    for (const route of adminRoutes) {
      await expectUnauthorized(await call(server, route), `${route.method} ${route.path}`);
    }
  });

  it("answers 401 on every admin route with a forged session cookie", async () => {
    const forged = `${SESSION_COOKIE}=${"x".repeat(43)}`;
    for (const route of adminRoutes) {
      await expectUnauthorized(await call(server, route, forged), `${route.method} ${route.path}`);
    }
  });

  it("answers 401 on admin paths no handler serves, before revealing they do not exist", async () => {
    await expectUnauthorized(await server.request("GET", "/api/admin/no-such-thing"), "unknown path");
    await expectUnauthorized(await server.request("GET", "/api/admin"), "admin root");
    const cookie = await server.adminCookie();
    expect((await server.request("GET", "/api/admin/no-such-thing", { cookie })).status).toBe(404);
  });

  it("lets a valid session through and re-issues its cookie", async () => {
    const cookie = await server.adminCookie();
    const res = await server.request("GET", "/api/admin/blocked-names", { cookie });
    expect(res.status).toBe(200);
    const reissued = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? "";
    expect(reissued.split(";")[0]).toBe(cookie);
    expect(reissued).toContain("; HttpOnly; SameSite=Strict");
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1);
  });

  it("answers 401 on every admin route once the session has expired", async () => {
    const cookie = await server.adminCookie();
    expect((await server.request("GET", "/api/admin/customers", { cookie })).status).toBe(200);
    server.clock.advance(SESSION_TTL_MS + 24 * 60 * 60 * 1000); // 8 days later
    try {
      for (const route of adminRoutes) {
        await expectUnauthorized(
          await call(server, route, cookie),
          `${route.method} ${route.path} (expired)`,
        );
      }
      expect(await (await server.request("GET", "/api/admin/session", { cookie })).json()).toEqual({
        authenticated: false,
      });
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it("answers 404 NOT_FOUND for a malformed id on every route with an id in its path", async () => {
    const cookie = await server.adminCookie();
    const withId = Object.values(routes).filter((route) => route.path.includes(":id"));
    expect(withId.length).toBeGreaterThanOrEqual(8);
    for (const route of withId) {
      for (const id of ["not-a-uuid", "123", "00000000-0000-4000-8000-00000000000g"]) {
        const sendsBody = route.method === "POST" || route.method === "PUT" || route.method === "PATCH";
        const res = await server.request(route.method, route.path.replace(":id", id), {
          cookie,
          ...(sendsBody ? { body: {} } : {}),
        });
        const label = `${route.method} ${route.path} (${id})`;
        expect(res.status, label).toBe(404);
        // My booking's calls answer their one 404 for any unknown booking (release 2 §D2).
        const code =
          route.path.startsWith("/api/bookings/:id/") && route.path !== routes.attachDocuments.path;
        expect(((await res.json()) as { code: string }).code, label).toBe(
          code ? "BOOKING_NOT_FOUND" : "NOT_FOUND",
        );
      }
    }
  });

  it("refuses a cross-origin mutation even with a valid session cookie", async () => {
    const cookie = await server.adminCookie();
    const res = await server.request("POST", "/api/admin/blocked-names", {
      cookie,
      body: { fullName: "Cross Site Forgery", reason: null, blockedBy: "admin" },
      headers: { Origin: "http://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN_ORIGIN");
    const list = (await (await server.request("GET", "/api/admin/blocked-names", { cookie })).json()) as {
      fullName: string;
    }[];
    expect(list.map((entry) => entry.fullName)).not.toContain("Cross Site Forgery");

    const sameOrigin = await server.request("POST", "/api/admin/blocked-names", {
      cookie,
      body: { fullName: "Same Site Admin" },
      headers: { Origin: server.url },
    });
    expect(sameOrigin.status).toBe(201);
  });
});
