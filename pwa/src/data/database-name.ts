/**
 * The browser database's name (db.ts), apart from Dexie: a page's first view
 * can ask whether the database exists without loading it.
 */
export const DATABASE_NAME = "car-rental";

/**
 * Whether the app's database may exist in this browser (false: it certainly
 * does not, e.g. on a first visit). Where the browser cannot list its
 * databases, it may.
 */
export async function databaseMayExist(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  if (typeof indexedDB.databases !== "function") return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === DATABASE_NAME);
  } catch {
    return true;
  }
}
