/**
 * The test process's configuration: the one place in db/ that reads the
 * environment (the server reads its own in sync-server/src/config.ts).
 */
const databaseUrl = process.env.DATABASE_URL?.trim();

/** The PostgreSQL server the tests may use, or undefined to test on PGlite only. */
export const testDatabaseUrl: string | undefined = databaseUrl ? databaseUrl : undefined;
