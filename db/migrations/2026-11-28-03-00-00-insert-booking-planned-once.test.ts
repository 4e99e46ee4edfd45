import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import {
  MIGRATION_TEST_TIMEOUT_MS,
  insertCarAndCustomer,
  openTestDatabaseAt,
  previousBooking,
  type PreviousRows,
} from "../src/migration-test-support";
import { functionSource, testEngines } from "../src/test-database";
import * as plannedOnce from "./2026-11-28-03-00-00-insert-booking-planned-once";

const BEFORE = "2026-11-28-02-00-00-insert-booking-unless-overlapping";
/** This migration: the later ones add columns to a booking's row (and redefine the function with them). */
const THIS = "2026-11-28-03-00-00-insert-booking-planned-once";

type Row = Record<string, unknown> & { id: string; reference: string; version: string | number };

const insert = async (knex: Knex, row: object) =>
  (
    await knex.raw<{ rows: Row[] }>("select * from insert_booking_unless_overlapping(?::json)", [
      JSON.stringify(row),
    ])
  ).rows;

/** A row naming exactly PLANNED_INSERT_COLUMNS, as a public booking's does. */
function publicRow(rows: PreviousRows, pickupDate: string, returnDate: string, reference: string | null) {
  const row = {
    ...previousBooking(rows, pickupDate, returnDate, "pending"),
    id: randomUUID(),
    pickup_time: "09:00",
    with_driver: false,
    driver_service: "none",
    distance_service: "none",
    wants_delivery: false,
    delivery_address: null,
    driver_fee: "0.00",
    distance_fee: "0.00",
    insurance: "0.00",
    deposit: "3000.00",
    price_lines: [{ date: pickupDate, amount: "2000.00" }],
    price_discount: null,
    source: "public",
    booking_token_hash: "ab".repeat(32),
    photo_id1_url: null,
    photo_id2_url: null,
    proof_of_billing_url: null,
    contact_email: "juan@example.com",
    contact_phone: "09171234567",
    contact_name: "Juan dela Cruz",
    created_at: "2026-11-28T01:02:03.000Z",
    reference,
  };
  expect(Object.keys(row).sort()).toEqual([...plannedOnce.PLANNED_INSERT_COLUMNS]);
  return row;
}

/** What a stored row says, but for what each insert draws anew (its update time, its transaction). */
const comparable = ({ updated_at: _updatedAt, sync_xid: _syncXid, ...row }: Row) => row;

describe.each(testEngines())("insert booking planned once migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "stores a public booking's row as the built statement did, with the defaults of the columns it leaves out, and refuses an overlap with no row",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const rows = await insertCarAndCustomer(knex);
      const row = publicRow(rows, "2026-12-01", "2026-12-03", "ACR-AAAAAA");
      const [before] = await insert(knex, row);
      await knex("bookings").where({ id: row.id }).delete();

      await migrate(knex, THIS);

      const [after] = await insert(knex, row);
      expect(after).toBeDefined();
      expect(before).toBeDefined();
      if (!after || !before) return;
      expect(comparable(after)).toEqual(comparable(before));
      expect(Number(after.version)).toBe(1);
      expect(after.amount_paid).toBe("0.00");

      // The dates are taken: no row, and the transaction goes on.
      await knex.transaction(async (trx) => {
        expect(await insert(trx, publicRow(rows, "2026-12-02", "2026-12-04", "ACR-BBBBBB"))).toEqual([]);
        expect(await insert(trx, publicRow(rows, "2026-12-10", "2026-12-12", null))).toHaveLength(1);
      });
      // A reference left null is drawn by the trigger, as before.
      const drawn = await knex("bookings").where({ pickup_date: "2026-12-10" }).first<Row>();
      expect(drawn?.reference).toMatch(/^ACR-/);

      // Any other set of columns still gets its defaults (the built statement).
      const [partial] = await insert(knex, previousBooking(rows, "2027-01-01", "2027-01-03", "pending"));
      expect(partial?.reference).toMatch(/^ACR-/);
      expect(partial?.driver_service).toBe("none");
      expect(Number(partial?.version)).toBe(1);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );

  it(
    "rolls back to the built statement for every row",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      await migrate(knex, THIS);
      const source = () => functionSource(knex, "insert_booking_unless_overlapping(json)");
      expect(await source()).toContain("if keys = array[");
      await plannedOnce.down(knex);
      expect(await source()).not.toContain("if keys = array[");
      expect(await source()).toContain("execute format(");
      const rows = await insertCarAndCustomer(knex);
      const [stored] = await insert(knex, publicRow(rows, "2026-12-01", "2026-12-03", "ACR-CCCCCC"));
      expect(stored?.reference).toBe("ACR-CCCCCC");
      expect(await insert(knex, publicRow(rows, "2026-12-02", "2026-12-04", null))).toEqual([]);
      const [partial] = await insert(knex, previousBooking(rows, "2027-01-01", "2027-01-03", "pending"));
      expect(Number(partial?.version)).toBe(1);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
