// @vitest-environment node
/**
 * Release 2 rules of the outbox against the real server (issue #24 and
 * §A5): one id per record (a creation whose answer was lost is listed once,
 * also when a pull brings the server's row first), retries that notice a
 * server that answers again, a page load that inherits no wait, entries
 * older than 60 days kept for review, and no in-place edit of an entry that
 * may have reached the server.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminTestServerForThisFile } from "./admin-test-server-support";
import { ApiClient, onServerAnswer, type FetchLike } from "./api-client";
import { syncAdmin } from "./admin-sync";
import { CarRentalDb } from "./db";
import { blockName } from "./mutations/blocklist/block-name";
import { addToOutbox, MAX_ENTRY_AGE_MS, newId, TOO_OLD_MESSAGE, type EnqueueInput } from "./outbox";
import { createOutboxEngine, type OutboxEngine } from "./outbox-engine";

const admin = adminTestServerForThisFile();

/** A fetch to the real server that can be cut off or lose answers after the server applied the request. */
function makeNetwork() {
  const network = {
    offline: false,
    loseAnswers: 0,
    sent: [] as { method: string; path: string; key: string | null }[],
    fetch: (async (input, init) => {
      if (network.offline) throw new TypeError("fetch failed");
      const headers = new Headers(init.headers);
      headers.set("Cookie", admin.cookie);
      network.sent.push({
        method: init.method ?? "GET",
        path: new URL(input).pathname,
        key: headers.get("Idempotency-Key"),
      });
      const response = await fetch(input, { ...init, headers });
      if (network.loseAnswers > 0 && (init.method ?? "GET") !== "GET") {
        network.loseAnswers -= 1;
        await response.body?.cancel();
        throw new TypeError("socket hang up");
      }
      return response;
    }) satisfies FetchLike,
  };
  return network;
}

let counter = 0;
let db: CarRentalDb;
let network: ReturnType<typeof makeNetwork>;
let client: ApiClient;
const engines: OutboxEngine[] = [];
const unsubscribes: (() => void)[] = [];

function newEngine(database: CarRentalDb): OutboxEngine {
  const engine = createOutboxEngine({ db: database, api: client, locks: null, random: () => 0.5 });
  engines.push(engine);
  return engine;
}

beforeEach(() => {
  counter += 1;
  db = new CarRentalDb(`outbox-notice-${counter}`);
  network = makeNetwork();
  client = new ApiClient({ baseUrl: admin.server.url, fetch: network.fetch });
});

afterEach(() => {
  for (const engine of engines.splice(0)) engine.stop();
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  db.close();
});

/** What admin-actions' blockName queues: the optimistic row and the POST, both under the browser's id. */
function blockEntry(fullName: string, id = newId()) {
  return {
    mutation: blockName,
    args: { fullName, reason: null, blockedBy: "admin", id },
  } satisfies EnqueueInput;
}

const serverRows = (fullName: string) => admin.server.db.knex("blocked_names").where({ full_name: fullName });

describe("one id per record", { timeout: 30_000 }, () => {
  it("a creation whose answer was lost, then pulled, is listed once and applied once", async () => {
    const engine = newEngine(db);
    network.loseAnswers = 1;
    const entry = await engine.enqueue(blockEntry("Lost Answer One"));
    await engine.drain();
    expect(await db.outbox.count()).toBe(1);
    expect(await serverRows("Lost Answer One")).toHaveLength(1);

    // The mirror pull brings the server's row before the retry: the same id, one row, still pending.
    await syncAdmin({ db, api: client });
    const listed = await db.blockedNames.filter((row) => row.fullName === "Lost Answer One").toArray();
    expect(listed).toHaveLength(1);
    expect(listed[0]?.id).toBe(entry.entityId);

    const result = await engine.drain({ ignoreBackoff: true });
    expect(result.delivered).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    const after = await db.blockedNames.filter((row) => row.fullName === "Lost Answer One").toArray();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: entry.entityId });
    expect(after[0]?._pending).toBeUndefined();
    const rows = await serverRows("Lost Answer One");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: entry.entityId });
    // The retry went with the same key (the server answered it as a replay).
    const posts = network.sent.filter((request) => request.method === "POST");
    expect(posts.map((request) => request.key)).toEqual([entry.id, entry.id]);
  });
});

describe("retries that notice", { timeout: 30_000 }, () => {
  it("any answer from the server sends a waiting entry at once and restarts its backoff", async () => {
    const engine = newEngine(db);
    unsubscribes.push(onServerAnswer(() => engine.serverAnswered()));
    network.offline = true;
    engine.start();
    await engine.enqueue(blockEntry("Noticed Again"));
    await engine.drain();
    const waiting = await db.outbox.toArray();
    expect(waiting[0]?.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(waiting[0]?.failStreak).toBeGreaterThan(0);
    // A long wait: only the server's answer can end it within the test.
    await db.outbox.toCollection().modify({ nextAttemptAt: Date.now() + 10 * 60_000, failStreak: 9 });

    // The server is back, the browser's online flag says nothing: any answer is the sign.
    network.offline = false;
    await client.call("health", {});
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    expect(await serverRows("Noticed Again")).toHaveLength(1);
  });

  it("a page load does not inherit the wait of an earlier page", async () => {
    const earlier = newEngine(db);
    network.offline = true;
    await earlier.enqueue(blockEntry("Fresh Page"));
    await earlier.drain();
    await db.outbox.toCollection().modify({ nextAttemptAt: Date.now() + 10 * 60_000, failStreak: 9 });
    earlier.stop();

    network.offline = false;
    const page = newEngine(db);
    page.start();
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    expect(await serverRows("Fresh Page")).toHaveLength(1);
  });
});

describe("§A5 in the outbox", { timeout: 30_000 }, () => {
  it("never sends an entry older than 60 days: it waits for review with its content, and goes when retried", async () => {
    const engine = newEngine(db);
    const old = new Date(Date.now() - MAX_ENTRY_AGE_MS - 60_000);
    const input = blockEntry("Too Old Name");
    const entry = await addToOutbox(db, input, old);
    const result = await engine.drain();
    expect(result.delivered).toBe(0);
    expect(network.sent.filter((request) => request.method === "POST")).toHaveLength(0);
    expect(await db.outbox.get(entry.id)).toMatchObject({
      state: "failed",
      lastError: TOO_OLD_MESSAGE,
      args: input.args,
      createdAt: old.toISOString(),
    });
    expect(await serverRows("Too Old Name")).toHaveLength(0);

    await engine.retry(entry.id);
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    expect(await serverRows("Too Old Name")).toHaveLength(1);
  });

  it("an entry whose answer was lost and that then aged past 60 days goes again under its own key: applied once", async () => {
    // One request per entry, so the network sees each entry's own key.
    const engine = createOutboxEngine({ db, api: client, locks: null, random: () => 0.5, batchSize: 1 });
    engines.push(engine);
    network.loseAnswers = 1;
    const entry = await engine.enqueue(blockEntry("Lost Then Old"));
    await expect.poll(async () => (await db.outbox.get(entry.id))?.attempts, { timeout: 5_000 }).toBe(1);
    await engine.drain();
    // The server applied it; the tablet never heard. Then it stays offline for two months.
    expect(await serverRows("Lost Then Old")).toHaveLength(1);
    const old = new Date(Date.now() - MAX_ENTRY_AGE_MS - 60_000).toISOString();
    await db.outbox.update(entry.id, { createdAt: old, nextAttemptAt: 0 });
    await engine.drain({ ignoreBackoff: true });
    expect(await db.outbox.get(entry.id)).toMatchObject({ state: "failed", lastError: TOO_OLD_MESSAGE });

    await engine.retry(entry.id);
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    expect(await serverRows("Lost Then Old")).toHaveLength(1);
    const keys = network.sent.filter((request) => request.method === "POST").map((request) => request.key);
    expect(keys).toEqual([entry.id, entry.id]);
  });

  it("editing an entry that aged in review after a lost answer sends the original first, under its own key", async () => {
    const engine = createOutboxEngine({ db, api: client, locks: null, random: () => 0.5, batchSize: 1 });
    engines.push(engine);
    network.loseAnswers = 1;
    const entry = await engine.enqueue(blockEntry("Aged Original"));
    await expect.poll(async () => (await db.outbox.get(entry.id))?.attempts, { timeout: 5_000 }).toBe(1);
    await engine.drain();
    const old = new Date(Date.now() - MAX_ENTRY_AGE_MS - 60_000).toISOString();
    await db.outbox.update(entry.id, { createdAt: old, nextAttemptAt: 0 });
    await engine.drain({ ignoreBackoff: true });
    expect((await db.outbox.get(entry.id))?.state).toBe("failed");

    const edited = await engine.edit(entry.id, { fullName: "Aged Edited", reason: null, blockedBy: "admin" });
    expect(edited?.id).not.toBe(entry.id);
    await expect.poll(() => db.outbox.count(), { timeout: 5_000 }).toBe(0);
    const keys = network.sent.filter((request) => request.method === "POST").map((request) => request.key);
    expect(keys).toEqual([entry.id, entry.id, edited?.id]);
    expect(await serverRows("Aged Original")).toHaveLength(1);
    expect(await serverRows("Aged Edited")).toHaveLength(1);
  });

  it("an entry that may have reached the server is not edited in place: the edit is a new entry", async () => {
    const engine = newEngine(db);
    network.offline = true;
    const sent = await engine.enqueue(blockEntry("Maybe Sent"));
    await engine.drain();
    expect((await db.outbox.get(sent.id))?.attempts).toBe(1);

    const edited = await engine.edit(sent.id, {
      fullName: "Maybe Sent Edited",
      reason: null,
      blockedBy: "admin",
    });
    const entries = await db.outbox.orderBy("seq").toArray();
    expect(entries.map((entry) => entry.id)).toEqual([sent.id, edited?.id]);
    expect(entries[0]).toMatchObject({ args: sent.args, attempts: 1 });
    expect(entries[1]).toMatchObject({ args: { fullName: "Maybe Sent Edited" }, attempts: 0 });
    expect(edited?.id).not.toBe(sent.id);

    // Never sent: edited in place, same place in line. (The drain the edit started ends first: it
    // may hold the claim of a waiting entry while its request fails.)
    await engine.drain();
    const fresh = await addToOutbox(db, blockEntry("Never Sent"));
    const replaced = await engine.edit(fresh.id, {
      fullName: "Never Sent Edited",
      reason: null,
      blockedBy: "admin",
    });
    const after = await db.outbox.orderBy("seq").toArray();
    expect(after.map((entry) => entry.id)).toEqual([sent.id, edited?.id, replaced?.id]);
    expect(replaced?.seq).toBe(fresh.seq);

    network.offline = false;
    await engine.drain({ ignoreBackoff: true });
    expect(await db.outbox.count()).toBe(0);
    expect(await serverRows("Maybe Sent")).toHaveLength(1);
    expect(await serverRows("Maybe Sent Edited")).toHaveLength(1);
    expect(await serverRows("Never Sent")).toHaveLength(0);
    expect(await serverRows("Never Sent Edited")).toHaveLength(1);
  });
});
