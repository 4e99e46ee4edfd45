// @vitest-environment node
/**
 * A car picture chosen offline (the owner's tablet on a poor connection): the
 * Dexie version 10 that keeps such pictures leaves what version 9 stored as it
 * was, and a car queued with a kept picture uploads it just before the car is
 * sent, once, even when the car's answer is lost, against the real server.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { adminTestServerForThisFile } from "../../admin-test-server-support";
import { tinyPng } from "../../../../../sync-server/src/storage/test-files";
import { ApiClient, type FetchLike } from "../../api-client";
import { CAR_IMAGE_FILES_VERSION, CarRentalDb } from "../../db";
import { addToOutbox } from "../../outbox";
import { createOutboxEngine } from "../../outbox-engine";
import { batchChangeOf } from "../../outbox-send";
import { shippedDatabase } from "../../shipped-versions-test-support";
import { isKeptCarImage, keepCarImage } from "./car-image-files";
import { createCar } from "./create-car";
import { updateCar } from "./update-car";

const admin = adminTestServerForThisFile();

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const png = () => new Blob([new Uint8Array(tinyPng)], { type: "image/png" });
const objectCount = async () =>
  Number((await admin.server.db.knex("objects").count<{ count: string }[]>("* as count"))[0]?.count);

const carArgs = (id: string, name: string, image: string) => ({
  id,
  name,
  category: "Van",
  dailyRate: "3500",
  seats: 12,
  transmission: "Manual" as const,
  fuel: "Diesel" as const,
  image,
  available: true,
});

describe("car pictures chosen offline", { timeout: 60_000 }, () => {
  it("version 10 keeps what version 9 stored and adds the kept pictures", async () => {
    const name = "car-rental-car-images-upgrade";
    const previous = shippedDatabase(name, CAR_IMAGE_FILES_VERSION - 1);
    await previous.open();
    await previous.table("lengthDiscounts").add({ id: "length-discounts", lengthDiscounts: [], version: 1 });
    await previous
      .table("handoverFiles")
      .add({ id: uuid(1), bookingId: uuid(2), kind: "photo", blob: png(), contentType: "image/png" });
    previous.close();

    const db = new CarRentalDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(CAR_IMAGE_FILES_VERSION);
    expect(await db.lengthDiscounts.get("length-discounts")).toMatchObject({ version: 1 });
    expect(await db.handoverFiles.get(uuid(1))).toMatchObject({ bookingId: uuid(2) });
    const kept = await keepCarImage(db, png(), "image/png");
    expect(isKeptCarImage(kept)).toBe(true);
    expect((await db.carImageFiles.get(kept))?.blob?.size).toBe(tinyPng.length);
    db.close();
  });

  it("uploads a kept picture just before its car, once, though the car's first answer was lost", async () => {
    const db = new CarRentalDb("car-rental-car-images-send");
    const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
    const image = await keepCarImage(db, png(), "image/png");
    const carId = uuid(30);
    const name = `Kept Picture Hiace ${Date.now()}`;
    await addToOutbox(db, { mutation: createCar, args: carArgs(carId, name, image) });
    // The optimistic row shows the kept picture; the change goes alone (its upload first), not in a batch.
    expect(await db.adminCars.get(carId)).toMatchObject({ image, _pending: true });
    const [entry] = await db.outbox.toArray();
    if (!entry) throw new Error("not queued");
    expect(batchChangeOf(entry)).toBeNull();
    expect(batchChangeOf({ ...entry, args: { ...entry.args, image: "/objects/car-images/x.png" } })).not.toBe(
      null,
    );

    const before = await objectCount();
    // The first attempt: the picture goes up, the car reaches the server, its answer is lost.
    let lost = false;
    const losesCarAnswer: FetchLike = async (input, init) => {
      const response = await admin.fetchWithCookie(input, init);
      if (!lost && String(input).endsWith(routes.createCar.path)) {
        lost = true;
        await response.body?.cancel();
        throw new TypeError("socket hang up");
      }
      return response;
    };
    const interrupted = createOutboxEngine({
      db,
      api: new ApiClient({ baseUrl: admin.server.url, fetch: losesCarAnswer }),
      locks: null,
      random: () => 0.5,
      syncAfterDelivery: false,
    });
    expect((await interrupted.drain()).delivered).toBe(0);
    expect((await db.carImageFiles.get(image))?.objectPath).toMatch(/^\/objects\/car-images\//);

    const uploaded = (await db.carImageFiles.get(image))?.objectPath;
    const engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5, syncAfterDelivery: false });
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    const saved = await admin.server.db.knex("cars").where({ name }).select("id", "image");
    expect(saved).toEqual([{ id: carId, image: uploaded }]);
    expect(await objectCount()).toBe(before + 1); // one upload, none twice
    expect((await db.adminCars.get(carId))?.image).toBe(uploaded);
    // The server has it: the tablet's copy of the bytes goes, the object path stays.
    expect(await db.carImageFiles.get(image)).toMatchObject({ blob: null, objectPath: uploaded });

    // An edit from a form opened while the car waited still names the kept picture: the server's copy goes.
    await addToOutbox(db, { mutation: updateCar, args: { ...carArgs(carId, name, image), seats: 14 } });
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(await admin.server.db.knex("cars").where({ id: carId }).first("seats", "image")).toEqual({
      seats: 14,
      image: uploaded,
    });

    // An edit naming a picture the server has is a plain change again (batched, nothing uploaded).
    await addToOutbox(db, {
      mutation: updateCar,
      args: { ...carArgs(carId, name, uploaded ?? ""), seats: 15 },
    });
    const [edit] = await db.outbox.toArray();
    if (!edit) throw new Error("not queued");
    expect(batchChangeOf(edit)).not.toBeNull();
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(await admin.server.db.knex("cars").where({ id: carId }).first("seats")).toEqual({ seats: 15 });
    expect(await objectCount()).toBe(before + 1);
    db.close();
  });

  it("uploads a kept picture again when its refused change is retried under a new key", async () => {
    const db = new CarRentalDb("car-rental-car-images-refused");
    const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
    const image = await keepCarImage(db, png(), "image/png");
    const name = `Refused Picture Hiace ${Date.now()}`;
    await addToOutbox(db, { mutation: createCar, args: carArgs(uuid(40), name, image) });
    // The first attempt: the picture goes up, then the connection drops before the car is sent.
    const dropsTheCar: FetchLike = async (input, init) => {
      if (String(input).endsWith(routes.createCar.path)) throw new TypeError("offline");
      return admin.fetchWithCookie(input, init);
    };
    const offline = createOutboxEngine({
      db,
      api: new ApiClient({ baseUrl: admin.server.url, fetch: dropsTheCar }),
      locks: null,
      random: () => 0.5,
      syncAfterDelivery: false,
    });
    expect((await offline.drain()).deferred).toBe(1);
    const first = (await db.carImageFiles.get(image))?.objectPath ?? "";
    expect(first).toMatch(/^\/objects\/car-images\//);
    // Days later the server has deleted that upload (nothing attached it): the car is refused.
    await admin.server.db
      .knex("objects")
      .where({ path: first.slice("/objects/".length) })
      .delete();
    const engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5, syncAfterDelivery: false });
    expect((await engine.drain({ ignoreBackoff: true })).failed).toBe(1);
    const [refused] = await db.outbox.toArray();
    expect(refused?.state).toBe("failed");

    // Send again: a new key, and the picture kept on the tablet goes up anew.
    await engine.retry(refused?.id ?? "");
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    const saved = await admin.server.db.knex("cars").where({ name }).first("image");
    expect(saved?.image).toMatch(/^\/objects\/car-images\//);
    expect(saved?.image).not.toBe(first);
    db.close();
  });
});
