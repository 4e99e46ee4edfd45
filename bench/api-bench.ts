import { addDays, manilaToday } from "@car-rental/shared/dates";
import { adminCookie } from "./lib/admin";
import { measureCpuBreakdown, type CpuBreakdown } from "./lib/cpu-time";
import { benchSettings } from "./lib/env";
import { randomUUID } from "node:crypto";
import { bookingBody, distinctBookings, uploadBenchDocumentSets, type BenchCar } from "./lib/bookings";
import { measure, measureEvenlySpaced, type LoadResult } from "./lib/load";
import type { SameBytesCeiling } from "./lib/same-bytes-ceiling";

/**
 * A measured call. A public read also carries the same-bytes ceiling measured
 * right before it (`ceiling`) and the read's share of it in every round
 * (`shares`, in %): `result` and `ceiling` are the round with the median share.
 */
export type ApiRow = {
  name: string;
  result: LoadResult;
  ceiling?: LoadResult;
  shares?: number[];
  /** Where the machine's CPU went meanwhile (the 50-connection booking row). */
  cpu?: CpuBreakdown | null;
};

const DURATION = benchSettings.seconds;

/** Rounds of each public read, each right after its own ceiling measurement. */
export const PAIRED_ROUNDS = 3;

/**
 * A public read measured in PAIRED_ROUNDS rounds, each the same-bytes ceiling
 * and then the read, so each ratio compares two measurements seconds apart:
 * this host's speed drifts by up to 2× within a run, which a single ceiling
 * measured minutes earlier turns into a ratio of the drift. The row keeps the
 * round with the median ratio.
 */
async function pairedRead(name: string, url: string, ceiling: SameBytesCeiling): Promise<ApiRow> {
  const rounds: { result: LoadResult; ceiling: LoadResult; share: number }[] = [];
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    const bare = await ceiling.measure();
    if (bare.rps === 0 || bare.non2xx > 0) {
      throw new Error(`the same-bytes ceiling failed before ${name}: ${JSON.stringify(bare.statuses)}`);
    }
    const result = await measure({ url, headers: BROWSER_ACCEPT_ENCODING, durationSeconds: DURATION });
    rounds.push({ result, ceiling: bare, share: bare.rps > 0 ? (result.rps / bare.rps) * 100 : 0 });
  }
  const shares = rounds.map((r) => r.share);
  const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)];
  if (!median) throw new Error(`no rounds of ${name}`);
  return { name, result: median.result, ceiling: median.ceiling, shares };
}

/** What a browser sends: the public reads are measured as the PWA fetches them (compressed). */
export const BROWSER_ACCEPT_ENCODING = { "Accept-Encoding": "gzip, deflate, br" };

/** The public reads issue #23 budgets, as ratios to the bare Koa app serving the same bytes. */
export const PUBLIC_READS = {
  cars: "GET /api/cars",
  bookedDates: "GET /api/cars/{id}/booked-dates",
  blockedNameCheck: "GET /api/blocked-names/check",
  /** Release 2 §E1: the rate periods and length discounts every booking form reads, served like the fleet. */
  rates: "GET /api/rates",
} as const;

/** Release 2 §D2, §D3: My Booking's calls, by reference and e-mail and with the booking token. */
export const MY_BOOKING_ROWS = {
  lookup: "POST /api/bookings/lookup",
  calendar: "GET /api/bookings/{id}/calendar.ics",
} as const;

/**
 * The booking rows: 10 connections as before, and 50 (issue #23's p99 budget). Both send each
 * connection's next booking as soon as the last is answered, so the server is always saturated and
 * the latency is mostly the queue: at least connections ÷ throughput on average. The third row sends
 * half the 10-connection row's throughput as customers arrive, one booking every 1/rate s over at most
 * 50 connections (measureEvenlySpaced): the latency of a booking when the server is not saturated.
 */
export const BOOKING_ROWS = {
  ten: "POST /api/bookings",
  fifty: "POST /api/bookings, 50 connections",
  halfRate: "POST /api/bookings, half the 10-connection rate, evenly spaced (≤ 50 connections)",
} as const;

/** Bookings each booking row sends (each with its own three documents, uploaded beforehand). */
export const BOOKINGS_PER_ROW = 1000;
/** Bookings of the half-rate row (about ten seconds of it). */
const HALF_RATE_BOOKINGS = 600;

/** The PWA's booking requests carry an Idempotency-Key (a fresh one per booking). */
const idempotencyKey = () => ({ "Idempotency-Key": randomUUID() });

/** `amount` bookings (each body from `bookings`) over `connections`, each with its own Idempotency-Key, as the PWA sends them. */
export function postBookings(
  url: string,
  bookings: () => string,
  connections: number,
  amount: number,
): Promise<LoadResult> {
  return measure({
    url: `${url}/api/bookings`,
    method: "POST",
    headers: { "Content-Type": "application/json" },
    requestHeaders: idempotencyKey,
    body: bookings,
    connections,
    amount,
  });
}

/**
 * Throughput and latency of each public call and the admin sync, on a running
 * server; the public reads paired with the same-bytes ceiling (pairedRead).
 */
export async function benchApi(
  url: string,
  ceiling: SameBytesCeiling,
  server: { pid: number | undefined; databaseUrl: string | undefined },
): Promise<ApiRow[]> {
  const cars = (await (await fetch(`${url}/api/cars`)).json()) as BenchCar[];
  const car = cars.find((c) => c.available);
  if (!car) throw new Error("no available car");
  const cookie = await adminCookie(url);
  const rows: ApiRow[] = [];
  rows.push(await pairedRead(PUBLIC_READS.cars, `${url}/api/cars`, ceiling));
  rows.push(await pairedRead(PUBLIC_READS.bookedDates, `${url}/api/cars/${car.id}/booked-dates`, ceiling));
  rows.push(
    await pairedRead(
      PUBLIC_READS.blockedNameCheck,
      `${url}/api/blocked-names/check?name=Juan%20Dela%20Cruz`,
      ceiling,
    ),
  );
  rows.push(await pairedRead(PUBLIC_READS.rates, `${url}/api/rates`, ceiling));
  // The ceiling's part is done: it does not run beside the bookings.
  await ceiling.stop();
  const documents = await uploadBenchDocumentSets(url, 2 * BOOKINGS_PER_ROW + HALF_RATE_BOOKINGS);
  const bookings = distinctBookings(cars, 400, documents);
  const book = (connections: number, amount: number) => postBookings(url, bookings, connections, amount);
  const ten = await book(10, BOOKINGS_PER_ROW);
  rows.push({ name: BOOKING_ROWS.ten, result: ten });
  // Where a saturated server's time goes (issue #23 asks why its p99 is what it is).
  const stopCounting = await measureCpuBreakdown(server.pid, server.databaseUrl);
  const fifty = await book(50, BOOKINGS_PER_ROW);
  rows.push({ name: BOOKING_ROWS.fifty, result: fifty, cpu: await stopCounting() });
  rows.push({
    name: BOOKING_ROWS.halfRate,
    result: await measureEvenlySpaced({
      url: `${url}/api/bookings`,
      headers: { "Content-Type": "application/json" },
      requestHeaders: idempotencyKey,
      body: bookings,
      rate: Math.max(1, Math.round(ten.rps / 2)),
      amount: HALF_RATE_BOOKINGS,
      maxConnections: 50,
    }),
  });
  rows.push(...(await benchMyBooking(url, car)));
  rows.push({
    name: "GET /api/admin/sync (full)",
    result: await measure({
      url: `${url}/api/admin/sync`,
      headers: { Cookie: cookie },
      durationSeconds: DURATION,
    }),
  });
  return rows;
}

/**
 * My Booking's reads of one booking made for the purpose (its own slot, far from the booking rows'):
 * the look-up by reference and e-mail, as the My Booking form sends it, and the calendar file.
 */
async function benchMyBooking(url: string, car: BenchCar): Promise<ApiRow[]> {
  const [documents] = await uploadBenchDocumentSets(url, 1);
  if (!documents) throw new Error("no document set");
  const created = await fetch(`${url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...idempotencyKey() },
    body: bookingBody(car, addDays(manilaToday(new Date()), 8000), 2, 800_000, documents),
  });
  if (created.status !== 201) throw new Error(`the My Booking bench's booking: ${created.status}`);
  const { booking, customer, bookingToken } = (await created.json()) as {
    booking: { id: string; reference: string };
    customer: { email: string };
    bookingToken: string;
  };
  const lookup = await measure({
    url: `${url}/api/bookings/lookup`,
    method: "POST",
    headers: { "Content-Type": "application/json", ...BROWSER_ACCEPT_ENCODING },
    body: () => JSON.stringify({ reference: booking.reference, contact: customer.email }),
    durationSeconds: DURATION,
  });
  const calendar = await measure({
    url: `${url}/api/bookings/${booking.id}/calendar.ics?token=${encodeURIComponent(bookingToken)}`,
    headers: BROWSER_ACCEPT_ENCODING,
    durationSeconds: DURATION,
  });
  return [
    { name: MY_BOOKING_ROWS.lookup, result: lookup },
    { name: MY_BOOKING_ROWS.calendar, result: calendar },
  ];
}

export type RaceResult = {
  requests: number;
  succeeded: number;
  conflicts: number;
  other: number;
  ms: number;
};

/** 200 concurrent requests for overlapping periods of one car: exactly one may win. */
export async function benchRace(url: string, requests = 200): Promise<RaceResult> {
  const cars = (await (await fetch(`${url}/api/cars`)).json()) as BenchCar[];
  const car = cars.filter((c) => c.available).at(-1);
  if (!car) throw new Error("no available car");
  const pickup = addDays(manilaToday(new Date()), 9000);
  // Each request with its own documents, as real customers' are (see uploadBenchDocumentSets).
  const documents = await uploadBenchDocumentSets(url, requests);
  const started = performance.now();
  const statuses = await Promise.all(
    documents.map((own, i) =>
      fetch(`${url}/api/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        // Every request overlaps the others: same car, pickup within the same 3-day window.
        body: bookingBody(car, addDays(pickup, i % 2), 3, 900_000 + i, own),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    ),
  );
  const ms = performance.now() - started;
  return {
    requests,
    succeeded: statuses.filter((s) => s === 201).length,
    conflicts: statuses.filter((s) => s === 409).length,
    other: statuses.filter((s) => s !== 201 && s !== 409).length,
    ms: Math.round(ms),
  };
}
