import type { Knex } from "knex";

/**
 * Blocked periods (release-2 §C1) and one no-overlap rule for everything that
 * occupies a car.
 *
 * `blocks` holds whole days a car is out of service: busy from 00:00 on
 * `start_date` to 24:00 on `end_date`, Manila wall clock (the same `tsrange`
 * clock as a booking's `occupied`). Deletes are tombstones (`deleted_at`) so
 * the admin mirrors learn of them.
 *
 * `car_occupancy` holds one row per thing that occupies a car: a booking whose
 * status occupies (`booking_occupies(status)`) or a live block. Its EXCLUDE
 * constraint `car_occupancy_no_overlap` is the one database-enforced rule
 * that keeps bookings and blocks apart, each from its own kind and from the
 * other, even under races (it replaces `bookings_no_overlap`, which saw
 * bookings only). Triggers keep the table in step: it is never written by the
 * application.
 *
 * The statuses that occupy a car are defined once, in `booking_occupies`. A
 * later status that occupies (release-2 §C3 `active`) replaces that function
 * and inserts the occupancy of the bookings already in that status.
 *
 * The values are written here, not imported: a migration records history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("blocks", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("car_id").notNullable().references("cars.id");
    t.date("start_date").notNullable();
    t.date("end_date").notNullable();
    t.text("reason");
    t.timestamp("deleted_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger("version").notNullable().defaultTo(1);
    t.specificType("sync_xid", "xid8").notNullable().defaultTo(knex.raw("pg_current_xact_id()"));
    t.check("end_date >= start_date", [], "blocks_end_not_before_start");
    t.index(["sync_xid"]);
  });
  // The booked dates' read: a car's live blocks ending today or later.
  await knex.raw("create index blocks_car_live_end on blocks (car_id, end_date) where deleted_at is null");
  await knex.raw(`
    alter table blocks add column occupied tsrange generated always as (
      tsrange(start_date::timestamp, (end_date + 1)::timestamp, '[)')
    ) stored
  `);
  await knex.raw(
    "create trigger blocks_touch before update on blocks for each row execute function touch_row()",
  );
  await knex.raw(
    `create trigger blocks_changes after insert or update or delete or truncate on blocks
       for each statement execute function notify_table_change()`,
  );

  await knex.raw(`
    create or replace function booking_occupies(status text) returns boolean
      language sql immutable as $$ select status in ('pending', 'confirmed') $$
  `);

  await knex.raw(`
    create table car_occupancy (
      car_id uuid not null,
      occupied tsrange not null,
      booking_id uuid unique references bookings (id) on delete cascade,
      block_id uuid unique references blocks (id) on delete cascade,
      constraint car_occupancy_one_owner check ((booking_id is null) <> (block_id is null)),
      constraint car_occupancy_no_overlap exclude using gist (car_id with =, occupied with &&)
    )
  `);

  await knex.raw(`
    create or replace function booking_occupancy() returns trigger language plpgsql as $$
    begin
      if booking_occupies(new.status) then
        insert into car_occupancy (car_id, occupied, booking_id) values (new.car_id, new.occupied, new.id)
        on conflict (booking_id) do update set car_id = excluded.car_id, occupied = excluded.occupied;
      else
        delete from car_occupancy where booking_id = new.id;
      end if;
      return null;
    end $$
  `);
  await knex.raw(`
    create trigger bookings_occupancy
      after insert or update of car_id, pickup_date, return_date, pickup_time, status on bookings
      for each row execute function booking_occupancy()
  `);

  await knex.raw(`
    create or replace function block_occupancy() returns trigger language plpgsql as $$
    begin
      if new.deleted_at is null then
        insert into car_occupancy (car_id, occupied, block_id) values (new.car_id, new.occupied, new.id)
        on conflict (block_id) do update set car_id = excluded.car_id, occupied = excluded.occupied;
      else
        delete from car_occupancy where block_id = new.id;
      end if;
      return null;
    end $$
  `);
  await knex.raw(`
    create trigger blocks_occupancy
      after insert or update of car_id, start_date, end_date, deleted_at on blocks
      for each row execute function block_occupancy()
  `);

  // The bookings that occupy a car today (the old constraint kept them apart, so they fit).
  await knex.raw(`
    insert into car_occupancy (car_id, occupied, booking_id)
    select car_id, occupied, id from bookings where booking_occupies(status)
  `);
  await knex.raw("alter table bookings drop constraint bookings_no_overlap");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table bookings add constraint bookings_no_overlap
      exclude using gist (car_id with =, occupied with &&)
      where (status in ('pending', 'confirmed'))
  `);
  await knex.raw("drop trigger if exists bookings_occupancy on bookings");
  await knex.schema.dropTableIfExists("car_occupancy");
  await knex.schema.dropTableIfExists("blocks");
  await knex.raw("drop function if exists block_occupancy()");
  await knex.raw("drop function if exists booking_occupancy()");
  await knex.raw("drop function if exists booking_occupies(text)");
}
