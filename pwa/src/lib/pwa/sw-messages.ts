/**
 * Names shared by the page and the service worker (src/sw.ts). Plain values,
 * no DOM or worker types, so both TypeScript projects include this file.
 */

/** Background Sync tag the outbox registers (decisions.md, "Offline-first"). */
export const OUTBOX_SYNC_TAG = "outbox";

/** Posted by the service worker to every open window when the outbox should be sent. */
export const OUTBOX_SYNC_MESSAGE_TYPE = "outbox-sync";
export type OutboxSyncMessage = { type: typeof OUTBOX_SYNC_MESSAGE_TYPE };

/** Sent by workbox-window's messageSkipWaiting() when the user accepts an update. */
export const SKIP_WAITING_MESSAGE_TYPE = "SKIP_WAITING";

export function isMessageOfType(data: unknown, type: string): boolean {
  return typeof data === "object" && data !== null && "type" in data && data.type === type;
}
