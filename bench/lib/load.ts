import autocannon from "autocannon";

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers per HTTP status, e.g. `{ "201": 1000 }`. */
  statuses: Record<string, number>;
};

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Builds the body of each request (distinct bookings, for example). */
  body?: () => string;
  /** Headers of each request on top of `headers` (an Idempotency-Key, for example). */
  requestHeaders?: () => Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  amount?: number;
};

/** Runs autocannon against one URL and reports throughput and latency percentiles. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    connections: options.connections ?? 10,
    ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 5 }),
    ...(options.body || options.requestHeaders
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(options.body ? { body: options.body() } : {}),
                ...(options.requestHeaders
                  ? { headers: { ...req.headers, ...options.requestHeaders() } }
                  : {}),
              }),
            },
          ],
        }
      : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = stats.count ?? 0;
  }
  return {
    requests: result.requests.total,
    // Over the whole run: autocannon's per-second average rounds a run of a fixed amount to whole seconds.
    rps:
      result.duration > 0
        ? Math.round(result.requests.total / result.duration)
        : Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}
