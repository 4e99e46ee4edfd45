/**
 * The server's part of the outbox drain alone (issue #23): the bench drain's
 * 500 changes (payments of ₱1.00 and status changes over 10 bookings) sent as
 * `POST /api/admin/batch` requests of `BENCH_BATCH_SIZE` (default 50) changes,
 * one after the other, to the real server on a fresh embedded database; the
 * wall time and the server process's CPU time. A quick check of server-side
 * changes without a browser: `npx tsx bench/drain-server-bench.ts`.
 */
import { randomUUID } from "node:crypto";
import { batchResponseSchema } from "@car-rental/shared/schemas/batch";
import { BENCH_ADMIN_PASSWORD, adminCookie } from "./lib/admin";
import { measureCpu } from "./lib/cpu-time";
import { createBenchDatabase } from "./lib/databases";
import { benchSettings } from "./lib/env";
import { startProcess } from "./lib/server";
import { createBookings } from "./pwa-bench";

const batchSize = benchSettings.drainBatchSize;
const entries = benchSettings.drainEntries;

const database = await createBenchDatabase("pglite", "");
const server = await startProcess(
  "sync-server/src/main.ts",
  benchSettings.port,
  {
    ...database.env,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    RATE_LIMIT_SCALE: "1000",
  },
  benchSettings.serverCpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${benchSettings.serverCpuProfile}`] : [],
);
try {
  const bookings = await createBookings(server.url, 10);
  const cookie = await adminCookie(server.url);
  const status = new Map<string, string>();
  const changes = Array.from({ length: entries }, (_, i) => {
    const booking = bookings[Math.floor(i / 2) % bookings.length];
    if (!booking) throw new Error("no booking");
    const rows = [`bookings:${booking.id}`];
    if (i % 2 === 0) {
      const id = randomUUID();
      return {
        key: randomUUID(),
        method: "PATCH",
        path: `/api/admin/bookings/${booking.id}/payment`,
        body: { id, amount: "1.00", kind: "rental" },
        rows: [`payments:${id}`, ...rows],
      };
    }
    const next = (status.get(booking.id) ?? "pending") === "pending" ? "confirmed" : "pending";
    status.set(booking.id, next);
    return {
      key: randomUUID(),
      method: "PATCH",
      path: `/api/admin/bookings/${booking.id}/status`,
      body: { status: next },
      rows,
    };
  });
  const send = async (batch: typeof changes) => {
    const res = await fetch(`${server.url}/api/admin/batch`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.url },
      body: JSON.stringify({ changes: batch }),
    });
    if (res.status !== 200) throw new Error(`batch: ${res.status} ${await res.text()}`);
    const { results } = batchResponseSchema.parse(await res.json());
    return results;
  };
  for (const replay of [false, true]) {
    const stopCpu = measureCpu(server.child.pid);
    const started = performance.now();
    const statuses = new Map<string, number>();
    for (let at = 0; at < changes.length; at += batchSize) {
      for (const result of await send(changes.slice(at, at + batchSize))) {
        const key = `${result.status}${result.replayed ? " replayed" : ""}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }
    const ms = Math.round(performance.now() - started);
    console.info(
      `${replay ? "replayed" : "first"}: ${entries} changes in batches of ${batchSize}: ${ms} ms, server CPU ${JSON.stringify(stopCpu())}, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }
} finally {
  await server.stop();
  await database.drop();
}
