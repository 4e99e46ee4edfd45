// @vitest-environment node
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { customerRecordSchema } from "@car-rental/shared/schemas/customer";
import { adminCarSchema } from "@car-rental/shared/schemas/car";
import { adminTestServerForThisFile } from "../admin-test-server-support";
import { syncAdmin } from "../admin-sync";
import { ApiClient, type FetchLike } from "../api-client";
import { CarRentalDb } from "../db";
import { createOutboxEngine, type OutboxEngine } from "../outbox-engine";
import { addToOutbox } from "../outbox";
import { carBody } from "./cars/car-row";
import { updateCar } from "./cars/update-car";
import { changedFields, changedFieldsRequest, withEditedFields } from "./changed-fields";
import { updateCustomer } from "./customers/update-customer";

describe("changed fields", () => {
  it("names the fields whose value changed", () => {
    expect(changedFields({ a: 1, b: "x", c: null }, { a: 1, b: "y", c: "z" })).toEqual(["b", "c"]);
  });

  it("sends only the changed fields, and every field for an entry without the list", () => {
    expect(
      changedFieldsRequest({ id: "c1", changed: ["dailyRate"], dailyRate: "2100", name: "Jazz" }),
    ).toEqual({ params: { id: "c1" }, body: { dailyRate: "2100" } });
    expect(changedFieldsRequest({ id: "c1", dailyRate: "2100", name: "Jazz" })).toEqual({
      params: { id: "c1" },
      body: { dailyRate: "2100", name: "Jazz" },
    });
  });

  it("adds the fields edited in the outbox panel", () => {
    const before = { id: "c1", changed: ["dailyRate"], dailyRate: "2100", name: "Jazz" };
    expect(withEditedFields(before, { ...before, name: "Honda Jazz" }).changed).toEqual([
      "dailyRate",
      "name",
    ]);
    expect(withEditedFields({ id: "c1", name: "Jazz" }, { id: "c1", name: "Honda Jazz" })).toEqual({
      id: "c1",
      name: "Honda Jazz",
    });
  });
});

const admin = adminTestServerForThisFile();

let db: CarRentalDb;
let engine: OutboxEngine;
let offline = false;
let counter = 0;

beforeEach(() => {
  counter += 1;
  db = new CarRentalDb(`changed-fields-test-${counter}`);
  offline = false;
  const fetch: FetchLike = (input, init) => {
    if (offline) return Promise.reject(new TypeError("fetch failed"));
    return admin.fetchWithCookie(input, init);
  };
  const api = new ApiClient({ baseUrl: admin.server.url, fetch });
  engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5 });
});

afterEach(() => {
  engine.stop();
  db.close();
});

async function put(path: string, body: unknown): Promise<unknown> {
  const response = await admin.server.request("PUT", path, { cookie: admin.cookie, body });
  expect(response.status).toBe(200);
  return response.json();
}

describe(
  "an edit made offline, delivered after another device changed the record",
  { timeout: 60_000 },
  () => {
    it("keeps the car's fields the edit did not touch", async () => {
      const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
      await syncAdmin({ db, api });
      const car = (await db.adminCars.toArray()).find((candidate) => candidate.available);
      if (!car) throw new Error("no available car in the seed");

      offline = true;
      const body = carBody(car, { dailyRate: "2100.00" });
      await addToOutbox(db, {
        mutation: updateCar,
        args: { ...body, id: car.id, changed: changedFields(carBody(car), body) },
        label: `Edit car ${car.name}`,
      });
      // Meanwhile, on the phone: the car goes to the workshop.
      await put(`/api/admin/cars/${car.id}`, { available: false, description: "In the shop until Friday" });

      offline = false;
      await engine.drain({ ignoreBackoff: true });
      expect(await db.outbox.count()).toBe(0);
      const stored = adminCarSchema.parse(
        (
          (await (await admin.fetchWithCookie(`${admin.server.url}/api/admin/cars`, {})).json()) as unknown[]
        ).find((row) => typeof row === "object" && row !== null && "id" in row && row.id === car.id),
      );
      expect(stored).toMatchObject({
        dailyRate: "2100.00",
        available: false,
        description: "In the shop until Friday",
      });
    });

    it("keeps the customer's fields the edit did not touch", async () => {
      const created = customerRecordSchema.parse(
        await (
          await admin.server.request("POST", "/api/admin/customers", {
            cookie: admin.cookie,
            body: { fullName: "Maria Walk", email: "maria.walk@example.ph", phone: "0917 555 0101" },
          })
        ).json(),
      );
      const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
      await syncAdmin({ db, api });
      const customer = await db.customers.get(created.id);
      if (!customer) throw new Error("the customer is not in the mirror");

      offline = true;
      await addToOutbox(db, {
        mutation: updateCustomer,
        args: {
          id: customer.id,
          fullName: customer.fullName,
          email: customer.email,
          phone: "0918 222 3333",
          address: customer.address,
          changed: ["phone"],
        },
        label: "Edit customer Maria Walk",
      });
      await put(`/api/admin/customers/${customer.id}`, { address: "Rizal St, Alaminos" });

      offline = false;
      await engine.drain({ ignoreBackoff: true });
      expect(await db.outbox.count()).toBe(0);
      const row = await admin.server.db
        .knex("customers")
        .where({ id: customer.id })
        .first("phone", "address");
      expect(row).toEqual({ phone: "0918 222 3333", address: "Rizal St, Alaminos" });
    });
  },
);
