// @vitest-environment node
/**
 * Release-2 §E1: a device at database version 8 (before the length discounts'
 * mirror table) holds a sync cursor from a server that already had the
 * discounts. A delta from that cursor would never bring them, so the upgrade
 * to version 9 makes the next pull a full one. Against the real server; what
 * version 8 stored (the mirror, the outbox, the last sync time) stays.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { DEFAULT_LENGTH_DISCOUNTS } from "@car-rental/shared/rates";
import { LENGTH_DISCOUNTS_RECORD_ID } from "@car-rental/shared/schemas/rates";
import { syncResponseSchema } from "@car-rental/shared/schemas/sync";
import { adminTestServerForThisFile } from "./admin-test-server-support";
import { syncAdmin } from "./admin-sync";
import { ApiClient } from "./api-client";
import { CarRentalDb, LENGTH_DISCOUNTS_VERSION } from "./db";
import { shippedDatabase } from "./shipped-versions-test-support";

const HOLY_WEEK_ID = "00000000-0000-4000-8000-000000000006";
const ENTRY_ID = "00000000-0000-4000-8000-000000000007";

const admin = adminTestServerForThisFile();

describe("the upgrade to the length discounts' mirror table", { timeout: 30_000 }, () => {
  it("keeps what version 8 stored and brings the discounts with the next pull", async () => {
    // What a version-8 device holds: the cursor of its last sync with this server, a period, a waiting change.
    const sync = await admin.server.request("GET", "/api/admin/sync", { cookie: admin.cookie });
    const { cursor } = syncResponseSchema.parse(await sync.json());
    const name = "length-discounts-upgrade";
    const previous = shippedDatabase(name, LENGTH_DISCOUNTS_VERSION - 1);
    await previous.open();
    await previous.table("syncState").put({
      key: "admin",
      cursor,
      lastSyncAt: "2026-11-26T01:00:00.000Z",
      auth: "ok",
    });
    const holyWeek = {
      id: HOLY_WEEK_ID,
      name: "Holy Week",
      startDate: "2027-03-21",
      endDate: "2027-03-28",
      percent: 30,
      createdAt: "2026-11-26T00:00:00.000Z",
      version: 0,
      updatedAt: "2026-11-26T00:00:00.000Z",
      deletedAt: null,
      _pending: true,
    };
    await previous.table("ratePeriods").put(holyWeek);
    const entry = {
      id: ENTRY_ID,
      seq: 1,
      mutation: "createRatePeriod",
      args: {
        id: HOLY_WEEK_ID,
        name: "Holy Week",
        startDate: "2027-03-21",
        endDate: "2027-03-28",
        percent: 30,
      },
      createdAt: "2026-11-26T00:00:00.000Z",
      attempts: 0,
      failStreak: 0,
      state: "pending",
      lastError: null,
      lastStatus: null,
      nextAttemptAt: 0,
      claimedAt: null,
      entity: "ratePeriods",
      entityId: HOLY_WEEK_ID,
      related: [],
      label: "Add rate period Holy Week (2027-03-21 to 2027-03-28)",
      rowKeys: [`ratePeriods:${HOLY_WEEK_ID}`],
    };
    await previous.table("outbox").put(entry);
    previous.close();
    // The cursor alone would not bring the discounts: nothing changed since.
    const delta = await admin.server.request("GET", `/api/admin/sync?since=${cursor}`, {
      cookie: admin.cookie,
    });
    expect(syncResponseSchema.parse(await delta.json()).lengthDiscounts).toEqual([]);

    const db = new CarRentalDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(LENGTH_DISCOUNTS_VERSION);
    expect(await db.syncState.get("admin")).toEqual({
      key: "admin",
      cursor: null,
      lastSyncAt: "2026-11-26T01:00:00.000Z",
      auth: "ok",
    });
    expect(await db.ratePeriods.get(HOLY_WEEK_ID)).toEqual(holyWeek);
    expect(await db.outbox.get(ENTRY_ID)).toEqual(entry);
    expect(await db.lengthDiscounts.count()).toBe(0);

    const result = await syncAdmin({
      db,
      api: new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie }),
    });
    expect(result?.reset).toBe(true);
    expect(await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID)).toMatchObject({
      lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS,
      deletedAt: null,
    });
    // The waiting change's optimistic period stays through the full pull.
    expect(await db.ratePeriods.get(HOLY_WEEK_ID)).toEqual(holyWeek);
    db.close();
  });
});
