/**
 * Small helpers to drive the product's public API from the tests: valid
 * booking payloads priced with the shared quote (as the booking page does),
 * and the `{error: {code, message}}` shape every refusal must have.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import pg from "pg";
import { addDays, manilaToday } from "@car-rental/shared/dates";
import { quote } from "@car-rental/shared/pricing";
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

/** A valid `POST /api/bookings` body for `car` from `pickupDate` to `returnDate`, priced correctly. */
export function bookingBody(
  car: Pick<Car, "id" | "dailyRate">,
  pickupDate: string,
  returnDate: string,
  customer: { fullName: string; email: string },
): PublicBookingRequestBody {
  const q = quote({
    dailyRate: car.dailyRate,
    pickupDate,
    returnDate,
    driverService: "none",
    distanceService: "none",
  });
  return {
    customer: {
      fullName: customer.fullName,
      email: customer.email,
      phone: "09171234567",
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
  };
}

export const publicBookingAnswerSchema = z.object({
  customer: z.object({ id: z.string(), email: z.string() }),
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
