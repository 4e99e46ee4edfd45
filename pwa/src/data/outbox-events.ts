/**
 * What happened to outbox entries, for features that show the spec's toast
 * once the server accepted (or refused) a queued change. Events reach
 * listeners in this page and, through a BroadcastChannel, in the other tabs
 * (so a change the service worker delivered is announced in the open page).
 *
 * No DOM or React imports: the service worker emits these too.
 */
import type { OutboxEntity } from "./db";

export type OutboxEventType = "delivered" | "failed" | "needs_auth";

export type OutboxEvent = {
  type: OutboxEventType;
  entryId: string;
  entity: OutboxEntity;
  entityId: string;
  /** The name of the change (`mutations/registry.ts`). */
  mutation: string;
  label: string;
  /** 'failed': the server's message. */
  error?: string;
  /** 'delivered': the server's JSON answer. */
  answer?: unknown;
};

export type OutboxListener = (event: OutboxEvent) => void;

const CHANNEL_NAME = "car-rental-outbox";
const listeners = new Set<OutboxListener>();
let channel: BroadcastChannel | null | undefined;

function isOutboxEvent(value: unknown): value is OutboxEvent {
  if (typeof value !== "object" || value === null) return false;
  return (
    "type" in value &&
    (value.type === "delivered" || value.type === "failed" || value.type === "needs_auth") &&
    "entryId" in value &&
    typeof value.entryId === "string" &&
    "entity" in value &&
    typeof value.entity === "string" &&
    "label" in value &&
    typeof value.label === "string"
  );
}

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === "undefined") {
    channel = null;
    return channel;
  }
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.addEventListener("message", (message: MessageEvent<unknown>) => {
    if (isOutboxEvent(message.data)) notify(message.data);
  });
  return channel;
}

function notify(event: OutboxEvent) {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("Outbox listener failed", error);
    }
  }
}

/** Announces an event here and in the other tabs and the worker. */
export function emitOutboxEvent(event: OutboxEvent): void {
  notify(event);
  try {
    getChannel()?.postMessage(event);
  } catch {
    // An answer that cannot be cloned is not worth failing the delivery for.
    getChannel()?.postMessage({ ...event, answer: undefined });
  }
}

/** Listens to outbox events; returns the function that stops listening. */
export function onOutboxEvent(listener: OutboxListener): () => void {
  getChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Closes the cross-tab channel (tests; a worker about to stop). */
export function closeOutboxEvents(): void {
  channel?.close();
  channel = undefined;
  listeners.clear();
}
