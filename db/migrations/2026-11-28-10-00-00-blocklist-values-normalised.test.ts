import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../src/index";
import { migrate } from "../src/index";
import { MIGRATION_TEST_TIMEOUT_MS, openTestDatabaseAt } from "../src/migration-test-support";
import { testEngines } from "../src/test-database";
const BEFORE = "2026-11-28-03-00-00-insert-booking-planned-once";

describe.each(testEngines())("blocklist values normalised on %s", (engine) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it(
    "stores an e-mail, phone or licence entry typed before by its normalised value, with a new version; names stay as typed",
    async () => {
      db = await openTestDatabaseAt(engine, BEFORE);
      const knex = db.knex;
      const typed = (kind: string, value: string, key: string) => ({
        kind,
        value,
        full_name: value,
        match_key: key,
        blocked_by: "admin",
      });
      await knex("blocked_names").insert([
        typed("email", "Bad.Guy@Example.PH", "bad.guy@example.ph"),
        typed("phone", "0917 555 0142", "+639175550142"),
        typed("license", "n01-23 456", "N0123456"),
        typed("name", "Juan  Dela Cruz", "juan dela cruz"),
        typed("email", "ok@example.ph", "ok@example.ph"),
      ]);
      const before = new Map(
        (await knex("blocked_names").select("match_key", "version")).map((row) => [
          row.match_key,
          Number(row.version),
        ]),
      );

      await migrate(knex);

      const after = await knex("blocked_names")
        .select("kind", "value", "full_name", "match_key", "version")
        .orderBy("match_key");
      expect(after.map(({ kind, value, full_name }) => [kind, value, full_name])).toEqual([
        ["phone", "+639175550142", "+639175550142"],
        ["license", "N0123456", "N0123456"],
        ["email", "bad.guy@example.ph", "bad.guy@example.ph"],
        ["name", "Juan  Dela Cruz", "Juan  Dela Cruz"],
        ["email", "ok@example.ph", "ok@example.ph"],
      ]);
      const bumped = after.filter((row) => Number(row.version) > (before.get(row.match_key) ?? 0));
      expect(bumped.map((row) => row.match_key).sort()).toEqual(
        ["+639175550142", "N0123456", "bad.guy@example.ph"].sort(),
      );
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});
