import type { Knex } from "knex";
import * as createSchema from "../migrations/2026-11-21-23-00-00-create-schema";
import * as bookingDocumentsAndHolds from "../migrations/2026-11-25-11-00-00-booking-documents-and-holds";

/** One migration file under db/migrations/, named by its file name without the extension. */
export type Migration = {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
};

/**
 * Every migration, oldest first. A static list rather than a folder scan, so
 * the same names run from tsx, from a bundle and on both engines. Add a new
 * file under db/migrations/ here.
 */
export const migrations: readonly Migration[] = [
  { name: "2026-11-21-23-00-00-create-schema", ...createSchema },
  { name: "2026-11-25-11-00-00-booking-documents-and-holds", ...bookingDocumentsAndHolds },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: () => Promise.resolve([...migrations]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve({ up: migration.up, down: migration.down }),
};
