import type { Knex } from "knex";

/**
 * The columns a public booking's row names (booking-store.ts, `bookingColumns` with the id, the
 * creation time and the reference drawn beforehand), sorted by their bytes. A row naming exactly
 * these is inserted by a static statement (see `up`).
 */
export const PLANNED_INSERT_COLUMNS = [
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

const FUNCTION_BODY = (insert: string) => `
    create or replace function insert_booking_unless_overlapping(p_row json)
      returns setof bookings
      language plpgsql volatile
    as $$
    declare
      keys text[];
      inserted bookings;
    begin
      select array_agg(key order by key collate "C") into keys from json_object_keys(p_row) as key;
      ${insert}
      return next inserted;
    exception when exclusion_violation then
      return;
    end
    $$`;

/** The insert of 2026-11-28-02-00-00: the statement is built from the row's keys, planned on every call. */
const DYNAMIC_INSERT = `execute format(
        'insert into bookings (%1$s) select %1$s from json_populate_record(null::bookings, $1) returning *',
        (select string_agg(quote_ident(k), ', ') from unnest(keys) as k))
        into inserted
        using p_row;`;

/**
 * `insert_booking_unless_overlapping(row json)` (migration 2026-11-28-02-00-00), the same answers,
 * faster for a public booking (issue #17): a row naming exactly PLANNED_INSERT_COLUMNS is inserted
 * by a static INSERT, which PL/pgSQL prepares once per connection (and, after a few calls, plans
 * once), where the statement built from the
 * row's keys (EXECUTE) is parsed and planned again on every call (about a quarter of a millisecond
 * on the embedded database). Any other set of columns takes that built statement as before, so a
 * column added to a booking's row, or one left to its default, is never dropped or nulled.
 */
export async function up(knex: Knex): Promise<void> {
  const columns = PLANNED_INSERT_COLUMNS.join(", ");
  const list = PLANNED_INSERT_COLUMNS.map((column) => `'${column}'`).join(", ");
  await knex.raw(
    FUNCTION_BODY(`if keys = array[${list}]::text[] then
        -- Into a variable first: the car occupancy's trigger runs at the end of the INSERT, and a row
        -- already handed to RETURN QUERY would stay in the answer after its refusal was caught.
        insert into bookings (${columns})
          select ${columns} from json_populate_record(null::bookings, p_row)
          returning * into inserted;
      else
        ${DYNAMIC_INSERT}
      end if;`),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(FUNCTION_BODY(DYNAMIC_INSERT));
}
