// @vitest-environment node
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { mirrorTables, SYNC_ENTITIES } from "@car-rental/shared/mirror";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import { CarRentalDb } from "./db";

describe("the mirror's tables, declared once in shared/src/mirror.ts", () => {
  it("are the browser's Dexie stores, with the declared indexes, and the sync answer's lists", async () => {
    const db = new CarRentalDb("car-rental-mirror-tables-test");
    await db.open();
    for (const entity of SYNC_ENTITIES) {
      const { table, indexes } = mirrorTables[entity];
      const schema = db.table(table).schema;
      const declared = indexes.split(",").map((index) => index.trim());
      expect([schema.primKey.name, ...schema.indexes.map((index) => index.name)]).toEqual(
        expect.arrayContaining(declared),
      );
      expect(db.mirrorTable(entity)).toBe(db.table(table));
      expect(Object.keys(syncResponseSchema.shape)).toContain(entity);
    }
    expect(db.mirrorTables().map((table) => table.name)).toEqual([
      ...SYNC_ENTITIES.map((entity) => mirrorTables[entity].table),
      "syncState",
    ]);
    db.close();
  });
});
