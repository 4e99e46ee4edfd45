import type { Knex } from "knex";

/**
 * Vehicle handover (release-2 §C3).
 *
 * A new booking status `active` (the car is out) sits between `confirmed` and
 * `completed`. An active booking occupies its car like a pending or confirmed
 * one: `booking_occupies()` (the one definition the `car_occupancy` triggers
 * read) now holds it, and the partial index the booked dates' read uses,
 * `bookings_car_active_return`, covers it too.
 *
 * `handovers` holds the two records of a rental: the check-out (the car
 * leaves: odometer, fuel in eighths, photos, notes, the customer's signature)
 * and the check-in (the car is back: the same readings and the extra charges
 * added to the booking's total). At most one of each kind per booking. Photos
 * and the signature are object paths of checked uploads; the photos and the
 * charges are JSON arrays.
 *
 * The values are written here, not imported: a migration records history.
 */
const STATUSES_BEFORE = "'pending', 'confirmed', 'cancelled', 'completed', 'expired'";
const STATUSES_AFTER = "'pending', 'confirmed', 'active', 'cancelled', 'completed', 'expired'";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table bookings drop constraint bookings_status_known");
  await knex.raw(
    `alter table bookings add constraint bookings_status_known check (status in (${STATUSES_AFTER}))`,
  );

  await knex.raw(`
    create or replace function booking_occupies(status text) returns boolean
      language sql immutable as $$ select status in ('pending', 'confirmed', 'active') $$
  `);
  // No booking can be active yet (the status did not exist); written for the rule's sake.
  await knex.raw(`
    insert into car_occupancy (car_id, occupied, booking_id)
    select car_id, occupied, id from bookings where booking_occupies(status)
    on conflict (booking_id) do nothing
  `);
  await knex.raw("drop index bookings_car_active_return");
  await knex.raw(
    "create index bookings_car_active_return on bookings (car_id, return_date) where status in ('pending', 'confirmed', 'active')",
  );

  await knex.schema.createTable("handovers", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("booking_id").notNullable().references("bookings.id");
    t.text("kind").notNullable();
    t.integer("odometer_km").notNullable();
    t.integer("fuel_eighths").notNullable();
    t.text("notes");
    t.jsonb("photos").notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.text("signature");
    t.jsonb("charges").notNullable().defaultTo(knex.raw("'[]'::jsonb"));
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger("version").notNullable().defaultTo(1);
    t.specificType("sync_xid", "xid8").notNullable().defaultTo(knex.raw("pg_current_xact_id()"));
    t.check("kind in ('check-out', 'check-in')", [], "handovers_kind_known");
    t.check("odometer_km >= 0", [], "handovers_odometer_non_negative");
    t.check("fuel_eighths between 0 and 8", [], "handovers_fuel_eighths_range");
    t.check("kind = 'check-in' or signature is not null", [], "handovers_check_out_signed");
    t.unique(["booking_id", "kind"], { indexName: "handovers_booking_kind_unique" });
    t.index(["sync_xid"]);
  });
  await knex.raw(
    "create trigger handovers_touch before update on handovers for each row execute function touch_row()",
  );
  await knex.raw(
    `create trigger handovers_changes after insert or update or delete or truncate on handovers
       for each statement execute function notify_table_change()`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("handovers");
  // An active booking goes back to confirmed: the car's dates stay held.
  await knex("bookings").where({ status: "active" }).update({ status: "confirmed" });
  await knex.raw("drop index bookings_car_active_return");
  await knex.raw(
    "create index bookings_car_active_return on bookings (car_id, return_date) where status in ('pending', 'confirmed')",
  );
  await knex.raw(`
    create or replace function booking_occupies(status text) returns boolean
      language sql immutable as $$ select status in ('pending', 'confirmed') $$
  `);
  await knex.raw("alter table bookings drop constraint bookings_status_known");
  await knex.raw(
    `alter table bookings add constraint bookings_status_known check (status in (${STATUSES_BEFORE}))`,
  );
}
