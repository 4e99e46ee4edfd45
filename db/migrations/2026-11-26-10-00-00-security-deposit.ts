import type { Knex } from "knex";

/**
 * Security deposit (release-2 §E2). Each car has a `deposit` (₱3,000 unless
 * the owner sets another), kept apart from the rental total. A booking stores
 * the deposit of its car at booking time, so a later change of the car's
 * deposit never changes what a customer was told; bookings made before had
 * no deposit and keep 0. Payments have a `kind`: `rental` (every payment
 * recorded before), `deposit` or `deposit-refund`; only rental payments count
 * in a booking's `amount_paid`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("cars", (t) => {
    t.decimal("deposit", 12, 2).notNullable().defaultTo(3000);
    t.check("deposit >= 0", [], "cars_deposit_non_negative");
  });
  await knex.schema.alterTable("bookings", (t) => {
    t.decimal("deposit", 12, 2).notNullable().defaultTo(0);
    t.check("deposit >= 0", [], "bookings_deposit_non_negative");
  });
  await knex.schema.alterTable("payments", (t) => {
    t.text("kind").notNullable().defaultTo("rental");
    t.check("kind in ('rental', 'deposit', 'deposit-refund')", [], "payments_kind_check");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (t) => {
    t.dropChecks(["payments_kind_check"]);
    t.dropColumn("kind");
  });
  await knex.schema.alterTable("bookings", (t) => {
    t.dropChecks(["bookings_deposit_non_negative"]);
    t.dropColumn("deposit");
  });
  await knex.schema.alterTable("cars", (t) => {
    t.dropChecks(["cars_deposit_non_negative"]);
    t.dropColumn("deposit");
  });
}
