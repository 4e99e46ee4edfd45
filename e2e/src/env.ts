/**
 * The e2e run's settings: the one module of the e2e package that reads the
 * environment. The server under test listens on E2E_PORT (default 4310).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
/** A PostgreSQL server to run against (CI); unset means embedded PGlite. */
export const SERVER_DATABASE_URL = process.env.DATABASE_URL;
export const SKIP_PWA_BUILD = process.env.E2E_SKIP_BUILD === "1";

/** The environment a child process (a server under test) starts from, with `overrides` on top. */
export function childProcessEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

/**
 * The DATA_DIR of the server under test (its `.eml` mails are under `mail/`).
 * The global setup sets it for the test workers.
 */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the tests with e2e/playwright.config.ts");
  return dir;
}
