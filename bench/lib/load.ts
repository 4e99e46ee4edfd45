import http from "node:http";
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
  const started = performance.now();
  let lastAnswerAt = started;
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

export type EvenlySpacedOptions = {
  url: string;
  headers: Record<string, string>;
  /** Builds the body of each request. */
  body: () => string;
  /** Headers of each request on top of `headers`. */
  requestHeaders?: () => Record<string, string>;
  /** Requests per second, one every 1/rate s. */
  rate: number;
  amount: number;
  /** Connections open at most (requests beyond them wait for one, and that wait counts). */
  maxConnections: number;
};

/**
 * POSTs `amount` requests at `rate` per second, one every 1/rate s whatever the answers (customers
 * arriving), and reports each one's latency from when it was due. autocannon's `overallRate` sends
 * each second's requests in one burst at its start (autocannon issue #174), so its latencies are a
 * burst's queue rather than a request's time when the server is not saturated.
 */
export async function measureEvenlySpaced(options: EvenlySpacedOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxConnections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const send = (dueAt: number, body: string, headers: Record<string, string>) =>
    new Promise<void>((resolve) => {
      const request = http.request(options.url, { method: "POST", agent, headers }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - dueAt);
          const status = String(res.statusCode ?? 0);
          statuses[status] = (statuses[status] ?? 0) + 1;
          resolve();
        });
      });
      request.on("error", () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < options.amount; i++) {
    const dueAt = started + (i * 1000) / options.rate;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(dueAt, options.body(), { ...options.headers, ...options.requestHeaders?.() }));
  }
  await Promise.all(sent);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] ?? 0);
  const answered = latencies.length;
  const non2xx = Object.entries(statuses)
    .filter(([status]) => !status.startsWith("2"))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: answered,
    rps: Math.round(answered / seconds),
    p50: percentile(0.5),
    p99: percentile(0.99),
    non2xx,
    errors,
    statuses,
  };
}
