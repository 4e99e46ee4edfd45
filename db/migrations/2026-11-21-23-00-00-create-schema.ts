import type { Knex } from "knex";

/**
 * The whole first schema. Every admin-synced table carries `updated_at`, a
 * per-row `version` and `sync_xid` (the id of the transaction that last wrote
 * it: the sync cursor, see sync-server's sync service); deletes are
 * tombstones (`deleted_at`) so the delta sync can tell the PWA about them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create extension if not exists btree_gist");

  // One trigger keeps updated_at, version and sync_xid honest on every update.
  await knex.raw(`
    create or replace function touch_row() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      new.version := old.version + 1;
      new.sync_xid := pg_current_xact_id();
      return new;
    end $$;
  `);

  const syncColumns = (t: Knex.CreateTableBuilder) => {
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger("version").notNullable().defaultTo(1);
    t.specificType("sync_xid", "xid8").notNullable().defaultTo(knex.raw("pg_current_xact_id()"));
  };
  const touch = (table: string) =>
    knex.raw(
      `create trigger ${table}_touch before update on ${table} for each row execute function touch_row()`,
    );

  await knex.schema.createTable("cars", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("name").notNullable();
    t.text("category").notNullable();
    t.decimal("daily_rate", 12, 2).notNullable();
    t.integer("seats").notNullable();
    t.text("transmission").notNullable().defaultTo("Automatic");
    t.text("fuel").notNullable().defaultTo("Gas");
    t.text("image").notNullable().defaultTo("");
    t.text("description").notNullable().defaultTo("");
    t.text("mileage").notNullable().defaultTo("");
    t.integer("year").notNullable();
    t.text("plate_number").notNullable().defaultTo("");
    t.boolean("available").notNullable().defaultTo(true);
    t.timestamp("deleted_at", { useTz: true });
    syncColumns(t);
    t.check("daily_rate >= 0", [], "cars_daily_rate_non_negative");
    t.check("seats > 0", [], "cars_seats_positive");
    t.check("transmission in ('Automatic', 'Manual')", [], "cars_transmission_known");
    t.check("fuel in ('Gas', 'Diesel', 'Hybrid')", [], "cars_fuel_known");
    t.index(["sync_xid"]);
  });
  await touch("cars");

  await knex.schema.createTable("customers", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("full_name").notNullable();
    t.text("email").notNullable();
    t.text("phone").notNullable();
    t.text("license");
    t.date("license_expiry");
    t.text("address");
    t.text("facebook_profile");
    t.text("photo_id1_url");
    t.text("photo_id2_url");
    t.text("proof_of_billing_url");
    t.timestamp("deleted_at", { useTz: true });
    syncColumns(t);
    t.index(["sync_xid"]);
  });
  await knex.raw(
    "create unique index customers_email_unique on customers (lower(email)) where deleted_at is null",
  );
  await touch("customers");

  await knex.schema.createTable("bookings", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("customer_id").notNullable().references("customers.id");
    t.uuid("car_id").notNullable().references("cars.id");
    t.date("pickup_date").notNullable();
    t.date("return_date").notNullable();
    t.time("pickup_time").notNullable().defaultTo("09:00");
    t.boolean("with_driver").notNullable().defaultTo(false);
    t.text("driver_service").notNullable().defaultTo("none");
    t.text("distance_service").notNullable().defaultTo("none");
    t.boolean("wants_delivery").notNullable().defaultTo(false);
    t.text("delivery_address");
    t.integer("total_days").notNullable();
    t.decimal("daily_rate", 12, 2).notNullable();
    t.decimal("subtotal", 12, 2).notNullable();
    t.decimal("driver_fee", 12, 2).notNullable().defaultTo(0);
    t.decimal("distance_fee", 12, 2).notNullable().defaultTo(0);
    t.decimal("insurance", 12, 2).notNullable().defaultTo(0);
    t.decimal("total", 12, 2).notNullable();
    t.decimal("amount_paid", 12, 2).notNullable().defaultTo(0);
    t.text("status").notNullable().defaultTo("pending");
    t.text("source").notNullable().defaultTo("public");
    t.text("booking_token_hash");
    syncColumns(t);
    t.check("return_date > pickup_date", [], "bookings_return_after_pickup");
    t.check("total_days > 0", [], "bookings_total_days_positive");
    t.check(
      "daily_rate >= 0 and subtotal >= 0 and driver_fee >= 0 and distance_fee >= 0 and insurance >= 0 and total >= 0 and amount_paid >= 0",
      [],
      "bookings_money_non_negative",
    );
    t.check("status in ('pending', 'confirmed', 'cancelled', 'completed')", [], "bookings_status_known");
    t.check(
      "driver_service in ('none', 'within_pangasinan', 'outside_pangasinan')",
      [],
      "bookings_driver_service_known",
    );
    t.check(
      "distance_service in ('none', 'outside_pangasinan_500', 'over_250km_800')",
      [],
      "bookings_distance_service_known",
    );
    t.check("source in ('public', 'admin')", [], "bookings_source_known");
    t.index(["customer_id"]);
    t.index(["sync_xid"]);
    t.index(["created_at"]);
  });
  // The car is busy from pickup until return plus the turnaround of 2 hours (decisions.md),
  // in Manila local time: a date plus a time of day is a Manila wall-clock instant. The
  // value is written here, not imported: a migration records history, and changing the
  // shared constant later must not change what this one did (a new migration would).
  await knex.raw(`
    alter table bookings add column occupied tsrange generated always as (
      tsrange(pickup_date + pickup_time, return_date + pickup_time + interval '2 hours', '[)')
    ) stored
  `);
  // Double booking is impossible: pending and confirmed bookings of one car never overlap.
  await knex.raw(`
    alter table bookings add constraint bookings_no_overlap
      exclude using gist (car_id with =, occupied with &&)
      where (status in ('pending', 'confirmed'))
  `);
  await knex.raw(
    "create index bookings_car_active_return on bookings (car_id, return_date) where status in ('pending', 'confirmed')",
  );
  await touch("bookings");

  await knex.schema.createTable("payments", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.uuid("booking_id").notNullable().references("bookings.id");
    t.decimal("amount", 12, 2).notNullable();
    t.text("note");
    syncColumns(t);
    t.check("amount > 0", [], "payments_amount_positive");
    t.index(["booking_id"]);
    t.index(["sync_xid"]);
  });
  await touch("payments");

  await knex.schema.createTable("blocked_names", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("full_name").notNullable();
    /** The name trimmed, lower-cased, inner spaces collapsed: what a check compares. */
    t.text("name_key").notNullable();
    t.text("reason");
    t.text("blocked_by").notNullable().defaultTo("admin");
    t.timestamp("deleted_at", { useTz: true });
    syncColumns(t);
    t.index(["sync_xid"]);
  });
  await knex.raw(
    "create unique index blocked_names_key_unique on blocked_names (name_key) where deleted_at is null",
  );
  await touch("blocked_names");

  await knex.schema.createTable("contact_messages", (t) => {
    t.uuid("id").primary().defaultTo(knex.raw("gen_random_uuid()"));
    t.text("first_name").notNullable();
    t.text("last_name").notNullable();
    t.text("email").notNullable();
    t.text("phone");
    t.text("subject");
    t.text("message").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable("objects", (t) => {
    /** The path under /objects/, e.g. `documents/<uuid>` or `car-images/<uuid>`. */
    t.text("path").primary();
    t.text("purpose").notNullable();
    t.text("declared_content_type");
    t.bigInteger("declared_size");
    t.text("content_type");
    t.bigInteger("size");
    /** Hash of the one-time upload token carried by the signed upload URL. */
    t.text("upload_token_hash").notNullable();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("uploaded_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("purpose in ('document', 'car-image')", [], "objects_purpose_known");
    t.check("size is null or size >= 0", [], "objects_size_non_negative");
  });

  await knex.schema.createTable("admin_sessions", (t) => {
    /** SHA-256 of the session token; the token itself lives only in the cookie. */
    t.text("token_hash").primary();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("last_seen_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["expires_at"]);
  });

  await knex.schema.createTable("app_settings", (t) => {
    t.text("key").primary();
    t.text("value").notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable("rate_limits", (t) => {
    t.text("key").notNullable();
    t.timestamp("window_start", { useTz: true }).notNullable();
    t.integer("count").notNullable().defaultTo(0);
    t.primary(["key", "window_start"]);
    t.index(["window_start"]);
  });

  await knex.schema.createTable("idempotency_keys", (t) => {
    t.text("key").primary();
    t.text("method").notNullable();
    t.text("path").notNullable();
    t.text("request_hash").notNullable();
    /** Null while the first request is still running. */
    t.integer("status");
    t.jsonb("response_body");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("completed_at", { useTz: true });
    t.index(["created_at"]);
  });

  await knex.schema.createTable("mail_outbox", (t) => {
    t.bigIncrements("id").primary();
    t.text("kind").notNullable();
    t.text("to_address").notNullable();
    t.text("subject").notNullable();
    t.text("text_body").notNullable();
    t.text("html_body");
    t.uuid("booking_id").references("bookings.id");
    t.integer("attempts").notNullable().defaultTo(0);
    t.timestamp("next_attempt_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("sent_at", { useTz: true });
    t.text("last_error");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null");
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    "mail_outbox",
    "idempotency_keys",
    "rate_limits",
    "app_settings",
    "admin_sessions",
    "objects",
    "contact_messages",
    "blocked_names",
    "payments",
    "bookings",
    "customers",
    "cars",
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw("drop function if exists touch_row()");
}
