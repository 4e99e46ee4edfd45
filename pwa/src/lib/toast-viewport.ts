/**
 * Whether a toast has been asked for yet. The toast viewport (@mantine/notifications'
 * Notifications, with its transitions and portal) is loaded only then: most
 * visits show no toast, and a toast shown before the viewport mounts waits in
 * the notifications store until it does.
 */
import { useSyncExternalStore } from "react";

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toast viewport (once); called by lib/toast.ts with each toast. */
export function requestToastViewport(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been shown on this page (false in the prerendered HTML). */
export function useToastViewportRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
