import type { Knex } from "knex";

/**
 * `insert_booking_unless_overlapping(row json)`: inserts one booking and
 * answers it, or answers no row when the no-overlap rule (SQLSTATE 23P01:
 * the bookings' or the car occupancy's exclusion constraint) refuses it
 * (issue #17: one round trip where a savepoint, the insert and its release
 * were three). The refusal rolls back only the insert (a PL/pgSQL exception
 * block), so the caller's transaction goes on and reads the conflicting
 * ranges; any other error is raised as it is, with its SQLSTATE and
 * constraint (a clash of a chosen id stays 23505 on the primary key).
 *
 * `row` names the columns to set, by their column names; a column it leaves
 * out gets its default (the id, the reference, the version, the times), as
 * in an INSERT naming only those columns. Values are converted by the
 * columns' types (json_populate_record).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function insert_booking_unless_overlapping(p_row json)
      returns setof bookings
      language plpgsql volatile
    as $$
    declare
      columns text;
      inserted bookings;
    begin
      select string_agg(quote_ident(key), ', ') into columns from json_object_keys(p_row) as key;
      -- Into a variable first: the car occupancy's trigger runs at the end of the INSERT, and a row
      -- already handed to RETURN QUERY would stay in the answer after its refusal was caught.
      execute format(
        'insert into bookings (%1$s) select %1$s from json_populate_record(null::bookings, $1) returning *',
        columns)
        into inserted
        using p_row;
      return next inserted;
    exception when exclusion_violation then
      return;
    end
    $$
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop function if exists insert_booking_unless_overlapping(json)");
}
