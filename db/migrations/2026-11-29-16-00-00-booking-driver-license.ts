import type { Knex } from "knex";
import {
  PLANNED_INSERT_COLUMNS,
  plannedInsertFunction,
} from "./2026-11-28-03-00-00-insert-booking-planned-once";

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
 * A public booking's row now names the column: the insert function's static
 * statement (2026-11-28-03-00-00) is redefined with it.
 */
export const PLANNED_INSERT_COLUMNS_WITH_LICENSE = [...PLANNED_INSERT_COLUMNS, "driver_license"].sort(
  (a, b) => (a < b ? -1 : a > b ? 1 : 0),
);

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table bookings add column if not exists driver_license text");
  await knex.raw(`
    update bookings b
       set driver_license = c.license
      from customers c
     where c.created_by_booking_id = b.id
       and c.license is not null
       and b.driver_license is null`);
  await knex.raw(plannedInsertFunction(PLANNED_INSERT_COLUMNS_WITH_LICENSE));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(plannedInsertFunction(PLANNED_INSERT_COLUMNS));
  await knex.raw("alter table bookings drop column if exists driver_license");
}
