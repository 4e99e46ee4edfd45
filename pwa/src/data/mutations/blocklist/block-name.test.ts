// @vitest-environment node
/**
 * Release-2 §E3: the blockName mutation queues `{kind, value}`; an entry
 * queued by release 1 (`{fullName}`) still reaches the server as a name. Both
 * against the real server, through the outbox engine.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminTestServerForThisFile } from "../../admin-test-server-support";
import { ApiClient } from "../../api-client";
import { CarRentalDb } from "../../db";
import { newId } from "../../outbox";
import { createOutboxEngine, type OutboxEngine } from "../../outbox-engine";
import { blockName } from "./block-name";

const admin = adminTestServerForThisFile();
let db: CarRentalDb;
let engine: OutboxEngine;
let counter = 0;

beforeEach(() => {
  counter += 1;
  db = new CarRentalDb(`block-name-${counter}`);
  const api = new ApiClient({ baseUrl: admin.server.url, fetch: admin.fetchWithCookie });
  engine = createOutboxEngine({ db, api, locks: null, random: () => 0.5 });
});

afterEach(() => {
  engine.stop();
  db.close();
});

const serverRow = (id: string) =>
  admin.server.db
    .knex("blocked_names")
    .where({ id })
    .first<{ kind: string; value: string; match_key: string }>();

describe("blockName", { timeout: 30_000 }, () => {
  it("queues a kind and its value: the optimistic card shows them, the server stores them normalised", async () => {
    const id = newId();
    const entry = await engine.enqueue({
      mutation: blockName,
      args: { kind: "phone", value: "0917 555 0142", reason: "Fake bookings", blockedBy: "admin", id },
    });
    expect(entry.label).toBe("Block phone 0917 555 0142");
    expect(await db.blockedNames.get(id)).toMatchObject({
      kind: "phone",
      value: "+639175550142",
      fullName: "+639175550142",
      _pending: true,
    });

    expect((await engine.drain()).delivered).toBe(1);
    expect(await serverRow(id)).toMatchObject({
      kind: "phone",
      value: "+639175550142",
      match_key: "+639175550142",
    });
    expect(await db.blockedNames.get(id)).toMatchObject({ kind: "phone", value: "+639175550142" });
    expect((await db.blockedNames.get(id))?._pending).toBeUndefined();
  });

  it("still sends an entry queued by release 1 ({fullName}) as a name", async () => {
    const id = newId();
    const entry = await engine.enqueue({
      mutation: blockName,
      args: { fullName: "Old Queue Entry", reason: null, blockedBy: "admin", id },
    });
    expect(entry.label).toBe("Block name Old Queue Entry");
    expect((await engine.drain()).delivered).toBe(1);
    expect(await serverRow(id)).toMatchObject({
      kind: "name",
      value: "Old Queue Entry",
      match_key: "old queue entry",
    });
  });

  it("refuses a value that is not a phone number before queueing", async () => {
    await expect(
      engine.enqueue({
        mutation: blockName,
        args: { kind: "phone", value: "12", reason: null, blockedBy: "admin", id: newId() },
      }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });
});
