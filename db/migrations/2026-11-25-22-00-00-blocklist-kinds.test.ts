import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate, SQLSTATE, constraintName, sqlState } from "../src/index";
import { openTestDatabase, testEngines } from "../src/test-database";

/** Opening and migrating a database of its own per test: slow on a loaded machine. */
const OPEN_TIMEOUT_MS = 120_000;
const BEFORE = "2026-11-25-21-00-00-blocks-and-car-occupancy";

/** Blocked names written before this migration become entries of kind name. */
describe.each(testEngines())("blocklist kinds migration on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "carries the names as kind name with their value and key, then keeps one live entry per kind and key",
    async () => {
      db = await openTestDatabase(engine, { migrate: false });
      const knex = db.knex;
      await migrate(knex, BEFORE);
      await knex("blocked_names").insert([
        { full_name: "Juan  Dela Cruz", name_key: "juan dela cruz", reason: "No-show", blocked_by: "admin" },
        { full_name: "Old Entry", name_key: "old entry", blocked_by: "owner", deleted_at: new Date() },
      ]);

      await migrate(knex);

      const rows = await knex("blocked_names")
        .select("kind", "value", "match_key", "full_name", "reason", "blocked_by")
        .orderBy("full_name");
      expect(rows).toEqual([
        {
          kind: "name",
          value: "Juan  Dela Cruz",
          match_key: "juan dela cruz",
          full_name: "Juan  Dela Cruz",
          reason: "No-show",
          blocked_by: "admin",
        },
        {
          kind: "name",
          value: "Old Entry",
          match_key: "old entry",
          full_name: "Old Entry",
          reason: null,
          blocked_by: "owner",
        },
      ]);

      // The same key under another kind is another entry; the same kind and key twice is refused.
      await knex("blocked_names").insert({
        kind: "license",
        value: "juan dela cruz",
        full_name: "juan dela cruz",
        match_key: "juan dela cruz",
      });
      const twice = await knex("blocked_names")
        .insert({
          kind: "name",
          value: "Juan Dela Cruz",
          full_name: "Juan Dela Cruz",
          match_key: "juan dela cruz",
        })
        .catch((error: unknown) => error);
      expect(sqlState(twice)).toBe(SQLSTATE.uniqueViolation);
      expect(constraintName(twice)).toBe("blocked_names_kind_match_key_unique");

      const badKind = await knex("blocked_names")
        .insert({ kind: "passport", value: "X1", full_name: "X1", match_key: "X1" })
        .catch((error: unknown) => error);
      expect(sqlState(badKind)).toBe(SQLSTATE.checkViolation);
    },
    OPEN_TIMEOUT_MS,
  );
});
