// @vitest-environment node
/**
 * data/db.ts declares its versions newest first (fewer re-reads of the
 * earlier ones while a page loads). The database it opens, fresh or upgraded
 * from any version a release shipped, must have exactly the stores and
 * indexes the versions declared oldest first give.
 */
import "fake-indexeddb/auto";
import Dexie from "dexie";
import { afterEach, describe, expect, it } from "vitest";
import { CAR_IMAGE_FILES_VERSION, CarRentalDb } from "./db";
import { shippedDatabase } from "./shipped-versions-test-support";

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

/** Each object store IndexedDB holds for an open database, with its key path and indexes (name: key path, flags). */
function storesOf(db: Dexie): Record<string, string> {
  const idb = db.backendDB();
  const names = [...idb.objectStoreNames].sort();
  const tx = idb.transaction(names, "readonly");
  return Object.fromEntries(
    names.map((name) => {
      const store = tx.objectStore(name);
      const indexes = [...store.indexNames].sort().map((indexName) => {
        const index = store.index(indexName);
        return `${indexName}: ${JSON.stringify(index.keyPath)}${index.unique ? " unique" : ""}${index.multiEntry ? " multi" : ""}`;
      });
      return [name, [`key ${JSON.stringify(store.keyPath)}`, ...indexes].join("; ")];
    }),
  );
}

async function open<T extends Dexie>(db: T): Promise<T> {
  opened.push(db);
  await db.open();
  return db;
}

/** The latest shipped version, declared oldest first. */
async function latestShipped(name: string): Promise<Record<string, string>> {
  const reference = await open(shippedDatabase(name, CAR_IMAGE_FILES_VERSION));
  const stores = storesOf(reference);
  reference.close();
  return stores;
}

describe("the browser database's declared versions", () => {
  it("opens a new database at the latest version with the stores of every version declared oldest first", async () => {
    const expected = await latestShipped("db-test-reference-fresh");
    const db = await open(new CarRentalDb("db-test-fresh"));
    expect(db.verno).toBe(CAR_IMAGE_FILES_VERSION);
    expect(storesOf(db)).toEqual(expected);
  });

  for (let version = 1; version < CAR_IMAGE_FILES_VERSION; version += 1) {
    it(`upgrades a database left at version ${version} to the same stores`, async () => {
      const expected = await latestShipped(`db-test-reference-${version}`);
      const name = `db-test-from-${version}`;
      const previous = await open(shippedDatabase(name, version));
      previous.close();
      const db = await open(new CarRentalDb(name));
      expect(db.verno).toBe(CAR_IMAGE_FILES_VERSION);
      expect(storesOf(db)).toEqual(expected);
    });
  }
});
