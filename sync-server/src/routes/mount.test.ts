import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { routes, type RouteDefinition } from "@car-rental/shared/api";
import { startTestServer, type TestServer } from "../test-server";

const concretePath = (route: RouteDefinition) => route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
const sendsBody = (route: RouteDefinition) => ["POST", "PUT", "PATCH"].includes(route.method);

describe.each(testEngines())("routes mounted from the route table on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves every route of shared/src/api.ts at its method and path", async () => {
    // Signing out last: it ends the session the other calls use.
    const all = Object.entries(routes).sort(
      ([a], [b]) => Number(a === "adminLogout") - Number(b === "adminLogout"),
    );
    const cookie = await server.adminCookie();
    for (const [name, route] of all) {
      const res = await server.request(route.method, concretePath(route), {
        cookie,
        ...(sendsBody(route) ? { body: {} } : {}),
      });
      const label = `${name}: ${route.method} ${route.path} answered ${res.status}`;
      // Unmounted, the path would fall through to the API's 404 or answer 405 for the method.
      expect(res.status, label).not.toBe(405);
      if (res.status === 404) {
        expect(((await res.json()) as { message: string }).message, label).not.toBe("No such API route");
      }
    }
  });

  it("parses a body with the entry's request schema, refusing keys it does not know", async () => {
    const cookie = await server.adminCookie();
    const res = await server.request(routes.blockName.method, routes.blockName.path, {
      cookie,
      body: { fullName: "Typo Key", reasn: "x" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: 'Unrecognized key: "reasn"',
    });
  });

  it("answers HEAD on a GET route", async () => {
    const res = await server.request("HEAD", routes.listCars.path);
    expect(res.status).toBe(200);
  });
});
