/**
 * Release 2 A6: tokens (upload, booking, session, device) never appear in the
 * logs. Captures the real pino output of a real server handling real requests
 * that carry each kind of token, at the most verbose level.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { DEVICE_COOKIE, SESSION_COOKIE } from "../services/admin/admin-session.service";
import { bookingBody, publicCars, uploadObject } from "../routes/public/booking-test-helpers";
import { TEST_ADMIN_PASSWORD, startTestServer, type TestServer } from "../test-server";
import { loggablePath } from "./request-log";

describe.each(testEngines())("request logs on %s", (engine) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: { logLevel: "trace" },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("never contain an upload, booking, session or device token", async () => {
    const login = await server.request("POST", "/api/admin/session", {
      body: { password: TEST_ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
    const session = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? "";
    const device = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
    const secrets = [session.split("=")[1] ?? "", device.split("=")[1] ?? "", TEST_ADMIN_PASSWORD];

    const ticket = await server.request("POST", "/api/objects/upload", {
      body: { purpose: "document", contentType: "image/png", size: 100 },
    });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const uploadToken = uploadURL.split("/uploads/")[1] ?? "";
    secrets.push(uploadToken, uploadToken.split(".")[1] ?? "");
    // A refused upload (not a PNG) and an unknown token are logged too: neither shows the token.
    expect((await fetch(uploadURL, { method: "PUT", body: "not an image" })).status).toBe(415);
    expect(
      (await fetch(`${server.url}/uploads/${uploadToken.slice(0, -4)}abcd`, { method: "PUT", body: "x" }))
        .status,
    ).toBe(404);

    const [car] = await publicCars(server);
    if (!car) throw new Error("no car");
    const documents = {
      photoId1Url: await uploadObject(server, "document"),
      photoId2Url: await uploadObject(server, "document"),
      proofOfBillingUrl: await uploadObject(server, "document"),
    };
    const booking = await server.request("POST", "/api/bookings", {
      body: bookingBody({ car, pickupDate: "2026-12-10", returnDate: "2026-12-12", documents }),
    });
    expect(booking.status).toBe(201);
    const { bookingToken } = (await booking.json()) as { bookingToken: string };
    secrets.push(bookingToken);
    await server.request("GET", "/api/admin/cars", { cookie: `${session}; ${device}` });
    await server.request("GET", `/api/bookings/${bookingToken}?token=${bookingToken}`);

    const output = lines.join("");
    expect(output).toContain('"path":"/uploads/[redacted]"');
    expect(output).toContain('"path":"/api/admin/cars"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(output).not.toContain(secret);
    }
  });

  it("redact token-shaped path segments but keep ids", () => {
    const id = "2b1f7c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d";
    expect(loggablePath(`/api/admin/cars/${id}`)).toBe(`/api/admin/cars/${id}`);
    expect(loggablePath(`/uploads/${id}.${"a".repeat(43)}`)).toBe("/uploads/[redacted]");
    expect(loggablePath(`/api/bookings/${"Ab_-".repeat(11)}`)).toBe("/api/bookings/[redacted]");
  });
});
