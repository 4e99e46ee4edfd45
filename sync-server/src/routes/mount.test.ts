import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import Router from "@koa/router";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { routes, type RouteDefinition } from "@car-rental/shared/api";
import { startTestServer, type TestServer } from "../test-server";
import { mount, parseBodyEarly } from "./mount";

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

describe("parseBodyEarly", () => {
  /** A Koa app: the body set, parseBodyEarly, then `between` (the idempotency layer's place), then the route. */
  async function answer(body: unknown, between: (ctx: Koa.Context) => void) {
    const app = new Koa();
    const router = new Router();
    const received: unknown[] = [];
    mount(router, routes.blockName, (ctx, input) => {
      received.push(input());
      ctx.body = { ok: true };
    });
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        ctx.status = 400;
        ctx.body = { refused: error instanceof Error ? error.message : String(error) };
      }
    });
    app.use((ctx, next) => {
      ctx.request.body = structuredClone(body);
      return next();
    });
    app.use(parseBodyEarly(routes.blockName));
    app.use((ctx, next) => {
      between(ctx);
      return next();
    });
    app.use(router.routes());
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${routes.blockName.path}`, { method: "POST" });
      return { status: res.status, json: (await res.json()) as unknown, received };
    } finally {
      server.close();
    }
  }

  it("gives the route what was parsed before the layers after it, and its refusal when the route asks", async () => {
    const changedLater = (ctx: Koa.Context) => {
      (ctx.request as { body?: unknown }).body = { fullName: "Changed Later", reasn: "x" };
    };
    const parsed = await answer({ fullName: "Parsed Early" }, changedLater);
    expect(parsed.status).toBe(200);
    expect(parsed.received).toEqual([expect.objectContaining({ value: "Parsed Early" })]);

    const refused = await answer({ fullName: "Typo Key", reasn: "x" }, () => undefined);
    expect(refused).toMatchObject({ status: 400, json: { refused: 'Unrecognized key: "reasn"' } });
    expect(refused.received).toEqual([]);
  });
});
