import type { Knex } from "knex";
import type { CustomerRecord } from "@car-rental/shared/schemas/customer";

/** A row of the `customers` table. */
export type CustomerRow = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  license: string | null;
  license_expiry: string | null;
  address: string | null;
  facebook_profile: string | null;
  photo_id1_url: string | null;
  photo_id2_url: string | null;
  proof_of_billing_url: string | null;
  /** The public booking that created the record (release 2 A3), whose documents it shows. */
  created_by_booking_id: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

/** The customers table, typed. */
export function customersTable(db: Knex): Knex.QueryBuilder<CustomerRow, CustomerRow[]> {
  return db<CustomerRow>("customers");
}

const CUSTOMER_COLUMNS = [
  "c.id",
  "c.full_name",
  "c.email",
  "c.phone",
  "c.license",
  "c.license_expiry",
  "c.address",
  "c.facebook_profile",
  "c.deleted_at",
  "c.created_at",
  "c.updated_at",
  "c.version",
];

/**
 * Customers (alias `c`) as the admin reads them. Their documents never change
 * with a later booking (release 2 A3: a booking made with an existing
 * customer's e-mail, maybe by a stranger, never changes that customer's
 * documents): each is the one stored on the customer itself (release 1), else
 * that of the public booking that created the record (`created_by_booking_id`);
 * a customer the admin entered, or created with an admin booking, shows none.
 * Every booking's own documents are on the booking. Callers add their own
 * `where` / `orderBy` on `c.` columns.
 */
export function selectCustomers(db: Knex): Knex.QueryBuilder<CustomerRow, CustomerRow[]> {
  const documentColumn = (column: string) => db.raw(`coalesce(c.${column}, origin.${column}) as ${column}`);
  return db<CustomerRow>("customers as c")
    .joinRaw("left join bookings origin on origin.id = c.created_by_booking_id and origin.customer_id = c.id")
    .select<CustomerRow[]>([
      ...CUSTOMER_COLUMNS,
      documentColumn("photo_id1_url"),
      documentColumn("photo_id2_url"),
      documentColumn("proof_of_billing_url"),
    ]);
}

/** The stored customer with its sync bookkeeping (what mutations and sync answer). */
export function toCustomerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    license: row.license,
    licenseExpiry: row.license_expiry,
    address: row.address,
    facebookProfile: row.facebook_profile,
    photoId1Url: row.photo_id1_url,
    photoId2Url: row.photo_id2_url,
    proofOfBillingUrl: row.proof_of_billing_url,
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}
