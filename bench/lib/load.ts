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
  /**
   * Requests per second offered by all connections together (an open load, like customers arriving),
   * instead of each connection sending its next request as soon as the last is answered.
   * Latencies then count from when a request was due (autocannon corrects for coordinated omission).
   */
  overallRate?: number;
  durationSeconds?: number;
  amount?: number;
};

/** Runs autocannon against one URL and reports throughput and latency percentiles. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  let lastAnswerAt = started;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    connections: options.connections ?? 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.amount ? { amount: options.amount } : { duration: options.durationSeconds ?? 5 }),
    ...(options.body || options.requestHeaders
      ? {
          requests: [
            {
              onResponse: () => {
                lastAnswerAt = performance.now();
              },
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
  // A run of a fixed amount ends on autocannon's one-second tick, so its own duration and per-second
  // average are whole seconds: the rate is counted to the last answer instead.
  const seconds =
    options.amount && lastAnswerAt > started ? (lastAnswerAt - started) / 1000 : result.duration;
  return {
    requests: result.requests.total,
    rps: seconds > 0 ? Math.round(result.requests.total / seconds) : Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}
