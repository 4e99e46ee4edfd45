// @vitest-environment node
/**
 * Release 2 §C3 in the browser's database: the Dexie version 8 that brings
 * the handover keeps what the previous version stored, and a check-out
 * queued offline uploads its photos and signature before it is sent, each
 * exactly once, even when the first attempt stops part-way (the tablet was
 * closed), against the real server.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { routes } from "@car-rental/shared/api";
import { adminTestServerForThisFile } from "../../admin-test-server-support";
import { tinyJpeg, tinyPng } from "../../../../../sync-server/src/storage/test-files";
import { ApiClient, type FetchLike } from "../../api-client";
import { syncAdmin } from "../../admin-sync";
import { CarRentalDb, type HandoverFile } from "../../db";
import { addToOutbox } from "../../outbox";
import { createOutboxEngine } from "../../outbox-engine";
import { checkInBooking } from "./check-in-booking";
import { checkOutBooking } from "./check-out-booking";
import { shippedDatabase } from "../../shipped-versions-test-support";

const admin = adminTestServerForThisFile();

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function file(id: string, bookingId: string, kind: HandoverFile["kind"]): HandoverFile {
  const jpeg = kind === "photo";
  return {
    id,
    bookingId,
    kind,
    blob: new Blob([new Uint8Array(jpeg ? tinyJpeg : tinyPng)], { type: jpeg ? "image/jpeg" : "image/png" }),
    contentType: jpeg ? "image/jpeg" : "image/png",
    objectPath: null,
    createdAt: new Date().toISOString(),
  };
}

describe("the handover in the browser's database", { timeout: 60_000 }, () => {
  it("version 8 keeps the rows of version 5 and adds the handovers and their files", async () => {
    const name = "car-rental-handover-upgrade";
    const previous = shippedDatabase(name, 5);
    await previous.open();
    await previous
      .table("blocks")
      .add({ id: uuid(1), carId: uuid(2), startDate: "2027-01-01", endDate: "2027-01-02" });
    await previous
      .table("myBookings")
      .add({ id: uuid(3), reference: "ACR-7K3Q9P", openedAt: "2026-11-20T00:00:00Z" });
    await previous.table("drafts").add({ key: "booking", values: { fullName: "Juan" }, updatedAt: "x" });
    previous.close();

    const db = new CarRentalDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    expect(await db.blocks.get(uuid(1))).toMatchObject({ carId: uuid(2) });
    expect(await db.myBookings.get(uuid(3))).toMatchObject({ reference: "ACR-7K3Q9P" });
    expect(await db.drafts.get("booking")).toMatchObject({ values: { fullName: "Juan" } });
    expect(await db.handovers.count()).toBe(0);
    await db.handoverFiles.put(file(uuid(4), uuid(5), "photo"));
    const stored = await db.handoverFiles.get(uuid(4));
    expect(stored?.blob.size).toBe(tinyJpeg.length);
    expect(await db.handoverFiles.where("bookingId").equals(uuid(5)).count()).toBe(1);
    db.close();
  });

  it("uploads a check-out's files before sending it, each once, across an interrupted attempt", async () => {
    const car = await admin.server.db
      .knex("cars")
      .whereNull("deleted_at")
      .where({ available: true })
      .first("id", "name");
    if (!car) throw new Error("no seeded car");
    const created = await admin.server.request("POST", routes.createAdminBooking.path, {
      cookie: admin.cookie,
      body: {
        customerEmail: "handover@example.ph",
        customerName: "Handover Customer",
        carName: car.name,
        carId: car.id,
        pickupDate: "2027-04-01",
        returnDate: "2027-04-03",
        total: "6000.00",
        status: "confirmed",
      },
    });
    expect(created.status).toBe(201);
    const bookingId = String(((await created.json()) as { id: string }).id);

    const db = new CarRentalDb("car-rental-handover-send");
    const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
    await syncAdmin({ db, api });
    const files = [
      file(uuid(11), bookingId, "photo"),
      file(uuid(12), bookingId, "photo"),
      file(uuid(13), bookingId, "signature"),
    ];
    await db.handoverFiles.bulkPut(files);
    const handoverId = uuid(20);
    await addToOutbox(db, {
      mutation: checkOutBooking,
      args: {
        id: handoverId,
        bookingId,
        odometerKm: 15000,
        fuelEighths: 7,
        notes: "Dent on the left door",
        photos: [uuid(11), uuid(12)],
        signature: uuid(13),
      },
    });
    expect(await db.bookings.get(bookingId)).toMatchObject({ status: "active", _pending: true });
    expect(await db.handovers.get(handoverId)).toMatchObject({
      kind: "check-out",
      photos: [uuid(11), uuid(12)],
    });

    const objectsBefore = Number(
      (await admin.server.db.knex("objects").count<{ count: string }[]>("* as count"))[0]?.count,
    );
    // The first attempt: the connection goes after the first upload.
    let uploadAddresses = 0;
    const dropsAfterOne: FetchLike = async (input, init) => {
      if (String(input).endsWith(routes.requestUpload.path) && ++uploadAddresses > 1)
        throw new TypeError("offline");
      return admin.fetchWithCookie(input, init);
    };
    const interrupted = createOutboxEngine({
      db,
      api: new ApiClient({ baseUrl: admin.server.url, fetch: dropsAfterOne }),
      locks: null,
      random: () => 0.5,
    });
    expect((await interrupted.drain()).delivered).toBe(0);
    const afterFirst = await db.handoverFiles.bulkGet([uuid(11), uuid(12), uuid(13)]);
    expect(afterFirst.map((f) => f?.objectPath !== null)).toEqual([true, false, false]);
    expect(await admin.server.db.knex("handovers").where({ booking_id: bookingId })).toEqual([]);

    // The tablet is back (a new engine, as after a reload): the rest is uploaded and the change sent.
    const engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5 });
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    await engine.drain({ ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);

    const paths = (await db.handoverFiles.bulkGet([uuid(11), uuid(12), uuid(13)])).map((f) => f?.objectPath);
    const records = await admin.server.db.knex("handovers").where({ booking_id: bookingId });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: handoverId, photos: [paths[0], paths[1]], signature: paths[2] });
    const objectsAfter = Number(
      (await admin.server.db.knex("objects").count<{ count: string }[]>("* as count"))[0]?.count,
    );
    expect(objectsAfter - objectsBefore).toBe(3); // one upload per file, none twice
    expect((await admin.server.db.knex("bookings").where({ id: bookingId }).first("status"))?.status).toBe(
      "active",
    );

    // The check-in with a charge: the booking's total follows, here and on the server.
    await addToOutbox(db, {
      mutation: checkInBooking,
      args: {
        id: uuid(21),
        bookingId,
        odometerKm: 15400,
        fuelEighths: 8,
        photos: [],
        charges: [{ label: "Cleaning", amount: "350" }],
      },
    });
    expect(await db.bookings.get(bookingId)).toMatchObject({ status: "completed", total: "6350.00" });
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    const booking = await admin.server.db.knex("bookings").where({ id: bookingId }).first("status", "total");
    expect(booking?.status).toBe("completed");
    expect(Number(booking?.total)).toBe(6350);
    await syncAdmin({ db, api });
    const mirrored = await db.handovers.where("bookingId").equals(bookingId).sortBy("kind");
    expect(mirrored.map((h) => [h.kind, h.photos, h._pending])).toEqual([
      ["check-in", [], undefined],
      ["check-out", [paths[0], paths[1]], undefined],
    ]);
    db.close();
  });
});
