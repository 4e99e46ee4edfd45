import type { Knex } from "knex";

/**
 * Short booking references (release-2 §D1): `ACR-` and 6 characters from an
 * alphabet without 0/O/1/I/L. A trigger gives every new booking one (drawing
 * again on the rare repeat), and every existing booking gets one now. The
 * alphabet is written here, not imported: a migration records history.
 */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function new_booking_reference() returns text language plpgsql volatile as $$
    declare
      code text := 'ACR-';
    begin
      for i in 1..6 loop
        code := code || substr('${ALPHABET}', 1 + floor(random() * ${ALPHABET.length})::int, 1);
      end loop;
      return code;
    end $$;
  `);
  await knex.raw(`
    create or replace function set_booking_reference() returns trigger language plpgsql as $$
    begin
      if new.reference is null then
        loop
          new.reference := new_booking_reference();
          exit when not exists (select 1 from bookings where reference = new.reference);
        end loop;
      end if;
      return new;
    end $$;
  `);
  await knex.schema.alterTable("bookings", (t) => {
    t.text("reference");
  });
  // Existing bookings, one reference each; a repeat (about one in 900 million per pair) is drawn again.
  await knex.raw("update bookings set reference = new_booking_reference()");
  await knex.raw(`
    do $$ begin
      loop
        update bookings set reference = new_booking_reference()
        where id in (
          select id from (
            select id, row_number() over (partition by reference order by created_at, id) as n from bookings
          ) numbered where n > 1
        );
        exit when not found;
      end loop;
    end $$;
  `);
  await knex.raw("alter table bookings alter column reference set not null");
  await knex.raw("create unique index bookings_reference_unique on bookings (reference)");
  await knex.raw(
    "create trigger bookings_reference before insert on bookings for each row execute function set_booking_reference()",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop trigger if exists bookings_reference on bookings");
  await knex.raw("drop index if exists bookings_reference_unique");
  await knex.schema.alterTable("bookings", (t) => {
    t.dropColumn("reference");
  });
  await knex.raw("drop function if exists set_booking_reference()");
  await knex.raw("drop function if exists new_booking_reference()");
}
