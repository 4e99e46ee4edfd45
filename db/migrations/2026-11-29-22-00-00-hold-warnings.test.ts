import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
  previousBooking,
} from "../src/migration-test-support";
import { testEngines } from "../src/test-database";
import * as holdWarnings from "./2026-11-29-22-00-00-hold-warnings";

const BEFORE = "2026-11-29-16-00-00-booking-driver-license";

describe.each(testEngines())("warnings of expiring holds on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "keeps the bookings stored before, records one warning per booking and goes with its booking",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const rows = await insertCarAndCustomer(knex);
      const id = randomUUID();
      await knex("bookings").insert({ ...previousBooking(rows, "2027-01-10", "2027-01-12", "pending"), id });

      await migrate(knex);

      expect(await knex("bookings").where({ id }).pluck("status")).toEqual(["pending"]);
      expect(await knex("hold_warnings").select()).toEqual([]);
      const warnedAt = new Date("2026-11-29T20:00:00Z");
      await knex("hold_warnings").insert({ booking_id: id, warned_at: warnedAt });
      const again = await knex.raw<{ rows: unknown[] }>(
        "insert into hold_warnings (booking_id, warned_at) values (?, ?) on conflict (booking_id) do nothing returning booking_id",
        [id, warnedAt],
      );
      expect(again.rows).toEqual([]);
      await knex("bookings").where({ id }).delete();
      expect(await knex("hold_warnings").select()).toEqual([]);

      await holdWarnings.down(knex);
      expect(await knex.schema.hasTable("hold_warnings")).toBe(false);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
