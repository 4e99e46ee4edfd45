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
