/**
 * The page's sync engine: the one outbox engine of this tab, started by
 * `startSyncEngine()` and woken on start, when the browser comes back online,
 * when the tab becomes visible, every 30 s, when the service worker posts
 * `{type: 'outbox-sync'}`, and whenever any request of the page gets an
 * answer from the server (issue #24: a server that is back is noticed at
 * once, not after the backoff). Features queue changes with `enqueue()`.
 */
import { liveQuery } from "dexie";
import { setOutboxHint } from "../lib/outbox-hint";
import { readAdminSyncState, syncAdmin } from "./admin-sync";
import { onServerAnswer } from "./api-client";
import { db } from "./db";
import type { OutboxEntry } from "./db";
import type { MutationArgs } from "./mutations/mutation";
import type { EnqueueInput } from "./outbox";
import { createOutboxEngine } from "./outbox-engine";
import { isMessageOfType, OUTBOX_SYNC_MESSAGE_TYPE, OUTBOX_SYNC_TAG } from "../lib/pwa/sw-messages";

type SyncManagerLike = { register(tag: string): Promise<void> };

function syncManagerOf(registration: ServiceWorkerRegistration): SyncManagerLike | null {
  if (!("sync" in registration)) return null;
  const sync: unknown = registration.sync;
  if (typeof sync !== "object" || sync === null || !("register" in sync)) return null;
  const register = sync.register;
  if (typeof register !== "function") return null;
  return {
    register: async (tag) => {
      await Reflect.apply(register, sync, [tag]);
    },
  };
}

/**
 * Asks the service worker to drain the outbox when the connection returns,
 * even if this tab is closed by then (Background Sync, where the browser has it).
 */
export async function registerBackgroundSync(): Promise<boolean> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const manager = registration ? syncManagerOf(registration) : null;
    if (!manager) return false;
    await manager.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission refused or no active worker: the open page still drains.
    return false;
  }
}

/** The outbox engine of this page. */
export const syncEngine = createOutboxEngine({
  db,
  onQueued: () => {
    void registerBackgroundSync();
  },
  // A sync the worker ran while this page held the lock ended at once: ask again for what still waits.
  onStillWaiting: () => {
    void registerBackgroundSync();
  },
});

let persistRequested = false;

/**
 * Asks the browser once to keep this site's storage under pressure, so the
 * outbox and the offline mirror are not evicted. Harmless where unsupported.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistRequested) return false;
  persistRequested = true;
  if (typeof navigator === "undefined" || !("storage" in navigator)) return false;
  const storage = navigator.storage;
  if (typeof storage.persist !== "function") return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Pulls admin changes when this browser holds a mirror and the session was fine last time. */
async function refreshAdminMirrorIfHeld(): Promise<void> {
  const state = await readAdminSyncState(db);
  if (state.lastSyncAt === null || state.auth !== "ok") return;
  try {
    await syncAdmin({ db });
  } catch {
    // Offline or the server is down: the mirror stays readable as it is.
  }
}

let stopEngine: (() => void) | null = null;

/**
 * Starts the page's engine once (later calls do nothing) and returns the
 * function that stops it. Call from main.tsx, outside React.
 */
export function startSyncEngine(): () => void {
  if (stopEngine) return stopEngine;
  void requestPersistentStorage();

  const onOnline = () => {
    syncEngine.kick({ ignoreBackoff: true });
    void refreshAdminMirrorIfHeld();
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") syncEngine.kick({ ignoreBackoff: true });
  };
  const onWorkerMessage = (event: MessageEvent<unknown>) => {
    if (isMessageOfType(event.data, OUTBOX_SYNC_MESSAGE_TYPE)) syncEngine.kick({ ignoreBackoff: true });
  };

  const stopNoticing = onServerAnswer(() => syncEngine.serverAnswered());
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  worker?.addEventListener("message", onWorkerMessage);
  // Keeps the hint that lets a visitor's next first view skip loading the engine.
  const hint = liveQuery(() => db.outbox.count()).subscribe({ next: (count) => setOutboxHint(count > 0) });
  syncEngine.start();

  stopEngine = () => {
    hint.unsubscribe();
    stopNoticing();
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
    worker?.removeEventListener("message", onWorkerMessage);
    syncEngine.stop();
    stopEngine = null;
  };
  return stopEngine;
}

/** Queues a change (optimistic row + outbox entry in one transaction) and sends it when possible. */
export function enqueue<Args extends MutationArgs>(input: EnqueueInput<Args>): Promise<OutboxEntry> {
  startSyncEngine();
  setOutboxHint(true);
  return syncEngine.enqueue(input);
}

/** Sends a waiting or refused entry again now. */
export function retry(id: string): Promise<void> {
  return syncEngine.retry(id);
}

/** Drops an entry and reverts its optimistic change (by re-syncing). */
export function discard(id: string): Promise<void> {
  return syncEngine.discard(id);
}

/** Replaces the editable arguments of a waiting or refused entry. */
export function edit(id: string, changes: MutationArgs): Promise<OutboxEntry | null> {
  return syncEngine.edit(id, changes);
}

/** After the admin signed in again: paused entries go, and the mirror catches up. */
export async function resumeAfterSignIn(): Promise<void> {
  await syncEngine.resumeAfterSignIn();
  try {
    await syncAdmin({ db });
  } catch {
    // Offline: the next trigger syncs.
  }
}
