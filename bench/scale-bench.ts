import http from "node:http";
import { gunzipSync } from "node:zlib";
import type { Knex } from "knex";
import { adminCookie } from "./lib/admin";
import { measure, type LoadResult } from "./lib/load";

export const SCALE = { cars: 20, customers: 10_000, bookings: 100_000 };

/** Issue #23: the first admin sync at this scale, on the wire (gzip) and in server time. */
export const FIRST_SYNC_BUDGET = { bytes: 2 * 1024 * 1024, ms: 1500 };

/** The years the past bookings are spread over (issue #23: "spread over ten years"). */
const HISTORY_DAYS = 3650;

/**
 * Seeds the scale data set straight in SQL: 10,000 customers and 100,000
 * bookings over 20 cars. Like a real shop's history, most bookings lie in the
 * past, spread over the ten years before the last month (completed, some
 * cancelled; past ones may overlap, as they occupy nothing), and only the
 * last 30 per car are recent or ahead (pending or confirmed, every other day
 * from 30 days ago); active ones never overlap.
 */
export async function seedScale(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into customers (full_name, email, phone, created_at)
     select 'Customer ' || g, 'customer' || g || '@example.ph', '0917' || lpad(g::text, 7, '0'),
            now() - (g || ' minutes')::interval
     from generate_series(1, ?) g`,
    [SCALE.customers],
  );
  const perCar = SCALE.bookings / SCALE.cars;
  await knex.raw(
    `with fleet as (
       select id, daily_rate, (row_number() over (order by created_at, id)) - 1 as n
       from cars where deleted_at is null and available order by created_at, id limit ?
     ), people as (
       select id, (row_number() over (order by created_at, id)) - 1 as n from customers
     ), plan as (
       select g, g % ? as car_n, g / ? as k, g % ? as customer_n from generate_series(0, ? - 1) g
     )
     insert into bookings (customer_id, car_id, pickup_date, return_date, pickup_time, total_days,
                           daily_rate, subtotal, insurance, total, amount_paid, status, created_at)
     select people.id, fleet.id,
            case when plan.k >= ? then current_date + (2 * (plan.k - ?) + 30)::int
                 else current_date - 30 - ((? - plan.k) * ? / ?)::int end,
            case when plan.k >= ? then current_date + (2 * (plan.k - ?) + 31)::int
                 else current_date - 29 - ((? - plan.k) * ? / ?)::int end,
            '09:00', 1, fleet.daily_rate, fleet.daily_rate, 500, fleet.daily_rate + 500,
            case when plan.k < ? then fleet.daily_rate + 500 else 0 end,
            case when plan.k >= ? then (case when plan.g % 2 = 0 then 'confirmed' else 'pending' end)
                 when plan.g % 17 = 0 then 'cancelled' else 'completed' end,
            now() - ((? - plan.k) || ' hours')::interval
     from plan join fleet on fleet.n = plan.car_n join people on people.n = plan.customer_n`,
    [
      SCALE.cars,
      SCALE.cars,
      SCALE.cars,
      SCALE.customers,
      SCALE.bookings,
      ...[0, 1].flatMap(() => [perCar - 30, perCar, perCar - 30, HISTORY_DAYS, perCar - 30]),
      perCar - 30,
      perCar - 30,
      perCar,
    ],
  );
  // As a database in use for years stands: vacuumed (hint bits set, visibility map written) and
  // checkpointed, so the seed's own background work does not run during the measures.
  await knex.raw("vacuum analyze");
  await knex.raw("checkpoint").catch((error: unknown) => {
    // CHECKPOINT needs a superuser (or pg_checkpoint): without it the measures only run beside it.
    if ((error as { code?: string }).code !== "42501") throw error;
    console.warn("scale seed: no right to CHECKPOINT; measuring without it");
  });
}

/** The paged first sync (issue #23): its pages, then the delta from their cursor. */
export type FirstSyncResult = {
  pages: number;
  rows: number;
  bookings: number;
  /** gzip bytes on the wire, every page and the delta after them. */
  bytes: number;
  /** The requests' time, one after the other (localhost: the server's time, compression included). */
  ms: number;
  /** The slowest page, and the largest page before compression. */
  slowestPageMs: number;
  largestPageBytes: number;
};

export type ScaleResult = {
  firstSync: FirstSyncResult;
  bookedDates: LoadResult;
  bookingsList: LoadResult;
  delta: { changes: number; ms: number; bytes: number; fullBytes: number; fullMs: number };
};

async function timedGet(url: string, cookie: string): Promise<{ ms: number; bytes: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { Cookie: cookie } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return { ms, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

/** GETs `url` asking for gzip as a browser does; the body's bytes as they went on the wire, and its JSON. */
function gzipGet(
  url: string,
  cookie: string,
): Promise<{ ms: number; wireBytes: number; jsonBytes: number; body: unknown }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const ms = performance.now() - started;
          const wire = Buffer.concat(chunks);
          const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(wire) : wire).toString(
            "utf8",
          );
          if (res.statusCode !== 200) {
            reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 200)}`));
            return;
          }
          resolve({ ms, wireBytes: wire.length, jsonBytes: Buffer.byteLength(text), body: JSON.parse(text) });
        });
      })
      .on("error", reject);
  });
}

type PageAnswer = { cursor: string; page?: { next: string | null }; [list: string]: unknown };

function isPageAnswer(body: unknown): body is PageAnswer {
  return typeof body === "object" && body !== null && "cursor" in body;
}

/** The first sync as the tablet makes it: every page of a paged reset, then the delta from its cursor. */
export async function measureFirstSync(url: string, cookie: string): Promise<FirstSyncResult> {
  const result: FirstSyncResult = {
    pages: 0,
    rows: 0,
    bookings: 0,
    bytes: 0,
    ms: 0,
    slowestPageMs: 0,
    largestPageBytes: 0,
  };
  let query = "paged=1";
  for (;;) {
    const answer = await gzipGet(`${url}/api/admin/sync?${query}`, cookie);
    if (!isPageAnswer(answer.body)) throw new Error("not a sync answer");
    result.bytes += answer.wireBytes;
    result.ms += answer.ms;
    const page = answer.body.page;
    if (!page) break;
    result.pages += 1;
    result.slowestPageMs = Math.max(result.slowestPageMs, answer.ms);
    result.largestPageBytes = Math.max(result.largestPageBytes, answer.jsonBytes);
    for (const [key, value] of Object.entries(answer.body)) {
      if (Array.isArray(value) && key !== "deleted") result.rows += value.length;
      if (key === "bookings" && Array.isArray(value)) result.bookings += value.length;
    }
    query =
      page.next === null ? `since=${answer.body.cursor}&paged=1` : `page=${encodeURIComponent(page.next)}`;
  }
  return { ...result, ms: Math.round(result.ms), slowestPageMs: Math.round(result.slowestPageMs) };
}

/** Latency at scale: the first sync, booked-dates, the admin bookings list, and a delta sync of 100 changes. */
export async function benchScale(url: string, carId: string): Promise<ScaleResult> {
  const cookie = await adminCookie(url);
  // The first run warms the server up (prepared plans, the JIT), as in bench:first-sync; the second is reported.
  await measureFirstSync(url, cookie);
  const firstSync = await measureFirstSync(url, cookie);
  const bookedDates = await measure({ url: `${url}/api/cars/${carId}/booked-dates`, durationSeconds: 5 });
  const bookingsList = await measure({
    url: `${url}/api/admin/bookings`,
    headers: { Cookie: cookie },
    durationSeconds: 5,
    connections: 4,
  });
  const full = await timedGet(`${url}/api/admin/sync`, cookie);
  const cursor =
    typeof full.body === "object" && full.body !== null && "cursor" in full.body
      ? String(full.body.cursor)
      : "0";
  // 100 changes made the way the admin makes them: status changes through the API.
  const confirmed = await timedGet(`${url}/api/admin/bookings?status=confirmed&limit=100`, cookie);
  if (!Array.isArray(confirmed.body)) throw new Error("bookings list is not an array");
  for (const booking of confirmed.body) {
    const id: unknown =
      typeof booking === "object" && booking !== null && "id" in booking ? booking.id : undefined;
    const res = await fetch(`${url}/api/admin/bookings/${String(id)}/status`, {
      method: "PATCH",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ status: "completed" }),
    });
    if (!res.ok) throw new Error(`status change failed: ${res.status}`);
  }
  const delta = await timedGet(`${url}/api/admin/sync?since=${cursor}`, cookie);
  return {
    firstSync,
    bookedDates,
    bookingsList,
    delta: {
      changes: confirmed.body.length,
      ms: Math.round(delta.ms),
      bytes: delta.bytes,
      fullBytes: full.bytes,
      fullMs: Math.round(full.ms),
    },
  };
}
