import { once } from "node:events";
import http from "node:http";
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { formatBookedOn } from "@car-rental/shared/dates";
import { publicBookingResponseSchema } from "@car-rental/shared/schemas/booking";
import { pushKeySchema, pushMessageSchema } from "@car-rental/shared/schemas/push";
import { bookingBody, publicCars, uploadDocuments } from "../routes/public/booking-test-helpers";
import { startTestServer, type TestServer } from "../test-server";
import {
  expirePendingBookings,
  pruneHoldWarnings,
  warnExpiringHolds,
} from "../services/bookings/booking-expiry.service";
import { deliverDuePush, enqueuePush } from "./push-outbox";

const HOUR = 60 * 60 * 1000;

/** A device: its push subscription's key pair and auth secret, as a browser makes them. */
type Device = { name: string; ecdh: ECDH; auth: Buffer };

function newDevice(name: string): Device {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { name, ecdh, auth: randomBytes(16) };
}

/**
 * Decrypts a Web Push message body (RFC 8291, `aes128gcm` of RFC 8188) with
 * the device's private key, as a browser does: a check that the server's
 * encryption is the standard one, not only that it sends bytes.
 */
function decryptPush(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);

  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString("utf8");
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for this push service, signed by the server's key. */
function verifyVapid(authorization: string, audience: string, publicKey: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  expect(match[2]).toBe(publicKey);
  const [header, claims, signature] = match[1].split(".");
  if (!header || !claims || !signature) throw new Error("malformed JWT");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(signed).toBe(true);
  const parsed: unknown = JSON.parse(Buffer.from(claims, "base64url").toString("utf8"));
  expect(parsed).toMatchObject({ aud: audience, sub: expect.stringMatching(/^mailto:/) });
}

type Received = { device: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** A push service on this machine: records what it receives, answers each device's configured status. */
async function startPushService(statuses: Record<string, number>) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const device = (req.url ?? "").replace("/push/", "");
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses[device] ?? 201;
      res.end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("no address");
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    received,
    endpoint: (device: string) => `${origin}/push/${device}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const contactMessage = {
  firstName: "Maria",
  lastName: "Santos",
  email: "maria@example.ph",
  phone: "",
  subject: "Booking Question",
  message: "Is the Innova free next weekend?",
};

describe.each(testEngines())("Web Push to the owner's devices on %s", (engine) => {
  let server: TestServer;
  let cookie: string;
  let push: Awaited<ReturnType<typeof startPushService>>;
  const tablet = newDevice("tablet");
  const oldPhone = newDevice("old-phone");

  beforeAll(async () => {
    server = await startTestServer(engine);
    cookie = await server.adminCookie();
    push = await startPushService({ "old-phone": 410 });
  });
  afterAll(async () => {
    await push?.close();
    await server?.close();
  });

  const subscribe = (device: Device) =>
    server.request("POST", "/api/admin/push/subscriptions", {
      cookie,
      body: {
        endpoint: push.endpoint(device.name),
        expirationTime: null,
        keys: {
          p256dh: device.ecdh.getPublicKey().toString("base64url"),
          auth: device.auth.toString("base64url"),
        },
      },
    });

  it("hands out one public key, generated once and kept, to the admin only", async () => {
    expect((await server.request("GET", "/api/admin/push/key")).status).toBe(401);
    const first = pushKeySchema.parse(
      await (await server.request("GET", "/api/admin/push/key", { cookie })).json(),
    );
    const again = pushKeySchema.parse(
      await (await server.request("GET", "/api/admin/push/key", { cookie })).json(),
    );
    expect(again.publicKey).toBe(first.publicKey);
    // An uncompressed P-256 point.
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
  });

  it("takes subscriptions from the admin only, once per device", async () => {
    const anonymous = await server.request("POST", "/api/admin/push/subscriptions", {
      body: { endpoint: push.endpoint("x"), keys: { p256dh: "a", auth: "b" } },
    });
    expect(anonymous.status).toBe(401);
    expect((await subscribe(tablet)).status).toBe(201);
    expect((await subscribe(tablet)).status).toBe(201);
    expect((await subscribe(oldPhone)).status).toBe(201);
    expect(await server.db.knex("push_subscriptions").count<{ count: string }[]>("* as count")).toEqual([
      { count: "2" },
    ]);
  });

  it("notifies every device of a contact message, encrypted for each, and forgets a device that is gone", async () => {
    const { publicKey } = pushKeySchema.parse(
      await (await server.request("GET", "/api/admin/push/key", { cookie })).json(),
    );
    const sent = await server.request("POST", "/api/contact", { body: contactMessage });
    expect(sent.status).toBe(201);

    expect(await deliverDuePush(server.deps)).toBe(1);
    const toTablet = push.received.find((r) => r.device === "tablet");
    if (!toTablet) throw new Error("the tablet received nothing");
    expect(toTablet.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(toTablet.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(String(toTablet.headers.authorization), push.origin, publicKey);
    const message = pushMessageSchema.parse(JSON.parse(decryptPush(tablet, toTablet.body)));
    expect(message).toMatchObject({
      title: "Message from Maria Santos",
      body: "Booking Question: Is the Innova free next weekend?",
      pendingBookings: 0,
    });
    expect(message.tag).toMatch(/^contact-/);

    // The old phone's push service answered 410 Gone: that subscription is removed, the tablet's stays.
    expect(push.received.some((r) => r.device === "old-phone")).toBe(true);
    const left: { endpoint: string }[] = await server.db.knex("push_subscriptions").select("endpoint");
    expect(left).toEqual([{ endpoint: push.endpoint("tablet") }]);
    // Sent once: a second round finds nothing due.
    expect(await deliverDuePush(server.deps)).toBe(0);
    expect(push.received.filter((r) => r.device === "tablet")).toHaveLength(1);
  });

  it("notifies a new booking with its reference and the screen it opens, and counts it for the badge", async () => {
    const [car] = await publicCars(server);
    if (!car) throw new Error("no car");
    const booked = await server.request("POST", "/api/bookings", {
      body: bookingBody({
        car,
        pickupDate: "2026-12-10",
        returnDate: "2026-12-12",
        fullName: "Jose Rizal",
        documents: await uploadDocuments(server),
      }),
    });
    expect(booked.status).toBe(201);
    const { booking } = publicBookingResponseSchema.parse(await booked.json());
    expect(booking.reference).toMatch(/^ACR-[2-9A-HJKMNP-Z]{6}$/);

    const before = push.received.length;
    expect(await deliverDuePush(server.deps)).toBe(1);
    const [toTablet] = push.received.slice(before).filter((r) => r.device === "tablet");
    if (!toTablet) throw new Error("the tablet received nothing");
    const message = pushMessageSchema.parse(JSON.parse(decryptPush(tablet, toTablet.body)));
    expect(message).toMatchObject({
      title: `New booking ${booking.reference}`,
      url: `/admin/bookings/${booking.id}`,
      tag: `booking-${booking.id}`,
      pendingBookings: 1,
    });
    expect(message.body).toContain("Jose Rizal");
  });

  it("warns once, two hours before a pending booking's hold ends, with the time to confirm by; then says it expired", async () => {
    const [car] = await publicCars(server);
    if (!car) throw new Error("no car");
    const booked = await server.request("POST", "/api/bookings", {
      body: bookingBody({
        car,
        pickupDate: "2027-01-20",
        returnDate: "2027-01-22",
        fullName: "Andres Bonifacio",
        documents: await uploadDocuments(server),
      }),
    });
    expect(booked.status).toBe(201);
    const { booking } = publicBookingResponseSchema.parse(await booked.json());
    const holdEnds = new Date(server.clock.now().getTime() + 24 * HOUR);
    const messagesAbout = (from: number) =>
      push.received
        .slice(from)
        .filter((r) => r.device === "tablet")
        .map((r) => pushMessageSchema.parse(JSON.parse(decryptPush(tablet, r.body))))
        .filter((message) => message.tag === `booking-${booking.id}`);
    await deliverDuePush(server.deps);

    server.clock.advance(22 * HOUR - 60_000);
    await warnExpiringHolds(server.deps);
    let before = push.received.length;
    await deliverDuePush(server.deps);
    expect(messagesAbout(before)).toEqual([]);

    server.clock.advance(2 * 60_000);
    expect(await warnExpiringHolds(server.deps)).toBeGreaterThanOrEqual(1);
    // A second process, or the next round: no second warning.
    expect(await warnExpiringHolds(server.deps)).toBe(0);
    before = push.received.length;
    await deliverDuePush(server.deps);
    const [warning, ...more] = messagesAbout(before);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({
      title: `Hold ending soon: ${booking.reference}`,
      url: `/admin/bookings/${booking.id}`,
    });
    expect(warning?.body).toContain("Andres Bonifacio");
    expect(warning?.body).toContain(`Confirm by ${formatBookedOn(holdEnds)} or the dates are freed.`);

    server.clock.advance(2 * HOUR);
    expect(await expirePendingBookings(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await warnExpiringHolds(server.deps)).toBe(0);
    before = push.received.length;
    await deliverDuePush(server.deps);
    expect(messagesAbout(before).map((message) => message.title)).toEqual([
      `Booking expired ${booking.reference} (not confirmed in time)`,
    ]);
  });

  it("never warns about a booking the owner confirmed, nor one whose hold ended while no server ran", async () => {
    const [, car] = await publicCars(server);
    if (!car) throw new Error("no car");
    const book = async (pickupDate: string, returnDate: string) => {
      const answer = await server.request("POST", "/api/bookings", {
        body: bookingBody({ car, pickupDate, returnDate, documents: await uploadDocuments(server) }),
      });
      expect(answer.status).toBe(201);
      return publicBookingResponseSchema.parse(await answer.json()).booking;
    };
    const confirmed = await book("2027-02-10", "2027-02-12");
    const pending = await book("2027-02-14", "2027-02-16");
    const status = await server.request("PATCH", `/api/admin/bookings/${confirmed.id}/status`, {
      cookie,
      body: { status: "confirmed" },
    });
    expect(status.status).toBe(200);
    const warned = () => server.db.knex("hold_warnings").pluck<string[]>("booking_id");
    server.clock.advance(22 * HOUR + 60_000);
    await warnExpiringHolds(server.deps);
    expect(await warned()).toContain(pending.id);
    expect(await warned()).not.toContain(confirmed.id);

    const missed = await book("2027-02-20", "2027-02-22");
    server.clock.advance(24 * HOUR + 60_000);
    await warnExpiringHolds(server.deps);
    expect(await warned()).not.toContain(missed.id);
    await expirePendingBookings(server.deps);
    await deliverDuePush(server.deps);
    // Housekeeping forgets the warnings of bookings no longer pending: here every one.
    expect(await warned()).not.toEqual([]);
    await pruneHoldWarnings(server.db.knex);
    expect(await warned()).toEqual([]);
  });

  it("stops notifying a device whose notifications were turned off", async () => {
    const off = await server.request("POST", "/api/admin/push/subscriptions/delete", {
      cookie,
      body: { endpoint: push.endpoint("tablet") },
    });
    expect(off.status).toBe(200);
    expect(await server.db.knex("push_subscriptions").count<{ count: string }[]>("* as count")).toEqual([
      { count: "0" },
    ]);
  });

  it("with no device to tell, finishes every due notification in one round and keeps none waiting", async () => {
    for (let i = 0; i < 3; i++)
      await enqueuePush(
        server.db.knex,
        { kind: "contact-message", title: `Message ${i}`, body: "Hello", url: "/admin", tag: `m-${i}` },
        server.clock.now(),
      );
    const before = push.received.length;
    expect(await deliverDuePush(server.deps)).toBe(3);
    expect(push.received).toHaveLength(before);
    expect(await server.db.knex("push_outbox").whereNull("sent_at")).toEqual([]);
    expect(await deliverDuePush(server.deps)).toBe(0);
  });
});
