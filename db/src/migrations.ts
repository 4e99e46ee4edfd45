import type { Knex } from "knex";
import * as createSchema from "../migrations/2026-11-21-23-00-00-create-schema";
import * as keyOwnersAndObjectAttachment from "../migrations/2026-11-25-10-00-00-key-owners-and-object-attachment";
import * as bookingDocumentsAndHolds from "../migrations/2026-11-25-11-00-00-booking-documents-and-holds";
import * as notifyTableChanges from "../migrations/2026-11-25-12-00-00-notify-table-changes";
import * as webPush from "../migrations/2026-11-25-14-00-00-web-push";
import * as bookingReferences from "../migrations/2026-11-25-15-00-00-booking-references";
import * as myBooking from "../migrations/2026-11-25-20-00-00-my-booking";
import * as blocksAndCarOccupancy from "../migrations/2026-11-25-21-00-00-blocks-and-car-occupancy";
import * as blocklistKinds from "../migrations/2026-11-25-22-00-00-blocklist-kinds";
import * as securityDeposit from "../migrations/2026-11-26-10-00-00-security-deposit";
import * as rates from "../migrations/2026-11-26-11-00-00-rates";
import * as bookingHandovers from "../migrations/2026-11-26-12-00-00-booking-handovers";
import * as lengthDiscountsSync from "../migrations/2026-11-27-01-00-00-length-discounts-sync";
import * as bookingsAndCustomersCommitWithoutNotify from "../migrations/2026-11-27-03-00-00-bookings-and-customers-commit-without-notify";
import * as documentsBelongToOneBooking from "../migrations/2026-11-27-04-00-00-documents-belong-to-one-booking";
import * as lockedCounts from "../migrations/2026-11-28-01-00-00-locked-counts";
import * as insertBookingUnlessOverlapping from "../migrations/2026-11-28-02-00-00-insert-booking-unless-overlapping";
import * as insertBookingPlannedOnce from "../migrations/2026-11-28-03-00-00-insert-booking-planned-once";
import * as blocklistValuesNormalised from "../migrations/2026-11-28-10-00-00-blocklist-values-normalised";
import * as contactMessagesNewestFirst from "../migrations/2026-11-28-11-00-00-contact-messages-newest-first";
import * as customersCreatedByBooking from "../migrations/2026-11-28-12-00-00-customers-created-by-booking";
import * as bookingDriverLicense from "../migrations/2026-11-29-16-00-00-booking-driver-license";
import * as holdWarnings from "../migrations/2026-11-29-22-00-00-hold-warnings";

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
  { name: "2026-11-25-10-00-00-key-owners-and-object-attachment", ...keyOwnersAndObjectAttachment },
  { name: "2026-11-25-11-00-00-booking-documents-and-holds", ...bookingDocumentsAndHolds },
  { name: "2026-11-25-12-00-00-notify-table-changes", ...notifyTableChanges },
  { name: "2026-11-25-14-00-00-web-push", ...webPush },
  { name: "2026-11-25-15-00-00-booking-references", ...bookingReferences },
  { name: "2026-11-25-20-00-00-my-booking", ...myBooking },
  { name: "2026-11-25-21-00-00-blocks-and-car-occupancy", ...blocksAndCarOccupancy },
  { name: "2026-11-25-22-00-00-blocklist-kinds", ...blocklistKinds },
  { name: "2026-11-26-10-00-00-security-deposit", ...securityDeposit },
  { name: "2026-11-26-11-00-00-rates", ...rates },
  { name: "2026-11-26-12-00-00-booking-handovers", ...bookingHandovers },
  { name: "2026-11-27-01-00-00-length-discounts-sync", ...lengthDiscountsSync },
  {
    name: "2026-11-27-03-00-00-bookings-and-customers-commit-without-notify",
    ...bookingsAndCustomersCommitWithoutNotify,
  },
  { name: "2026-11-27-04-00-00-documents-belong-to-one-booking", ...documentsBelongToOneBooking },
  { name: "2026-11-28-01-00-00-locked-counts", ...lockedCounts },
  { name: "2026-11-28-02-00-00-insert-booking-unless-overlapping", ...insertBookingUnlessOverlapping },
  { name: "2026-11-28-03-00-00-insert-booking-planned-once", ...insertBookingPlannedOnce },
  { name: "2026-11-28-10-00-00-blocklist-values-normalised", ...blocklistValuesNormalised },
  { name: "2026-11-28-11-00-00-contact-messages-newest-first", ...contactMessagesNewestFirst },
  { name: "2026-11-28-12-00-00-customers-created-by-booking", ...customersCreatedByBooking },
  { name: "2026-11-29-16-00-00-booking-driver-license", ...bookingDriverLicense },
  { name: "2026-11-29-22-00-00-hold-warnings", ...holdWarnings },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: () => Promise.resolve([...migrations]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve({ up: migration.up, down: migration.down }),
};

/** The migrations up to and including `name` (restoring an archive rebuilds its schema version first). */
export function migrationSourceUntil(name: string): Knex.MigrationSource<Migration> {
  const index = migrations.findIndex((migration) => migration.name === name);
  if (index < 0) throw new Error(`unknown migration ${name}`);
  return { ...migrationSource, getMigrations: () => Promise.resolve(migrations.slice(0, index + 1)) };
}
