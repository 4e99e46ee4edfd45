/**
 * Database chores from the command line:
 *   tsx db/src/cli.ts migrate|seed [--database-url URL] [--data-dir DIR]
 * Without --database-url it works on the embedded PGlite in DIR (default
 * ./data, as the server). Settings come from flags, not the environment: the
 * server's config module is the one reader of environment variables.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { migrate, openDatabase, seedFleet } from "./index";

const usage = "usage: tsx db/src/cli.ts migrate|seed [--database-url URL] [--data-dir DIR]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    "database-url": { type: "string" },
    "data-dir": { type: "string", default: "./data" },
  },
});
const command = positionals[0];
if (positionals.length !== 1 || (command !== "migrate" && command !== "seed")) {
  console.error(usage);
  process.exit(2);
}

const db = await openDatabase({
  databaseUrl: values["database-url"],
  dataDir: path.resolve(values["data-dir"]),
});
try {
  await migrate(db.knex);
  if (command === "seed") {
    const inserted = await seedFleet(db.knex, { year: new Date().getFullYear() });
    console.info(inserted > 0 ? `seeded ${inserted} cars` : "the cars table is not empty: nothing seeded");
  } else {
    console.info(`migrated the ${db.engine} database`);
  }
} finally {
  await db.close();
}
