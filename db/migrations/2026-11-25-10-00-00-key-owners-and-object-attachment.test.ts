import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { openTestDatabase, testEngines } from "../src/test-database";
import * as createSchema from "./2026-11-21-23-00-00-create-schema";
import * as keyOwners from "./2026-11-25-10-00-00-key-owners-and-object-attachment";

const CAR_IMAGE = "car-images/11111111-1111-4111-8111-111111111111";
const DOCUMENT = "documents/22222222-2222-4222-8222-222222222222";
const ORPHAN = "documents/33333333-3333-4333-8333-333333333333";

describe.each(testEngines())("migration key-owners-and-object-attachment on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it("keeps the keys and objects written before it, and marks the referenced objects attached", async () => {
    db = await openTestDatabase(engine, { migrate: false });
    const { knex } = db;
    await createSchema.up(knex);
    const uploadedAt = new Date("2026-11-20T00:00:00Z");
    for (const path of [CAR_IMAGE, DOCUMENT, ORPHAN]) {
      await knex("objects").insert({
        path,
        purpose: path.startsWith("car-images/") ? "car-image" : "document",
        content_type: "image/png",
        size: 10,
        upload_token_hash: "x",
        expires_at: uploadedAt,
        uploaded_at: uploadedAt,
      });
    }
    await knex("cars").insert({
      name: "Toyota Vios",
      category: "Compact Sedan",
      daily_rate: "2000.00",
      seats: 5,
      year: 2024,
      image: `/objects/${CAR_IMAGE}`,
    });
    await knex("customers").insert({
      full_name: "Juan dela Cruz",
      email: "juan@example.ph",
      phone: "+63 917 555 0101",
      photo_id2_url: `/objects/${DOCUMENT}`,
    });
    await knex("idempotency_keys").insert({
      key: "old-key-123",
      method: "POST",
      path: "/api/admin/cars",
      request_hash: "h",
      status: 201,
      response_body: JSON.stringify({ ok: true }),
    });

    await keyOwners.up(knex);

    const objects = await knex("objects")
      .orderBy("path")
      .select<
        { path: string; attached_at: Date | null; uploaded_at: Date; cleanup_claimed_at: Date | null }[]
      >("path", "attached_at", "uploaded_at", "cleanup_claimed_at");
    const byPath = new Map(objects.map((o) => [o.path, o]));
    expect(byPath.get(CAR_IMAGE)?.attached_at?.toISOString()).toBe(uploadedAt.toISOString());
    expect(byPath.get(DOCUMENT)?.attached_at?.toISOString()).toBe(uploadedAt.toISOString());
    expect(byPath.get(ORPHAN)?.attached_at).toBeNull();
    expect(objects.every((o) => o.cleanup_claimed_at === null)).toBe(true);
    const key = await knex("idempotency_keys").where({ key: "old-key-123" }).first();
    expect(key).toMatchObject({ status: 201, owner: null, response_body: { ok: true } });

    await keyOwners.down(knex);
    expect(await knex("objects").count({ n: "*" })).toEqual([{ n: expect.anything() }]);
    expect(await knex.schema.hasColumn("objects", "attached_at")).toBe(false);
    expect(await knex.schema.hasColumn("idempotency_keys", "owner")).toBe(false);
    // Two schema migrations on a fresh database: slow on a busy machine.
  }, 120_000);
});
