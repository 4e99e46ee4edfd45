import http from "node:http";
import type { AddressInfo } from "node:net";
import Koa, { type Middleware } from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { helmetMiddleware, securityHeaders } from "./security";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The headers a Koa app running `middleware` answers a GET with. */
async function headersFrom(middleware: Middleware): Promise<http.IncomingHttpHeaders> {
  const app = new Koa();
  app.use(middleware);
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = http.createServer(app.callback()).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/cars`);
  const headers: http.IncomingHttpHeaders = {};
  res.headers.forEach((value, name) => {
    if (name !== "date") headers[name] = value;
  });
  return headers;
}

describe("securityHeaders", () => {
  it.each([false, true])(
    "sets exactly the headers helmet sets on every request (https %s)",
    async (https) => {
      const origins = ["https://bucket.example.com"];
      const expected = await headersFrom(helmetMiddleware(origins, https));
      const fixed = securityHeaders(origins, () => https);
      expect(await headersFrom(fixed)).toEqual(expected);
      // And again: the recorded headers are reused.
      expect(await headersFrom(fixed)).toEqual(expected);
      expect(expected["content-security-policy"]).toContain("connect-src 'self' https://bucket.example.com");
      expect(expected["x-content-type-options"]).toBe("nosniff");
      if (https) expect(expected["strict-transport-security"]).toBe("max-age=31536000");
      else expect(expected["strict-transport-security"]).toBeUndefined();
    },
  );

  it("follows the https switch request by request", async () => {
    let https = false;
    const middleware = securityHeaders([], () => https);
    expect((await headersFrom(middleware))["strict-transport-security"]).toBeUndefined();
    https = true;
    expect((await headersFrom(middleware))["strict-transport-security"]).toBe("max-age=31536000");
  });
});
