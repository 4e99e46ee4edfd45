// @vitest-environment node
/**
 * Release-2 §E1: the length discounts saved from the Rates screen go through
 * the outbox, against the real server: the optimistic list shows at once
 * (waiting), a pull meanwhile does not undo it, the delivery replaces it with
 * the server's record, and a send whose answer was lost is applied once.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LENGTH_DISCOUNTS_RECORD_ID, ratesResponseSchema } from "@car-rental/shared/schemas/rates";
import { adminTestServerForThisFile } from "../../admin-test-server-support";
import { applySyncResponse, syncAdmin } from "../../admin-sync";
import { ApiClient, type FetchLike } from "../../api-client";
import { CarRentalDb } from "../../db";
import { createOutboxEngine, type OutboxEngine } from "../../outbox-engine";
import { saveLengthDiscounts } from "./save-length-discounts";

const admin = adminTestServerForThisFile();
let db: CarRentalDb;
let api: ApiClient;
let engine: OutboxEngine;
let offline = false;
let counter = 0;

beforeEach(() => {
  counter += 1;
  offline = false;
  db = new CarRentalDb(`save-length-discounts-${counter}`);
  const fetchWithCookie: FetchLike = async (input, init) => {
    if (offline) throw new TypeError("Failed to fetch");
    return admin.fetchWithCookie(input, init);
  };
  api = new ApiClient({ baseUrl: admin.server.url, fetch: fetchWithCookie });
  engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5, syncAfterDelivery: false });
});

afterEach(() => {
  engine.stop();
  db.close();
});

const serverDiscounts = async () => {
  const res = await admin.server.request("GET", "/api/rates");
  return ratesResponseSchema.parse(await res.json()).lengthDiscounts;
};
const serverVersion = async () =>
  Number(
    (await admin.server.db.knex("length_discount_list").first<{ version: string | number }>("version"))
      ?.version,
  );

describe("saveLengthDiscounts", { timeout: 30_000 }, () => {
  it("shows the new list at once, keeps it through a pull while it waits, and stores the server's record", async () => {
    await syncAdmin({ db, api });
    const synced = await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID);
    expect(synced?.lengthDiscounts).toEqual(await serverDiscounts());

    offline = true;
    const entry = await engine.enqueue({
      mutation: saveLengthDiscounts,
      args: {
        lengthDiscounts: [
          { minDays: 28, percentOff: 20 },
          { minDays: 7, percentOff: 12 },
        ],
      },
    });
    expect(entry.label).toBe("Save length discounts: 7 days −12 %, 28 days −20 %");
    expect(entry).toMatchObject({ entity: "lengthDiscounts", entityId: LENGTH_DISCOUNTS_RECORD_ID });
    const optimistic = await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID);
    expect(optimistic).toMatchObject({
      lengthDiscounts: [
        { minDays: 7, percentOff: 12 },
        { minDays: 28, percentOff: 20 },
      ],
      version: synced?.version,
      _pending: true,
    });
    expect((await engine.drain()).delivered).toBe(0);

    // The server's (older) list arrives meanwhile: the waiting change keeps its list.
    offline = false;
    const full = await api.call("adminSync", { query: {} });
    expect(full.lengthDiscounts[0]?.lengthDiscounts).toEqual(synced?.lengthDiscounts);
    await applySyncResponse(db, full);
    expect((await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID))?._pending).toBe(true);

    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(await serverDiscounts()).toEqual([
      { minDays: 7, percentOff: 12 },
      { minDays: 28, percentOff: 20 },
    ]);
    const stored = await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID);
    expect(stored).toMatchObject({
      lengthDiscounts: [
        { minDays: 7, percentOff: 12 },
        { minDays: 28, percentOff: 20 },
      ],
      version: (synced?.version ?? 0) + 1,
    });
    expect(stored?._pending).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it("applies a change once when its first send reached the server but the answer was lost", async () => {
    const before = await serverVersion();
    offline = true;
    const entry = await engine.enqueue({
      mutation: saveLengthDiscounts,
      args: { lengthDiscounts: [{ minDays: 10, percentOff: 9 }] },
    });
    // The first send arrived (with the entry's key); its answer never came back.
    const lost = await admin.server.request("PUT", "/api/admin/length-discounts", {
      cookie: admin.cookie,
      headers: { "Idempotency-Key": entry.id },
      body: { lengthDiscounts: [{ minDays: 10, percentOff: 9 }] },
    });
    expect(lost.status).toBe(200);
    expect(await serverVersion()).toBe(before + 1);

    offline = false;
    expect((await engine.drain({ ignoreBackoff: true })).delivered).toBe(1);
    expect(await serverVersion()).toBe(before + 1);
    expect(await serverDiscounts()).toEqual([{ minDays: 10, percentOff: 9 }]);
    expect(await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID)).toMatchObject({
      lengthDiscounts: [{ minDays: 10, percentOff: 9 }],
      version: before + 1,
    });
  });

  it("refuses a list naming a length twice before queueing anything", async () => {
    await expect(
      engine.enqueue({
        mutation: saveLengthDiscounts,
        args: {
          lengthDiscounts: [
            { minDays: 7, percentOff: 10 },
            { minDays: 7, percentOff: 15 },
          ],
        },
      }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.lengthDiscounts.count()).toBe(0);
  });
});
