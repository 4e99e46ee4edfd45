import type { Knex } from "knex";

/**
 * Release 2 §C3, §E3: the driver's licence number typed with a public booking
 * is kept on the booking (`driver_license`), as its name, e-mail and phone
 * are. Before, it was stored only when the booking created the customer
 * record (an existing customer is never changed by a public booking, A3), so a
 * returning customer's licence was lost and `Print agreement` showed the
 * record's (or none, for a customer from release 1).
 *
 * Existing bookings: one that created its customer takes the record's licence
 * (typed with it); the others keep none, and the agreement shows the record's.
 *
 * A public booking's row now names the column, so the insert function's static
 * statement (2026-11-28-03-00-00, which takes a row naming exactly its columns;
 * any other row takes the statement built from the row's keys) is redefined
 * with it. The function is written out here as there: a migration imports
 * nothing but knex's types.
 */

/** The columns of a public booking's row before (2026-11-28-03-00-00) and after, sorted by their bytes. */
const COLUMNS_BEFORE = [
  "booking_token_hash",
  "car_id",
  "contact_email",
  "contact_name",
  "contact_phone",
  "created_at",
  "customer_id",
  "daily_rate",
  "delivery_address",
  "deposit",
  "distance_fee",
  "distance_service",
  "driver_fee",
  "driver_service",
  "id",
  "insurance",
  "photo_id1_url",
  "photo_id2_url",
  "pickup_date",
  "pickup_time",
  "price_discount",
  "price_lines",
  "proof_of_billing_url",
  "reference",
  "return_date",
  "source",
  "status",
  "subtotal",
  "total",
  "total_days",
  "wants_delivery",
  "with_driver",
] as const;

export const PLANNED_INSERT_COLUMNS_WITH_LICENSE = [
  "booking_token_hash",
  "car_id",
  "contact_email",
  "contact_name",
  "contact_phone",
  "created_at",
  "customer_id",
  "daily_rate",
  "delivery_address",
  "deposit",
  "distance_fee",
  "distance_service",
  "driver_fee",
  "driver_license",
  "driver_service",
  "id",
  "insurance",
  "photo_id1_url",
  "photo_id2_url",
  "pickup_date",
  "pickup_time",
  "price_discount",
  "price_lines",
  "proof_of_billing_url",
  "reference",
  "return_date",
  "source",
  "status",
  "subtotal",
  "total",
  "total_days",
  "wants_delivery",
  "with_driver",
] as const;

/** The statement built from the row's keys, planned on every call (2026-11-28-02-00-00). */
const DYNAMIC_INSERT = `execute format(
        'insert into bookings (%1$s) select %1$s from json_populate_record(null::bookings, $1) returning *',
        (select string_agg(quote_ident(k), ', ') from unnest(keys) as k))
        into inserted
        using p_row;`;

/** `insert_booking_unless_overlapping(row json)` with the static INSERT for a row naming exactly `columns`. */
function insertFunction(columns: readonly string[]): string {
  const names = columns.join(", ");
  const list = columns.map((column) => `'${column}'`).join(", ");
  return `
    create or replace function insert_booking_unless_overlapping(p_row json)
      returns setof bookings
      language plpgsql volatile
    as $$
    declare
      keys text[];
      inserted bookings;
    begin
      select array_agg(key order by key collate "C") into keys from json_object_keys(p_row) as key;
      if keys = array[${list}]::text[] then
        -- Into a variable first: the car occupancy's trigger runs at the end of the INSERT, and a row
        -- already handed to RETURN QUERY would stay in the answer after its refusal was caught.
        insert into bookings (${names})
          select ${names} from json_populate_record(null::bookings, p_row)
          returning * into inserted;
      else
        ${DYNAMIC_INSERT}
      end if;
      return next inserted;
    exception when exclusion_violation then
      return;
    end
    $$`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table bookings add column if not exists driver_license text");
  await knex.raw(`
    update bookings b
       set driver_license = c.license
      from customers c
     where c.created_by_booking_id = b.id
       and c.license is not null
       and b.driver_license is null`);
  await knex.raw(insertFunction(PLANNED_INSERT_COLUMNS_WITH_LICENSE));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(insertFunction(COLUMNS_BEFORE));
  await knex.raw("alter table bookings drop column if exists driver_license");
}
