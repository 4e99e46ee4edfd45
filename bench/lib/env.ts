/** The bench's settings: the one module of bench/ that reads the environment. */
export const benchSettings = {
  /** Seconds each autocannon measurement runs. */
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  /** The PostgreSQL server to measure on (a database of its own is created per run). */
  postgresUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres",
  skipPwa: process.env.BENCH_SKIP_PWA === "1",
  /** Skips the API, race and scale measurements (to measure only the PWA). */
  skipApi: process.env.BENCH_SKIP_API === "1",
  /** Measures only the outbox drain (no API part, no page weights or Lighthouse): to iterate on it. */
  onlyDrain: process.env.BENCH_ONLY_DRAIN === "1",
  /** Measures only how fast `npm start` answers on a built tree (issue #18's budget). */
  onlyStart: process.env.BENCH_ONLY_START === "1",
  /** With the PWA part: only the pages (weights, Lighthouse, blocking time), no offline visit, Timeline nor drain (issue #23). */
  onlyPages: process.env.BENCH_ONLY_PAGES === "1",
  /** Measures only the Timeline's rendering (issue #20's budget). */
  onlyTimeline: process.env.BENCH_ONLY_TIMELINE === "1",
  /** For the same-bytes ceiling (bare-koa.ts, a child process): the file holding the answer it serves. */
  ceilingAnswerFile: process.env.CEILING_ANSWER_FILE,
  /** How many changes the outbox drain queues (fewer to iterate faster; the report's figure is for 500). */
  drainEntries: Number(process.env.BENCH_DRAIN_ENTRIES ?? 500),
  /** Where to write a CPU profile of the admin page during the drain (.cpuprofile, for DevTools); none when unset. */
  drainProfile: process.env.BENCH_DRAIN_PROFILE,
  /** A folder for CPU profiles of the server process (node --cpu-prof) in the drain benches; none when unset. */
  serverCpuProfile: process.env.BENCH_SERVER_CPU_PROF,
  /** Changes per `POST /api/admin/batch` of bench/drain-server-bench.ts (the app sends 50). */
  drainBatchSize: Number(process.env.BENCH_BATCH_SIZE ?? 50),
  /** Comma-separated engines to measure (default: PostgreSQL when reachable, and PGlite). */
  engines: process.env.BENCH_ENGINES?.split(",").map((e) => e.trim()),
  /** First of the two ports the bench's servers listen on. */
  port: Number(process.env.BENCH_PORT ?? 4410),
  /** Rounds of issue #17's booking comparison, in bench and bench:bookings (each: this release's bookings and release 1's, alternately). */
  bookingRounds: Number(process.env.BENCH_ROUNDS ?? 3),
  /** Lighthouse runs per page; the median run is reported. */
  lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5),
  /** Where the report goes (a partial run should not overwrite the committed one). */
  output: process.env.BENCH_OUTPUT ?? "bench/RESULTS.md",
};

/**
 * The profiling tools' settings (`npm run bench:profile`, `npm run bench:booking-sql`); each tool's
 * header says what it does with them.
 */
export const profileSettings = {
  /** postgres or pglite. */
  engine: (process.env.PROFILE_ENGINE ?? "postgres") as "postgres" | "pglite",
  /** The load bench:profile puts on the server: cars, booked-dates, blocked-check or bookings. */
  load: process.env.PROFILE_LOAD ?? "cars",
  /** Where bench:profile leaves its .cpuprofile files (a new temporary folder when unset). */
  dir: process.env.PROFILE_DIR,
  connections: Number(process.env.PROFILE_CONNECTIONS ?? 10),
  /** Bookings to send; unset, each tool's own default. */
  bookings: process.env.PROFILE_BOOKINGS === undefined ? undefined : Number(process.env.PROFILE_BOOKINGS),
  /** SQL run on the fresh database before the load (bench:profile). */
  setupSql: process.env.PROFILE_SETUP_SQL,
  /** PROFILE_CPU=0 measures without the profiler, for before/after figures. */
  cpuProfile: process.env.PROFILE_CPU !== "0",
  /** PROFILE_CEILING=1 first measures the same-bytes ceiling (bench:profile). */
  ceiling: process.env.PROFILE_CEILING === "1",
};

/** `npm run bench:trace`'s settings. */
export const traceSettings = {
  /** TRACE_SAMPLES=0 leaves the JavaScript sampler off (it slows the page a little): steadier totals. */
  samples: process.env.TRACE_SAMPLES !== "0",
  /** Where to keep the raw trace (JSON), if anywhere. */
  output: process.env.TRACE_OUT,
};

/** The environment of a child process: this one's plus the given variables. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
