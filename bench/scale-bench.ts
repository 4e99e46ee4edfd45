import type { Knex } from "knex";
import { adminCookie } from "./lib/admin";
import { measure, type LoadResult } from "./lib/load";

export const SCALE = { cars: 20, customers: 10_000, bookings: 100_000 };

/**
 * Seeds the scale data set straight in SQL: 10,000 customers and 100,000
 * bookings over 20 cars. Like a real shop's history, most bookings lie in the
 * past (completed, some cancelled) and only the last few per car are ahead
 * (pending or confirmed); active ones never overlap.
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
            current_date + (2 * (plan.k - ?) + 30)::int,
            current_date + (2 * (plan.k - ?) + 31)::int,
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
      perCar,
      perCar,
      perCar - 30,
      perCar - 30,
      perCar,
    ],
  );
  await knex.raw("analyze");
}

export type ScaleResult = {
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

/** Latency at scale: booked-dates, the admin bookings list, and a delta sync of 100 changes. */
export async function benchScale(url: string, carId: string): Promise<ScaleResult> {
  const cookie = await adminCookie(url);
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
