// @vitest-environment node
/**
 * Issue #19: an outbox written by the previous version (database version 2,
 * entries holding `{method, path, body}`) is converted by the upgrade to
 * named mutations, and every entry then drains against the real server,
 * each applied once.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { buildPath, routes } from "@car-rental/shared/api";
import { adminTestServerForThisFile } from "./admin-test-server-support";
import { ApiClient } from "./api-client";
import { syncAdmin } from "./admin-sync";
import { CarRentalDb } from "./db";
import { createOutboxEngine } from "./outbox-engine";
import { UNKNOWN_CHANGE_MESSAGE } from "./outbox-upgrade";
import { shippedDatabase } from "./shipped-versions-test-support";

const admin = adminTestServerForThisFile();

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** An entry as the previous `addToOutbox` stored it. */
function previousEntry(
  seq: number,
  fields: {
    method: string;
    path: string;
    body?: unknown;
    entity: string;
    entityId: string;
    related?: { entity: string; id: string }[];
    label: string;
  },
) {
  const related = fields.related ?? [];
  const rowKeys = [
    ...(fields.entity === "contact" ? [] : [`${fields.entity}:${fields.entityId}`]),
    ...related.map((link) => `${link.entity}:${link.id}`),
  ];
  return {
    id: uuid(900 + seq),
    seq,
    method: fields.method,
    path: fields.path,
    body: fields.body,
    createdAt: new Date().toISOString(),
    attempts: 0,
    state: "pending",
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
    claimedAt: null,
    entity: fields.entity,
    entityId: fields.entityId,
    related,
    rowKeys,
    label: fields.label,
  };
}

describe("the outbox upgrade to named mutations", { timeout: 60_000 }, () => {
  it("converts entries queued by the previous version, which then drain, each applied once", async () => {
    const name = "car-rental-upgrade-test";
    // A booking the admin worked on offline, and the mirror the previous version held.
    const car = await admin.server.db.knex("cars").whereNull("deleted_at").first("id", "name");
    if (!car) throw new Error("no seeded car");
    const created = await admin.server.request("POST", routes.createAdminBooking.path, {
      cookie: admin.cookie,
      body: {
        customerEmail: "upgrade@example.ph",
        customerName: "Upgrade Customer",
        carName: car.name,
        carId: car.id,
        pickupDate: "2027-03-01",
        returnDate: "2027-03-03",
        total: "6000.00",
      },
    });
    expect(created.status).toBe(201);
    const bookingId = String(((await created.json()) as { id: string }).id);
    const newCarId = uuid(1);
    const newCar = {
      name: "Upgrade Vios",
      category: "Sedan",
      dailyRate: "2500.00",
      seats: 5,
      transmission: "Automatic",
      fuel: "Gas",
      image: "toyota-vios.jpg",
      description: "Queued before the update",
      mileage: "Unlimited",
      year: 2024,
      plateNumber: "UPG 1234",
      available: true,
      id: newCarId,
    };

    const previous = shippedDatabase(name, 2);
    await previous.open();
    await previous.table("outbox").bulkAdd([
      previousEntry(1, {
        method: "POST",
        path: routes.createCar.path,
        body: newCar,
        entity: "cars",
        entityId: newCarId,
        label: "Add car Upgrade Vios",
      }),
      previousEntry(2, {
        method: "PATCH",
        path: buildPath(routes.updateBookingStatus.path, { id: bookingId }),
        body: { status: "confirmed" },
        entity: "bookings",
        entityId: bookingId,
        label: "Status confirmed for Upgrade Customer's booking",
      }),
      // Release 1 sent no id for a payment: the server chooses it.
      previousEntry(3, {
        method: "PATCH",
        path: buildPath(routes.addPayment.path, { id: bookingId }),
        body: { amount: "1500.00" },
        entity: "payments",
        entityId: "temp-payment-upgrade",
        related: [{ entity: "bookings", id: bookingId }],
        label: "Payment ₱1,500.00",
      }),
      previousEntry(4, {
        method: "PUT",
        path: buildPath(routes.updateCar.path, { id: newCarId }),
        body: { ...newCar, id: undefined, dailyRate: "2700.00" },
        entity: "cars",
        entityId: newCarId,
        label: "Edit car Upgrade Vios",
      }),
      previousEntry(5, {
        method: "POST",
        path: routes.sendContactMessage.path,
        body: {
          firstName: "Queued",
          lastName: "Before Update",
          email: "queued@example.ph",
          message: "Sent after the app updated",
        },
        entity: "contact",
        entityId: uuid(905),
        label: "Contact message from Queued Before Update",
      }),
      previousEntry(6, {
        method: "POST",
        path: "/api/admin/no-such-call",
        body: { what: "unknown" },
        entity: "cars",
        entityId: uuid(6),
        label: "A call this version does not know",
      }),
    ]);
    await previous.table("payments").add({
      id: "temp-payment-upgrade",
      bookingId,
      amount: "1500.00",
      note: null,
      createdAt: new Date().toISOString(),
      _pending: true,
    });
    previous.close();

    const db = new CarRentalDb(name);
    const upgraded = await db.outbox.orderBy("seq").toArray();
    expect(upgraded.map((entry) => entry.mutation)).toEqual([
      "createCar",
      "updateBookingStatus",
      "addPayment",
      "updateCar",
      "sendContactMessage",
      "unknown",
    ]);
    expect(upgraded[1]?.args).toEqual({ id: bookingId, status: "confirmed" });
    expect(upgraded[2]?.args).toEqual({ bookingId, amount: "1500.00" });
    expect(upgraded[3]?.args).toMatchObject({ id: newCarId, dailyRate: "2700.00" });
    for (const entry of upgraded) expect(entry).not.toHaveProperty("path");
    // An entry no mutation can send waits for review instead of being lost.
    expect(upgraded[5]).toMatchObject({ state: "failed", lastError: UNKNOWN_CHANGE_MESSAGE });

    const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
    const engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5 });
    const result = await engine.drain();
    expect(result.delivered, JSON.stringify(await db.outbox.toArray())).toBe(5);
    // A second drain (a replay after a reload) applies nothing again.
    await engine.drain({ ignoreBackoff: true });
    expect((await db.outbox.toArray()).map((entry) => entry.mutation)).toEqual(["unknown"]);

    const storedCar = await admin.server.db.knex("cars").where({ id: newCarId }).first("name", "daily_rate");
    expect(storedCar?.name).toBe("Upgrade Vios");
    expect(Number(storedCar?.daily_rate)).toBe(2700);
    const booking = await admin.server.db
      .knex("bookings")
      .where({ id: bookingId })
      .first("status", "amount_paid");
    expect(booking?.status).toBe("confirmed");
    expect(Number(booking?.amount_paid)).toBe(1500);
    expect(await admin.server.db.knex("payments").where({ booking_id: bookingId })).toHaveLength(1);
    expect(await admin.server.db.knex("contact_messages").where({ last_name: "Before Update" })).toHaveLength(
      1,
    );
    // The optimistic payment became the server's row.
    expect(await db.payments.get("temp-payment-upgrade")).toBeUndefined();
    await syncAdmin({ db, api });
    expect((await db.payments.where("bookingId").equals(bookingId).toArray()).map((p) => p.amount)).toEqual([
      "1500.00",
    ]);
    db.close();
  });
});
