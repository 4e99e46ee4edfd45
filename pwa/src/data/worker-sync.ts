/**
 * The outbox from the service worker's side (Background Sync). Imports
 * neither React nor Mantine nor the DOM: `src/sw.ts` compiles against the
 * WebWorker library.
 */
import { createOutboxEngine, type OutboxEngine } from "./outbox-engine";

let engine: OutboxEngine | null = null;

/**
 * Sends what the outbox holds, in order, sharing the Web Lock with the open
 * pages (when a page is already sending, this returns at once). Rejects when
 * entries are still waiting for the network, so the browser schedules the
 * sync again; resolves when nothing is left to send (refused entries and
 * those waiting for a sign-in stay for the admin to resolve).
 */
export async function drainOutboxFromWorker(): Promise<void> {
  engine ??= createOutboxEngine();
  const result = await engine.drain({ ignoreBackoff: true });
  if (result.ran && result.deferred > 0) {
    throw new Error(`${result.deferred} outbox entries are still waiting for the network`);
  }
}
