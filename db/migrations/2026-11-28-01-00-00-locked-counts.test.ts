import { afterEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { openTestDatabase, testEngines } from "../src/test-database";
import * as lockedCounts from "./2026-11-28-01-00-00-locked-counts";

const BEFORE = "2026-11-27-04-00-00-documents-belong-to-one-booking";

const pending = async (knex: Knex, email: string, phone: string) =>
  (
    await knex.raw<{ rows: { by_email: string | number; by_phone: string | number }[] }>(
      "select * from pending_public_bookings(?, ?)",
      [email, phone],
    )
  ).rows.map((row) => [Number(row.by_email), Number(row.by_phone)]);

const mails = async (knex: Knex, address: string, since: Date) =>
  Number(
    (
      await knex.raw<{ rows: { count: string | number }[] }>("select mail_recipient_count(?, ?) as count", [
        address,
        since,
      ])
    ).rows[0]?.count,
  );

/** Rows the previous version wrote: the counts read them as the server's two queries did. */
describe.each(testEngines())("locked counts migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "counts the pending public bookings per e-mail and per phone, and the mails per address in a day",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const rows = await insertCarAndCustomer(knex);
      const contact = (pickup: string, status: string, email: string, phone: string, source = "public") => ({
        ...previousBooking(rows, pickup, pickup.replace(/-01$/, "-03"), status),
        source,
        contact_email: email,
        contact_phone: phone,
      });
      await knex("bookings").insert([
        contact("2026-12-01", "pending", "ana@example.ph", "09170000001"),
        contact("2027-01-01", "pending", "ana@example.ph", "09170000002"),
        contact("2027-02-01", "pending", "ben@example.ph", "09170000001"),
        contact("2027-03-01", "confirmed", "ana@example.ph", "09170000001"),
        contact("2027-04-01", "pending", "ana@example.ph", "09170000001", "admin"),
      ]);
      const now = new Date("2026-11-28T08:00:00Z");
      const mail = (to: string, createdAt: Date, suppressed = false) => ({
        kind: "booking-confirmation",
        to_address: to,
        subject: "s",
        text_body: "t",
        created_at: createdAt,
        next_attempt_at: createdAt,
        suppressed_at: suppressed ? createdAt : null,
      });
      const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
      await knex("mail_outbox").insert([
        mail("Ana@Example.ph", hoursAgo(1)),
        mail("ana@example.ph", hoursAgo(23)),
        mail("ana@example.ph", hoursAgo(2), true),
        mail("ana@example.ph", hoursAgo(25)),
        mail("ben@example.ph", hoursAgo(1)),
      ]);

      await migrate(knex);

      expect(await pending(knex, "ana@example.ph", "09170000001")).toEqual([[2, 2]]);
      expect(await pending(knex, "cy@example.ph", "09170000009")).toEqual([[0, 0]]);
      expect(await mails(knex, "ana@example.ph", hoursAgo(24))).toBe(2);
      expect(await mails(knex, "cy@example.ph", hoursAgo(24))).toBe(0);
      // The locks are the transaction's: taken again in it at once, and gone with it.
      await knex.transaction(async (trx) => {
        expect(await pending(trx, "ana@example.ph", "09170000001")).toEqual([[2, 2]]);
        expect(await pending(trx, "ana@example.ph", "09170000001")).toEqual([[2, 2]]);
        expect(await mails(trx, "ana@example.ph", hoursAgo(24))).toBe(2);
      });
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );

  it(
    "rolls back to the schema before",
    async () => {
      db = await openTestDatabase(engine);
      const knex = db.knex;
      await lockedCounts.down(knex);
      await expect(pending(knex, "ana@example.ph", "0917")).rejects.toThrow(/pending_public_bookings/);
      await expect(mails(knex, "ana@example.ph", new Date(0))).rejects.toThrow(/mail_recipient_count/);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});

/** Two transactions at once: PostgreSQL only (PGlite has a single connection). */
const postgresOnly = testEngines().filter((engine) => engine === "postgres");
describe.each(postgresOnly)("locked counts on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "counts after the lock: a count waiting for another transaction's lock sees what it committed",
    async () => {
      db = await openTestDatabase(engine);
      const knex = db.knex;
      const rows = await insertCarAndCustomer(knex);
      const first = await knex.transaction();
      try {
        expect(await pending(first, "ana@example.ph", "0917")).toEqual([[0, 0]]);
        expect(await mails(first, "ana@example.ph", new Date(0))).toBe(0);
        // A second transaction asks while the first holds both locks.
        const second = knex.transaction(async (trx) => [
          await pending(trx, "ana@example.ph", "0917"),
          await mails(trx, "ana@example.ph", new Date(0)),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await first("bookings").insert({
          ...previousBooking(rows, "2026-12-01", "2026-12-03", "pending"),
          source: "public",
          contact_email: "ana@example.ph",
          contact_phone: "0917",
        });
        await first("mail_outbox").insert({
          kind: "k",
          to_address: "ana@example.ph",
          subject: "s",
          text_body: "t",
        });
        await first.commit();
        expect(await second).toEqual([[[1, 1]], 1]);
      } finally {
        if (!first.isCompleted()) await first.rollback();
      }
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
