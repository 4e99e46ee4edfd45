/**
 * Small helpers to drive the product's public API from the tests: valid
 * booking payloads priced with the shared quote (as the booking page does),
 * and the `{error: {code, message}}` shape every refusal must have.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import pg from "pg";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { quoteWithRates } from "@car-rental/shared/pricing";
import { DEFAULT_RATES } from "@car-rental/shared/rates";
import type { PublicBookingRequestBody } from "@car-rental/shared/schemas/booking";
import { carSchema, type Car } from "@car-rental/shared/schemas/car";

export const errorBodySchema = z.object({
  error: z.object({ code: z.string().min(1), message: z.string().min(1), details: z.unknown().optional() }),
});

/** The cars of a running server's public fleet that can be booked (not marked Rented). */
export async function listCars(url: string): Promise<Car[]> {
  const res = await fetch(`${url}/api/cars`);
  if (res.status !== 200) throw new Error(`GET /api/cars answered ${res.status}`);
  return z
    .array(carSchema)
    .parse(await res.json())
    .filter((car) => car.available);
}

/** A Manila calendar date `days` after today (as the server's real clock sees it). */
export function daysFromToday(days: number, now: Date = new Date()): string {
  return addDays(manilaToday(now), days);
}

export type DocumentPaths = { photoId1Url: string; photoId2Url: string; proofOfBillingUrl: string };

/** A minimal real PNG (signature and IHDR): enough for the server's magic-number check. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

/** Uploads one real document through the running server's upload API; returns its object path. */
export async function uploadDocument(url: string): Promise<string> {
  const ticketRes = await fetch(`${url}/api/objects/upload`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ purpose: "document", contentType: "image/png", size: PNG.length }),
  });
  if (ticketRes.status !== 200)
    throw new Error(`upload ticket: ${ticketRes.status} ${await ticketRes.text()}`);
  const ticket = z.object({ uploadURL: z.string(), objectPath: z.string() }).parse(await ticketRes.json());
  const put = await fetch(ticket.uploadURL, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: PNG,
  });
  if (put.status >= 300) throw new Error(`upload PUT: ${put.status} ${await put.text()}`);
  return ticket.objectPath;
}

/**
 * The three documents a public booking requires (release 2 A4), uploaded for
 * real. A set belongs to the one booking that names it first (release 2 A3):
 * upload a set per booking (see `uploadDocumentSets`).
 */
export async function uploadDocuments(url: string): Promise<DocumentPaths> {
  return {
    photoId1Url: await uploadDocument(url),
    photoId2Url: await uploadDocument(url),
    proofOfBillingUrl: await uploadDocument(url),
  };
}

/**
 * `count` document sets, one per booking to come, uploaded before a test's
 * timed or racing part (a few at a time). Every set counts 3 against the
 * per-address upload limit (300 per 10 minutes times RATE_LIMIT_SCALE).
 */
export async function uploadDocumentSets(url: string, count: number, parallel = 4): Promise<DocumentPaths[]> {
  const sets: DocumentPaths[] = [];
  while (sets.length < count) {
    const batch = Math.min(parallel, count - sets.length);
    sets.push(...(await Promise.all(Array.from({ length: batch }, () => uploadDocuments(url)))));
  }
  return sets;
}

let phoneCounter = 0;

/**
 * A valid `POST /api/bookings` body for `car` from `pickupDate` to
 * `returnDate`, priced correctly, with `documents` (the server requires all
 * three: see `uploadDocuments`). Each body gets its own phone number unless
 * one is given: one phone may hold only 2 pending bookings.
 */
export function bookingBody(
  car: Pick<Car, "id" | "dailyRate">,
  pickupDate: string,
  returnDate: string,
  customer: { fullName: string; email: string; phone?: string },
  documents?: DocumentPaths,
): PublicBookingRequestBody {
  phoneCounter += 1;
  const q = quoteWithRates({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
    rates: DEFAULT_RATES,
  });
  return {
    customer: {
      fullName: customer.fullName,
      email: customer.email,
      phone:
        customer.phone ??
        `0918${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter).padStart(4, "0")}`,
      license: "N01-23-456789",
    },
    booking: {
      carId: car.id,
      pickupDate,
      returnDate,
      pickupTime: "9:00 AM",
      withDriver: q.withDriver,
      driverService: "none",
      distanceService: "none",
      wantsDelivery: false,
      deliveryAddress: null,
      totalDays: q.days,
      dailyRate: q.dailyRate,
      driverFee: q.driverFee,
      subtotal: q.subtotal,
      insurance: q.insurance,
      total: q.total,
      distanceFee: q.distanceFee,
    },
    ...(documents ? { documents } : {}),
  };
}

export const publicBookingAnswerSchema = z.object({
  customer: z.object({ email: z.string() }),
  booking: z.object({ id: z.string(), total: z.string(), status: z.string() }),
});

/** Sends a JSON request the way the PWA does (no Origin header: same-origin fetch from node). */
export function sendJson(
  url: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url + route, {
    method,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A fresh database on a PostgreSQL server, dropped again by `drop()`. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rel_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}
