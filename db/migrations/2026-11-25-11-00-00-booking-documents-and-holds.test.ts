import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, sqlState } from "../src/index";
import { migrationSource } from "../src/migrations";
import { openTestDatabase, testEngines } from "../src/test-database";

/** Opening and migrating a database of its own per test: slow on a loaded machine. */
const OPEN_TIMEOUT_MS = 120_000;

/** Data written by release 1 (only the first migration applied) must survive this one. */
describe.each(testEngines())("booking documents and holds migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "copies every customer's documents to each of their bookings and keeps the customer's",
    async () => {
      db = await openTestDatabase(engine, { migrate: false });
      const knex = db.knex;
      await knex.migrate.up({ migrationSource }); // release 1's schema only
      const [car] = await knex("cars")
        .insert({
          name: "Toyota Vios",
          category: "Compact Sedan",
          daily_rate: "2000.00",
          seats: 5,
          year: 2024,
        })
        .returning<{ id: string }[]>("id");
      const [withDocs] = await knex("customers")
        .insert({
          full_name: "Juan dela Cruz",
          email: "Juan@Example.ph",
          phone: "+63 917 555 0101",
          photo_id1_url: "/objects/documents/a",
          photo_id2_url: "/objects/documents/b",
          proof_of_billing_url: "/objects/documents/c",
        })
        .returning<{ id: string }[]>("id");
      const [withoutDocs] = await knex("customers")
        .insert({ full_name: "Maria Santos", email: "maria@example.ph", phone: "0918-555-0102" })
        .returning<{ id: string }[]>("id");
      const booking = (customerId: string, pickup: string, ret: string, status: string) => ({
        car_id: car?.id,
        customer_id: customerId,
        pickup_date: pickup,
        return_date: ret,
        total_days: 2,
        daily_rate: "2000.00",
        subtotal: "4000.00",
        total: "4000.00",
        status,
      });
      if (!withDocs || !withoutDocs) throw new Error("no customers");
      const ids = await knex("bookings")
        .insert([
          booking(withDocs.id, "2026-12-01", "2026-12-03", "confirmed"),
          booking(withDocs.id, "2026-12-10", "2026-12-12", "pending"),
          booking(withoutDocs.id, "2026-12-20", "2026-12-22", "pending"),
        ])
        .returning<{ id: string }[]>("id");

      await migrate(knex);

      const rows: {
        id: string;
        customer_id: string;
        photo_id1_url: string | null;
        photo_id2_url: string | null;
        proof_of_billing_url: string | null;
        contact_email: string | null;
        contact_phone: string | null;
        status: string;
      }[] = await knex("bookings").whereIn(
        "id",
        ids.map((row) => row.id),
      );
      const ofJuan = rows.filter((row) => row.customer_id === withDocs.id);
      expect(ofJuan).toHaveLength(2);
      for (const row of ofJuan) {
        expect(row).toMatchObject({
          photo_id1_url: "/objects/documents/a",
          photo_id2_url: "/objects/documents/b",
          proof_of_billing_url: "/objects/documents/c",
          contact_email: "juan@example.ph",
          contact_phone: "09175550101",
        });
      }
      expect(rows.find((row) => row.customer_id === withoutDocs.id)).toMatchObject({
        photo_id1_url: null,
        proof_of_billing_url: null,
        contact_email: "maria@example.ph",
        contact_phone: "09185550102",
        status: "pending",
      });
      // The customer's own columns are kept as they were.
      const juan: { photo_id1_url: string | null } = await knex("customers")
        .where({ id: withDocs.id })
        .first();
      expect(juan.photo_id1_url).toBe("/objects/documents/a");
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    "accepts the status expired, and an expired booking frees its dates",
    async () => {
      db = await openTestDatabase(engine);
      const knex = db.knex;
      const [car] = await knex("cars")
        .insert({
          name: "Toyota Vios",
          category: "Compact Sedan",
          daily_rate: "2000.00",
          seats: 5,
          year: 2024,
        })
        .returning<{ id: string }[]>("id");
      const [customer] = await knex("customers")
        .insert({ full_name: "Juan dela Cruz", email: "juan@example.ph", phone: "09175550101" })
        .returning<{ id: string }[]>("id");
      const booking = {
        car_id: car?.id,
        customer_id: customer?.id,
        pickup_date: "2026-12-01",
        return_date: "2026-12-03",
        total_days: 2,
        daily_rate: "2000.00",
        subtotal: "4000.00",
        total: "4000.00",
        status: "pending",
      };
      const [first] = await knex("bookings").insert(booking).returning<{ id: string }[]>("id");
      await knex("bookings").where({ id: first?.id }).update({ status: "expired" });
      await expect(knex("bookings").insert(booking)).resolves.toBeDefined();
      // Back to pending, it overlaps the new one: the constraint still guards pending and confirmed.
      let refused: unknown;
      try {
        await knex("bookings").where({ id: first?.id }).update({ status: "pending" });
      } catch (error) {
        refused = error;
      }
      expect(sqlState(refused)).toBe(SQLSTATE.exclusionViolation);
      let unknown: unknown;
      try {
        await knex("bookings").where({ id: first?.id }).update({ status: "lapsed" });
      } catch (error) {
        unknown = error;
      }
      expect(sqlState(unknown)).toBe(SQLSTATE.checkViolation);
    },
    OPEN_TIMEOUT_MS,
  );
});
