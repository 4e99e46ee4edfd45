import http from "node:http";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { errorBodySchema } from "@car-rental/shared/schemas/error";
import { DEFAULT_CAR_IMAGE } from "@car-rental/shared/constants";
import { startTestServer, type TestServer } from "../../test-server";
import { APP_PAGE_PATHS, isAppPage, resolveInside } from "./static-pwa";

const INDEX = "<!doctype html><title>Alaminos Car Rental</title><div id=root></div>";
const ASSET = "index-Bq3x9a1c.js";

/** A GET with the path sent exactly as written (fetch would normalize `..`). */
function rawGet(
  base: string,
  rawPath: string,
  headers: Record<string, string> = { Accept: "text/html" },
): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const errorCode = async (res: Response) => errorBodySchema.parse(await res.json()).error.code;

const page = (server: TestServer, route: string) =>
  server.request("GET", route, { headers: { Accept: "text/html" } });

describe("resolveInside", () => {
  it("keeps every path inside the folder", () => {
    expect(resolveInside("/srv/dist", "/assets/app.js")).toBe("/srv/dist/assets/app.js");
    for (const bad of [
      "/../etc/passwd",
      "/%2e%2e/etc/passwd",
      "/..%2fetc",
      "/a/%00",
      "/.env",
      "/a\\..\\b",
      "/%E0%A4%A",
      "/",
    ]) {
      expect(resolveInside("/srv/dist", bad), bad).toBeNull();
    }
  });
});

describe.each(testEngines())("static PWA on %s", (engine) => {
  let server: TestServer;
  let noPwa: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), "car-rental-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), INDEX);
    await writeFile(path.join(dist, "assets", ASSET), "console.info('app');");
    await writeFile(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    await writeFile(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Alaminos Car Rental" }));
    await writeFile(path.join(dist, ".secret"), "hidden");
    await mkdir(path.join(dist, "cars"));
    await writeFile(path.join(dist, "cars", "toyota-vios.webp"), "RIFF-webp");
    [server, noPwa] = await Promise.all([
      startTestServer(engine, { seed: false, config: { pwaDist: dist } }),
      startTestServer(engine, { seed: false, config: { pwaDist: path.join(dist, "not-built") } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), noPwa.close()]);
    await rm(dist, { recursive: true, force: true });
  });

  it("serves index.html, revalidated on every visit", async () => {
    for (const route of ["/", "/index.html"]) {
      const res = await page(server, route);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("caches hashed assets for a year and answers conditional requests", async () => {
    const res = await server.request("GET", `/assets/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag") ?? "";
    // fetch adds Cache-Control: no-cache to conditional requests, as a browser reload would.
    const again = await rawGet(server.url, `/assets/${ASSET}`, { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("revalidates the service worker and the manifest", async () => {
    const sw = await server.request("GET", "/sw.js");
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    const manifest = await server.request("GET", "/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toContain("manifest+json");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
  });

  it("falls back to the app for client routes, so they survive a reload", async () => {
    for (const route of [
      "/admin",
      "/booking",
      "/pcc",
      "/terms",
      "/privacy",
      "/admin/",
      "/booking/",
      "/Admin",
      "/booking?car=1",
      // Release 2 (issue #19): the admin's screens are routes of their own.
      "/admin/settings",
      "/admin/bookings",
      "/admin/bookings/0b9c6e0a-1d2f-4c3b-9a8e-7f6d5c4b3a21",
    ]) {
      const res = await page(server, route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("answers 404 with the app shell for page addresses outside the app's routes", async () => {
    for (const route of [
      "/some/unknown/path",
      "/nope",
      // Release 2 (issue #19): the admin's screens are routes; deeper than a screen's item is not.
      "/admin/bookings/1/2",
      "/booking/123",
      "/pcc/x",
      "/terms-of-service",
      "/privacy.html",
      "/booking.php",
    ]) {
      const res = await page(server, route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get("content-type"), route).toContain("text/html");
      expect(res.headers.get("etag"), route).toBeNull();
      // The shell loads, and the app shows its 404 page.
      expect(await res.text(), route).toBe(INDEX);
    }
    // A conditional request cannot turn the 404 into a 304.
    const etag = (await page(server, "/admin")).headers.get("etag") ?? "";
    const conditional = await rawGet(server.url, "/nope", { Accept: "text/html", "If-None-Match": etag });
    expect(conditional.status).toBe(404);
    expect(conditional.body).toBe(INDEX);
    // Unknown API paths stay JSON.
    const api = await page(server, "/api/nope");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
  });

  it("knows every page route of the PWA", async () => {
    const routeFiles = await readdir(new URL("../../../../pwa/src/routes/", import.meta.url));
    const pages = routeFiles
      .filter((file) => file.endsWith(".tsx") && !file.startsWith("__"))
      .map((file) => file.replace(/\.tsx$/, ""))
      .map((name) => (name === "index" ? "/" : `/${name.replace(/\./g, "/")}`));
    expect([...APP_PAGE_PATHS].sort()).toEqual(pages.sort());
    expect(isAppPage("/admin/")).toBe(true);
    expect(isAppPage("/PCC")).toBe(true);
    expect(isAppPage("/admin//")).toBe(false);
    // The admin's screens (pwa/src/routes/admin/) are pages: a deep link or reload answers 200.
    expect(isAppPage("/admin/bookings")).toBe(true);
    expect(isAppPage("/admin/bookings/0b9c6e0a-1d2f-4c3b-9a8e-7f6d5c4b3a21/")).toBe(true);
    expect(isAppPage("/Admin/Settings")).toBe(true);
    expect(isAppPage("/admin/bookings//x")).toBe(false);
    expect(isAppPage("/admin/a/b/c")).toBe(false);
  });

  it("answers 404 for missing files and hidden files", async () => {
    expect((await server.request("GET", "/assets/index-missing.js")).status).toBe(404);
    expect((await page(server, "/assets/whatever")).status).toBe(404);
    expect((await page(server, "/favicon-missing.png")).status).toBe(404);
    // Fetched as a file rather than opened as a page: a plain 404, not the app shell.
    const picture = await server.request("GET", "/cars-missing.png", {
      headers: { Accept: "image/webp,*/*" },
    });
    expect(picture.status).toBe(404);
    expect(await picture.text()).not.toBe(INDEX);
    expect((await page(server, "/.secret")).status).toBe(404);
    expect((await server.request("POST", "/admin")).status).toBe(404);
  });

  it("keeps API misses JSON", async () => {
    const res = await page(server, "/api/unknown");
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe("NOT_FOUND");
    const wrongMethod = await page(server, "/uploads/some-token");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("PUT");
    expect(await errorCode(wrongMethod)).toBe("METHOD_NOT_ALLOWED");
    const upload = await page(server, "/uploads/a/b");
    expect(upload.status).toBe(404);
    expect(upload.headers.get("content-type")).toContain("application/json");
  });

  it("serves the bundled car pictures, with or without a build", async () => {
    for (const s of [server, noPwa]) {
      const res = await s.request("GET", `/cars/${DEFAULT_CAR_IMAGE}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("image/svg+xml");
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(await res.text()).toContain("<svg");
      expect((await s.request("GET", "/cars/no-such-car.svg")).status).toBe(404);
    }
  });

  it("serves the pictures' WebP renderings from the build, cached for a day", async () => {
    const res = await server.request("GET", "/cars/toyota-vios.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toBe("RIFF-webp");
    expect((await server.request("GET", "/cars/no-such-car.webp")).status).toBe(404);
    expect((await noPwa.request("GET", "/cars/toyota-vios.webp")).status).toBe(404);
  });

  it("never serves a file outside the build", async () => {
    for (const attempt of [
      "/../../../../etc/passwd",
      "/..%2f..%2f..%2f..%2fetc%2fpasswd",
      "/assets/..%2f..%2f..%2fetc/passwd",
      "/cars/..%2f..%2fpackage.json",
    ]) {
      const res = await rawGet(server.url, attempt);
      expect(res.body, attempt).not.toContain("root:");
      expect(res.body, attempt).not.toContain('"name"');
    }
  });

  it("does nothing for the app when it was not built (API-only server)", async () => {
    expect((await page(noPwa, "/")).status).toBe(404);
    expect((await page(noPwa, "/admin")).status).toBe(404);
    expect((await noPwa.request("GET", "/api/health")).status).toBe(200);
  });
});
