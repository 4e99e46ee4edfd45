/**
 * The toast viewport (@mantine/notifications' Notifications, with its
 * transitions and portal) is loaded with a page's first toast: most visits show
 * none, and a toast shown before the viewport mounts waits in the notifications
 * store until it does. A visitor using a form may get a toast as its answer, so
 * the viewport's code is fetched as soon as a form is used: on a first visit
 * (nothing stored offline yet) the answer may come after the connection dropped.
 */
import { useSyncExternalStore } from "react";

let requested = false;
const listeners = new Set<() => void>();
const importViewport = () => import("@mantine/notifications");
let loading: ReturnType<typeof importViewport> | undefined;

/** The viewport's module, fetched once. */
export function loadToastViewport(): ReturnType<typeof importViewport> {
  loading ??= importViewport();
  // A failed fetch (offline) is tried again on the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

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

/** Fetches the viewport's code when the visitor first touches or focuses something in a form; returns the cleanup. */
export function loadToastViewportOnFormUse(): () => void {
  const events = ["focusin", "pointerdown"] as const;
  const stop = () => events.forEach((type) => document.removeEventListener(type, onUse, true));
  function onUse(event: Event) {
    if (!(event.target instanceof Element) || event.target.closest("form") === null) return;
    stop();
    void loadToastViewport().catch(() => undefined);
  }
  events.forEach((type) => document.addEventListener(type, onUse, true));
  return stop;
}
