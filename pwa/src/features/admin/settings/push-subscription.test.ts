// @vitest-environment node
/**
 * A device's push subscription reaches the real server also when the
 * browser's push service answered only after the toggle gave up waiting, and
 * when Settings finds a subscription the server never heard of. The browser's
 * push service does not run here: the service worker registration and its
 * pushManager are stand-ins; the server and its database are real.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminTestServerForThisFile } from "../../../data/admin-test-server-support";
import { confirmWithServer, SUBSCRIBE_WAIT_MS, turnOnNotifications } from "./push-subscription";

const admin = adminTestServerForThisFile();

/** A subscription as the browser hands it out (the keys are the test vectors of RFC 8291). */
function subscription(endpoint: string): PushSubscription {
  const json = {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
      auth: "BTBZMqHH6r4Tts7J_aSIgg",
    },
  };
  return { endpoint, toJSON: () => json } as unknown as PushSubscription;
}

/** The browser's side: permission granted, a ready worker whose pushManager answers `subscribe` when told. */
function browserWithPush() {
  let answer: (value: PushSubscription) => void = () => undefined;
  const subscribing = new Promise<PushSubscription>((resolve) => {
    answer = resolve;
  });
  const pushManager = { getSubscription: () => Promise.resolve(null), subscribe: () => subscribing };
  const Notification = { requestPermission: () => Promise.resolve("granted") };
  vi.stubGlobal("Notification", Notification);
  vi.stubGlobal("window", { PushManager: class {}, Notification });
  vi.stubGlobal("navigator", { onLine: true, serviceWorker: { ready: Promise.resolve({ pushManager }) } });
  return { answer };
}

async function storedEndpoints(): Promise<string[]> {
  const rows = await admin.server.db.knex("push_subscriptions").select<{ endpoint: string }[]>("endpoint");
  return rows.map((row) => row.endpoint);
}

const realFetch = globalThis.fetch;

beforeEach(() => {
  // The app's own client, its requests carried to the real server with the admin's session.
  vi.stubGlobal("fetch", (input: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", admin.cookie);
    headers.set("Origin", admin.server.url);
    return realFetch(`${admin.server.url}${input}`, { ...init, headers });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the device's push subscription", () => {
  it("reaches the server when the push service answers after the toggle gave up", async () => {
    const endpoint = "https://push.example.test/late-answer";
    const browser = browserWithPush();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let lateSuccess = false;
    const turningOn = turnOnNotifications(() => {
      lateSuccess = true;
    });
    const outcome = expect(turningOn).rejects.toThrow(/push service/);
    // The key is fetched over the real network before subscribing: wait for the wait to start.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1), { timeout: 10_000 });
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_WAIT_MS);
    await outcome;
    vi.useRealTimers();
    expect(await storedEndpoints()).not.toContain(endpoint);
    expect(lateSuccess).toBe(false);

    browser.answer(subscription(endpoint));
    await vi.waitFor(async () => expect(await storedEndpoints()).toContain(endpoint), { timeout: 10_000 });
    // The toggle hears of it: notifications are on after all.
    await vi.waitFor(() => expect(lateSuccess).toBe(true));
  });

  it("is handed to the server again when Settings finds it, once per device", async () => {
    const endpoint = "https://push.example.test/never-heard-of";
    await confirmWithServer(subscription(endpoint));
    await confirmWithServer(subscription(endpoint));
    expect((await storedEndpoints()).filter((stored) => stored === endpoint)).toHaveLength(1);
  });

  it("says nothing when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(confirmWithServer(subscription("https://push.example.test/offline"))).resolves.toBe(
      undefined,
    );
  });
});
