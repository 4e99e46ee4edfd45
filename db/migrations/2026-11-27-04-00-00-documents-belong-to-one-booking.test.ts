import { afterEach, describe, expect, it } from "vitest";
import type { Knex } from "knex";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import * as documentsBelongToOneBooking from "./2026-11-27-04-00-00-documents-belong-to-one-booking";
import { MIGRATION_TEST_TIMEOUT_MS, insertCar, openTestDatabaseAt } from "../src/migration-test-support";
import { openTestDatabase, testEngines } from "../src/test-database";

const BEFORE = "2026-11-26-12-00-00-booking-handovers";

const SHARED = ["a", "b", "c"].map((n) => `documents/00000000-0000-4000-8000-00000000000${n}`);
const OWN = "documents/00000000-0000-4000-8000-00000000000d";
const CUSTOMER_ONLY = "documents/00000000-0000-4000-8000-00000000000e";
const FRESH = "documents/00000000-0000-4000-8000-00000000000f";

async function insertObject(knex: Knex, path: string, attachedAt: Date | null): Promise<void> {
  await knex("objects").insert({
    path,
    purpose: "document",
    content_type: "image/png",
    size: 100,
    upload_token_hash: "x",
    expires_at: new Date("2026-11-01T00:15:00Z"),
    uploaded_at: new Date("2026-11-01T00:01:00Z"),
    created_at: new Date("2026-11-01T00:00:00Z"),
    attached_at: attachedAt,
  });
}

/**
 * Data written by the release before: one customer's documents copied to each
 * of their two bookings (2026-11-25-11-00-00), a booking with an upload of
 * its own, an upload only on a customer record, and an upload on nothing.
 */
describe.each(testEngines())("documents belong to one booking migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "gives an upload on several bookings to the earliest, keeps every booking's references, and refuses a second owner",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const attached = new Date("2026-11-01T01:00:00Z");
      for (const path of SHARED) await insertObject(knex, path, attached);
      await insertObject(knex, OWN, null);
      await insertObject(knex, CUSTOMER_ONLY, attached);
      await insertObject(knex, FRESH, null);
      const car = await insertCar(knex);
      const [juan, ana] = await knex("customers")
        .insert([
          {
            full_name: "Juan dela Cruz",
            email: "juan@example.ph",
            phone: "0917",
            photo_id1_url: `/objects/${SHARED[0]}`,
            photo_id2_url: `/objects/${SHARED[1]}`,
            proof_of_billing_url: `/objects/${SHARED[2]}`,
          },
          {
            full_name: "Ana Reyes",
            email: "ana@example.ph",
            phone: "0918",
            photo_id1_url: `/objects/${CUSTOMER_ONLY}`,
          },
        ])
        .returning<{ id: string }[]>("id");
      if (!juan || !ana) throw new Error("no customers");
      const booking = (
        customerId: string,
        pickupDate: string,
        createdAt: string,
        docs: (string | null)[],
      ) => ({
        car_id: car.id,
        customer_id: customerId,
        pickup_date: pickupDate,
        return_date: pickupDate.replace(/-01$/, "-03"),
        total_days: 2,
        daily_rate: "2000.00",
        subtotal: "4000.00",
        total: "4000.00",
        status: "confirmed",
        created_at: new Date(createdAt),
        photo_id1_url: docs[0] ? `/objects/${docs[0]}` : null,
        photo_id2_url: docs[1] ? `/objects/${docs[1]}` : null,
        proof_of_billing_url: docs[2] ? `/objects/${docs[2]}` : null,
      });
      const [later, earlier, own] = await knex("bookings")
        .insert([
          booking(juan.id, "2026-12-01", "2026-11-10T00:00:00Z", SHARED),
          booking(juan.id, "2026-11-01", "2026-10-10T00:00:00Z", SHARED),
          booking(ana.id, "2027-01-01", "2026-11-11T00:00:00Z", [OWN, null, null]),
        ])
        .returning<{ id: string }[]>("id");
      if (!later || !earlier || !own) throw new Error("no bookings");

      await migrate(knex);

      const owners = await knex("objects").orderBy("path").select("path", "booking_id", "attached_at");
      expect(owners.map((o: { path: string; booking_id: string | null }) => [o.path, o.booking_id])).toEqual([
        [SHARED[0], earlier.id],
        [SHARED[1], earlier.id],
        [SHARED[2], earlier.id],
        [OWN, own.id],
        [CUSTOMER_ONLY, null],
        [FRESH, null],
      ]);
      // Attached: the orphan clean-up never takes an upload a booking names.
      const ownRow = owners.find((o: { path: string }) => o.path === OWN);
      expect(ownRow?.attached_at).not.toBeNull();
      // Nothing is rewritten: both bookings still show the documents they were made with.
      const refs = await knex("bookings")
        .whereIn("id", [later.id, earlier.id])
        .select("photo_id1_url", "photo_id2_url", "proof_of_billing_url");
      for (const ref of refs) {
        expect(ref).toEqual({
          photo_id1_url: `/objects/${SHARED[0]}`,
          photo_id2_url: `/objects/${SHARED[1]}`,
          proof_of_billing_url: `/objects/${SHARED[2]}`,
        });
      }
      const customer = await knex("customers").where({ id: juan.id }).first("photo_id1_url");
      expect(customer.photo_id1_url).toBe(`/objects/${SHARED[0]}`);

      // One column: an upload has one booking. The key is checked at commit, and a deleted booking frees none.
      const unknownBooking = "11111111-1111-4111-8111-111111111111";
      await expect(
        knex.transaction(async (trx) => {
          await trx("objects").where({ path: FRESH }).update({ booking_id: unknownBooking });
        }),
      ).rejects.toThrow(/objects_booking_id_foreign/);
      await knex.transaction(async (trx) => {
        const id = "22222222-2222-4222-8222-222222222222";
        await trx("objects").where({ path: FRESH }).update({ booking_id: id });
        await trx("bookings").insert({
          ...booking(ana.id, "2027-02-01", "2026-11-12T00:00:00Z", [FRESH]),
          id,
        });
      });
      expect((await knex("objects").where({ path: FRESH }).first("booking_id")).booking_id).toBe(
        "22222222-2222-4222-8222-222222222222",
      );
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );

  it(
    "rolls back to the schema before",
    async () => {
      db = await openTestDatabase(engine, { migrate: false });
      const knex = db.knex;
      await migrate(knex);
      await insertObject(knex, FRESH, null);
      await documentsBelongToOneBooking.down(knex);
      const columns = await knex("objects").columnInfo();
      expect(Object.keys(columns)).not.toContain("booking_id");
      expect(await knex("objects").pluck("path")).toEqual([FRESH]);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
