/**
 * Release 2 A6: an uploaded object attached to nothing 24 hours after its
 * upload is deleted (row and file), by a job several processes may run at
 * once (the background work, soon after start and then hourly); anything a
 * car, a customer or a booking references stays.
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "@car-rental/db/test-database";
import { uploadObject } from "../../routes/public/booking-test-helpers";
import { startBackgroundWork } from "../../background";
import { TEST_NOW, startTestServer, type TestServer } from "../../test-server";
import { UNATTACHED_OBJECT_TTL_MS, deleteUnattachedObjects, verifyUploadedObject } from "./upload.service";

const HOUR_MS = 60 * 60 * 1000;

describe.each(testEngines())("deleting unattached uploads on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const keyOf = (objectPath: string) => objectPath.slice("/objects/".length);
  const fileExists = (objectPath: string) =>
    access(path.join(server.dataDir, "objects", ...keyOf(objectPath).split("/"))).then(
      () => true,
      () => false,
    );
  const rowExists = async (objectPath: string) =>
    (await server.db
      .knex("objects")
      .where({ path: keyOf(objectPath) })
      .first()) !== undefined;

  it("deletes what nothing references after 24 hours, keeps the rest, and never deletes twice", async () => {
    const cookie = await server.adminCookie();
    const orphan = await uploadObject(server, "document");
    const carImage = await uploadObject(server, "car-image", cookie);
    const customerDocument = await uploadObject(server, "document");
    const ticket = await server.request("POST", "/api/objects/upload", { body: { purpose: "document" } });
    const neverUploaded = ((await ticket.json()) as { objectPath: string }).objectPath;

    const car = await server.request("POST", "/api/admin/cars", {
      cookie,
      body: { name: "Orphan Test Car", category: "Compact Sedan", dailyRate: "1500.00", image: carImage },
    });
    expect(car.status).toBe(201);
    // Written the way code that does not mark attachments would (a booking's documents).
    await server.db.knex("customers").insert({
      full_name: "Doc Holder",
      email: "doc.holder@example.ph",
      phone: "+63 917 555 0199",
      photo_id1_url: customerDocument,
    });

    try {
      server.clock.set(new Date(TEST_NOW.getTime() + 23 * HOUR_MS));
      expect(await deleteUnattachedObjects(server.deps)).toBe(0);
      expect(await rowExists(orphan)).toBe(true);

      server.clock.set(new Date(TEST_NOW.getTime() + UNATTACHED_OBJECT_TTL_MS + HOUR_MS));
      // Two processes at once: each object is deleted by exactly one of them.
      const counts = await Promise.all([
        deleteUnattachedObjects(server.deps),
        deleteUnattachedObjects(server.deps),
      ]);
      expect(counts[0] + counts[1]).toBe(2);
      expect(await deleteUnattachedObjects(server.deps)).toBe(0);

      expect(await rowExists(orphan)).toBe(false);
      expect(await fileExists(orphan)).toBe(false);
      expect(await rowExists(neverUploaded)).toBe(false);
      for (const kept of [carImage, customerDocument]) {
        expect(await rowExists(kept)).toBe(true);
        expect(await fileExists(kept)).toBe(true);
        const row = await server.db
          .knex("objects")
          .where({ path: keyOf(kept) })
          .first();
        expect(row?.attached_at).not.toBeNull();
      }
      expect((await server.request("GET", carImage)).status).toBe(200);
    } finally {
      server.clock.set(TEST_NOW);
    }
  });

  it("is run by the background work soon after a server starts, not only hourly", async () => {
    const orphan = await uploadObject(server, "document");
    server.clock.set(new Date(TEST_NOW.getTime() + UNATTACHED_OBJECT_TTL_MS + HOUR_MS));
    const background = startBackgroundWork(server.deps, { mailMs: 60_000, firstHousekeepingMs: 50 });
    try {
      await expect.poll(() => rowExists(orphan), { timeout: 30_000 }).toBe(false);
      expect(await fileExists(orphan)).toBe(false);
    } finally {
      await background.stop();
      server.clock.set(TEST_NOW);
    }
  });

  it("refuses to attach an object the clean-up has claimed", async () => {
    const objectPath = await uploadObject(server, "document");
    await server.db
      .knex("objects")
      .where({ path: keyOf(objectPath) })
      .update({ cleanup_claimed_at: TEST_NOW });
    await expect(verifyUploadedObject(server.deps, objectPath, "document")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });
});
